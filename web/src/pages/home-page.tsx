import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { NewestToolSpotlight } from '../features/catalog/components/newest-tool-spotlight';
import { NewestTools } from '../features/catalog/components/newest-tools';
import { BusinessStatistics } from '../features/content/components/business-statistics';
import { CompanyProfile } from '../features/content/components/company-profile';
import { PromoVideo } from '../features/content/components/promo-video';
import { Promotions } from '../features/content/components/promotions';
import { ReviewList } from '../features/reviews/components/review-list';
import { usePageTitle } from '../lib/use-page-title';

/**
 * Home (SPEC §1), sections in the spec's order. It is in the first chunk, so everything below the
 * fold is plain layout and anything heavy (dialogs, the video) loads on demand.
 */
export default function HomePage() {
  usePageTitle('');
  return (
    <>
      <Box component="header" sx={{ position: 'relative', bgcolor: 'primary.main', color: 'common.white', overflow: 'hidden' }}>
        <img src="/images/banner.svg" alt="" width={1600} height={600} fetchPriority="high" style={{ width: '100%', height: 'auto', aspectRatio: '8 / 3', display: 'block', opacity: 0.35, position: 'absolute', inset: 0 }} />
        <Container sx={{ position: 'relative', pt: { xs: 6, md: 10 }, pb: { xs: 9, md: 15 } }}>
          <Typography variant="h3" component="h1" sx={{ fontWeight: 800, maxWidth: 720, fontSize: { xs: '2rem', md: '3rem' } }}>
            Refrigerator parts and service tools, straight from the manufacturer
          </Typography>
          <Typography variant="h6" component="p" sx={{ mt: 2, maxWidth: 640, fontWeight: 400 }}>
            Compressors, gaskets, thermostats, gauges and more for repair shops and HVAC contractors, at wholesale prices.
          </Typography>
        </Container>
      </Box>
      <Container>
        <Promotions />
        <NewestTools />
        <PromoVideo />
        <CompanyProfile />
        <BusinessStatistics />
        <Box component="section" aria-labelledby="reviews-heading" sx={{ py: 6 }}>
          <Typography id="reviews-heading" variant="h4" component="h2" gutterBottom>
            What our customers say
          </Typography>
          <Box sx={{ display: 'grid', gap: 4, gridTemplateColumns: { xs: '1fr', md: '1fr 2fr' }, alignItems: 'start' }}>
            <NewestToolSpotlight />
            <ReviewList />
          </Box>
        </Box>
      </Container>
    </>
  );
}
