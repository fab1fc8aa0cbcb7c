import ui from '../components/ui.module.css';
import { NewestToolSpotlight } from '../features/catalog/components/newest-tool-spotlight';
import { NewestTools } from '../features/catalog/components/newest-tools';
import { BusinessStatistics } from '../features/content/components/business-statistics';
import { CompanyProfile } from '../features/content/components/company-profile';
import { PromoVideo } from '../features/content/components/promo-video';
import { Promotions } from '../features/content/components/promotions';
import { ReviewList } from '../features/reviews/components/review-list';
import { usePageTitle } from '../lib/infra/use-page-title';
import css from './home-page.module.css';

/**
 * Home (SPEC §1), sections in the spec's order. It is prerendered and in the first chunk, so it is
 * plain markup with static CSS (no CSS-in-JS work while it hydrates); dialogs and the video load
 * on demand (docs/decisions/0008-home-page-speed.md).
 */
export default function HomePage() {
  usePageTitle('');
  return (
    <>
      <header className={css.hero}>
        <img className={css.banner} src="/images/banner.svg" alt="" width={1600} height={600} fetchPriority="high" />
        <div className={`${ui.container} ${css.heroText}`}>
          <h1 className={css.title}>Refrigerator parts and service tools, straight from the manufacturer</h1>
          <p className={css.lead}>Compressors, gaskets, thermostats, gauges and more for repair shops and HVAC contractors, at wholesale prices.</p>
        </div>
      </header>
      <div className={ui.container}>
        <Promotions />
        <NewestTools />
        <PromoVideo />
        <CompanyProfile />
        <BusinessStatistics />
        <section aria-labelledby="reviews-heading" className={`${ui.section} ${ui.deferred}`}>
          <h2 id="reviews-heading" className={ui.sectionTitle}>
            What our customers say
          </h2>
          <div className={css.reviews}>
            <NewestToolSpotlight />
            <ReviewList />
          </div>
        </section>
      </div>
    </>
  );
}
