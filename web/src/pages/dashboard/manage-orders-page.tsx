import { useState } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { OrderFilterParams } from '@fridgeparts/common/api-paths';
import { AllOrdersTable } from '../../features/orders/components/all-orders-table';
import { OrderFilters } from '../../features/orders/components/order-filters';
import { usePageTitle } from '../../lib/use-page-title';

export default function ManageOrdersPage() {
  usePageTitle('Manage All Orders');
  const [filter, setFilter] = useState<OrderFilterParams>({});
  // An unfinished range (From after To) is not sent: the table keeps the last valid one.
  const [applied, setApplied] = useState<OrderFilterParams>({});
  const change = (next: OrderFilterParams) => {
    setFilter(next);
    if (!(next.from && next.to && next.from > next.to)) setApplied(next);
  };
  return (
    <Box>
      <Typography variant="h4" component="h1" gutterBottom>
        Manage All Orders
      </Typography>
      <OrderFilters value={filter} onChange={change} />
      <AllOrdersTable filter={applied} />
    </Box>
  );
}
