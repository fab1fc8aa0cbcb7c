import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router-dom';
import { usePageTitle } from '../lib/use-page-title';

/** Fallback route: a full-width image (SPEC §2). */
export default function NotFoundPage() {
  usePageTitle('Page not found');
  return (
    <Box sx={{ textAlign: 'center', pb: 6 }}>
      <h1 style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>Page not found</h1>
      <img src="/images/not-found.svg" alt="Page not found: an open, empty refrigerator" width={1600} height={700} style={{ width: '100%', height: 'auto', aspectRatio: '16 / 7', display: 'block' }} />
      <Button component={RouterLink} to="/" variant="contained" sx={{ mt: 3 }}>
        Back to the shop
      </Button>
    </Box>
  );
}
