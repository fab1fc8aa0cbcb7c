import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { ReviewForm } from '../../features/reviews/components/review-form';
import { usePageTitle } from '../../lib/use-page-title';

export default function AddReviewPage() {
  usePageTitle('Give Review');
  return (
    <Box>
      <Typography variant="h4" component="h1" gutterBottom>
        Give Review
      </Typography>
      <ReviewForm />
    </Box>
  );
}
