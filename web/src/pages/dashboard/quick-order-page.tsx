import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { QuickOrderForm } from '../../features/booking/components/quick-order-form';
import { usePageTitle } from '../../lib/use-page-title';

export default function QuickOrderPage() {
  usePageTitle('Quick order');
  return (
    <Box>
      <Typography variant="h4" component="h1" gutterBottom>
        Quick order
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3, maxWidth: 720 }}>
        Order by part number: paste lines from your purchase order or upload a CSV. Every line is checked before you book, and all of them are booked together.
      </Typography>
      <QuickOrderForm />
    </Box>
  );
}
