import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useParams } from 'react-router-dom';
import { PaymentCheckout } from '../../features/payment/components/payment-checkout';
import { usePageTitle } from '../../lib/use-page-title';

/** /dashboard/payment/{id} (SPEC §2): pay for one of the caller's bookings by card. */
export default function PaymentPage() {
  const { id } = useParams();
  usePageTitle('Payment');
  return (
    <Box sx={{ maxWidth: 600 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        Payment
      </Typography>
      <PaymentCheckout bookingId={id} />
    </Box>
  );
}
