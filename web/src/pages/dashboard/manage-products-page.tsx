import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { ProductsTable } from '../../features/admin/components/products-table';
import { usePageTitle } from '../../lib/use-page-title';

export default function ManageProductsPage() {
  usePageTitle('Manage All Products');
  return (
    <Box>
      <Typography variant="h4" component="h1" gutterBottom>
        Manage All Products
      </Typography>
      <ProductsTable />
    </Box>
  );
}
