import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { usePageTitle } from '../../lib/use-page-title';

/**
 * Payment (SPEC §2). Card payment is its own issue; until it lands the Pay button leads here and
 * says so plainly instead of showing an empty page.
 */
export default function PaymentPage() {
  usePageTitle('Payment');
  return (
    <Box sx={{ maxWidth: 640 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        Payment
      </Typography>
      <Alert severity="info" sx={{ mb: 3 }}>
        Online card payment is not available yet. Your booking stays reserved until you pay for it or cancel it.
      </Alert>
      <Button component={RouterLink} to="/dashboard/myorder" variant="contained">
        Back to My Orders
      </Button>
    </Box>
  );
}
