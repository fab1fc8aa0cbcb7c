import Typography from '@mui/material/Typography';
import { usePageTitle } from '../../lib/use-page-title';

/** Placeholder: filled by its issue. */
export default function Page() {
  usePageTitle('Add A Product');
  return (
    <Typography variant="h4" component="h1" sx={{ p: 3 }}>
      Add A Product
    </Typography>
  );
}
