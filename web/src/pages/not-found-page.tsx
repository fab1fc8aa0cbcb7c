import { Link } from 'react-router-dom';
import { buttonClass } from '../components/button';
import ui from '../components/ui.module.css';
import { paths } from '../lib/infra/paths';
import { usePageTitle } from '../lib/infra/use-page-title';
import css from './content-page.module.css';

/**
 * Fallback route: a full-width image (SPEC §2). The image's "404" alone does not tell a buyer who
 * followed an old link what to do, so a visible heading and the two ways on sit under it. Plain
 * markup and CSS: a wrong address should cost little to show.
 */
export default function NotFoundPage() {
  usePageTitle('Page not found');
  return (
    <div className={css.notFound}>
      <img className={css.notFoundImage} src="/images/not-found.svg" alt="Page not found: an open, empty refrigerator" width={1600} height={700} />
      <div className={css.notFoundText}>
        <h1 className={ui.pageTitle}>Page not found</h1>
        <p className={css.notFoundLead}>This page does not exist. The link may be old or mistyped.</p>
        <div className={css.actions}>
          <Link to={paths.home} className={buttonClass({ variant: 'contained' })}>
            Back to the shop
          </Link>
          <Link to={paths.catalog} className={buttonClass({ variant: 'outlined' })}>
            Browse all parts
          </Link>
        </div>
      </div>
    </div>
  );
}
