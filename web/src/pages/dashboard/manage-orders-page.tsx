import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { AllOrdersTable } from '../../features/orders/components/all-orders-table';
import { usePageTitle } from '../../lib/use-page-title';

export default function ManageOrdersPage() {
  usePageTitle('Manage All Orders');
  return (
    <Box>
      <Typography variant="h4" component="h1" gutterBottom>
        Manage All Orders
      </Typography>
      <AllOrdersTable />
    </Box>
  );
}
