import Typography from '@mui/material/Typography';
import { usePageTitle } from '../lib/use-page-title';

/** Placeholder until the legal texts land (see the helper's task). */
export default function LegalPage() {
  usePageTitle('Legal');
  return (
    <Typography variant="h4" component="h1" sx={{ p: 3 }}>
      Legal
    </Typography>
  );
}
