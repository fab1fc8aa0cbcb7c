import ui from '../../components/ui.module.css';
import { LiveLinkList } from '../../features/content/components/live-link-list';
import { usePageTitle } from '../../lib/infra/use-page-title';

/** /blogs/livelink: three live website links (SPEC §2). */
export default function BlogLiveLinksPage() {
  usePageTitle('Live Links');
  return (
    <section aria-labelledby="live-links-heading">
      <h1 id="live-links-heading" className={ui.pageTitle}>
        Live Links
      </h1>
      <LiveLinkList />
    </section>
  );
}
