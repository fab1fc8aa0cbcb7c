import Typography from '@mui/material/Typography';
import { usePageTitle } from '../../lib/use-page-title';

/** Placeholder: filled by its issue. */
export default function Page() {
  usePageTitle('My Profile');
  return (
    <Typography variant="h4" component="h1" sx={{ p: 3 }}>
      My Profile
    </Typography>
  );
}
