import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { AddProductForm } from '../../features/admin/components/add-product-form';
import { usePageTitle } from '../../lib/use-page-title';

export default function AddProductPage() {
  usePageTitle('Add A Product');
  return (
    <Box>
      <Typography variant="h4" component="h1" gutterBottom>
        Add A Product
      </Typography>
      <AddProductForm />
    </Box>
  );
}
