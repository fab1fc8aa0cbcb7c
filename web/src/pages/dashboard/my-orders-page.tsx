import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { ReorderButton } from '../../features/booking/components/reorder-button';
import { MyOrdersTable } from '../../features/orders/components/my-orders-table';
import { usePageTitle } from '../../lib/use-page-title';

export default function MyOrdersPage() {
  usePageTitle('My Booking Order');
  return (
    <Box>
      <Typography variant="h4" component="h1" gutterBottom>
        My Booking Order
      </Typography>
      <MyOrdersTable reorder={(booking) => <ReorderButton booking={booking} />} />
    </Box>
  );
}
