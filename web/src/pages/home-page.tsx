import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { NewestTools } from '../features/catalog/components/newest-tools';
import { usePageTitle } from '../lib/use-page-title';

export default function HomePage() {
  usePageTitle('');
  return (
    <>
      <Box component="header" sx={{ position: 'relative', bgcolor: 'primary.main', color: 'common.white', overflow: 'hidden' }}>
        <img src="/images/banner.svg" alt="" width={1600} height={600} fetchPriority="high" style={{ width: '100%', height: 'auto', aspectRatio: '8 / 3', display: 'block', opacity: 0.35, position: 'absolute', inset: 0 }} />
        <Container sx={{ position: 'relative', py: { xs: 6, md: 10 } }}>
          <Typography variant="h3" component="h1" sx={{ fontWeight: 800, maxWidth: 720, fontSize: { xs: '2rem', md: '3rem' } }}>
            Refrigerator parts and service tools, straight from the manufacturer
          </Typography>
          <Typography variant="h6" component="p" sx={{ mt: 2, maxWidth: 640, fontWeight: 400 }}>
            Compressors, gaskets, thermostats, gauges and more for repair shops and HVAC contractors, at wholesale prices.
          </Typography>
        </Container>
      </Box>
      <Container>
        <NewestTools />
      </Container>
    </>
  );
}
