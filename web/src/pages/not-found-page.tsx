import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { usePageTitle } from '../lib/use-page-title';

/**
 * Fallback route: a full-width image (SPEC §2). The image's "404" alone does not tell a buyer who
 * followed an old link what to do, so a visible heading and the two ways on sit under it.
 */
export default function NotFoundPage() {
  usePageTitle('Page not found');
  return (
    <Box sx={{ textAlign: 'center', pb: 6 }}>
      <img src="/images/not-found.svg" alt="Page not found: an open, empty refrigerator" width={1600} height={700} style={{ width: '100%', height: 'auto', aspectRatio: '16 / 7', display: 'block' }} />
      <Box sx={{ px: 2, pt: 4 }}>
        <Typography variant="h4" component="h1" gutterBottom>
          Page not found
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3, maxWidth: '60ch', mx: 'auto' }}>
          This page does not exist. The link may be old or mistyped.
        </Typography>
        <Box sx={{ display: 'flex', gap: 2, justifyContent: 'center', flexWrap: 'wrap' }}>
          <Button component={RouterLink} to="/" variant="contained">
            Back to the shop
          </Button>
          <Button component={RouterLink} to="/purchaseorder" variant="outlined">
            Browse all tools
          </Button>
        </Box>
      </Box>
    </Box>
  );
}
