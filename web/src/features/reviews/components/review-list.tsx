import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { Review } from '@fridgeparts/common/review';
import { useReviews } from '../api/use-reviews';
import { RatingStars } from './rating-stars';

const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

function ReviewItem({ review }: { review: Review }) {
  const created = new Date(review.createdAt);
  return (
    <Box component="li" sx={{ display: 'flex', gap: 2, p: 2, border: 1, borderColor: 'divider', borderRadius: 2, bgcolor: 'background.paper' }}>
      <img src={review.image} alt="" width={56} height={56} loading="lazy" decoding="async" style={{ width: 56, height: 56, borderRadius: '50%', flexShrink: 0, objectFit: 'cover', background: '#eef4f8' }} />
      <Box sx={{ minWidth: 0 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1.5 }}>
          <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
            {review.userName || 'Customer'}
          </Typography>
          <RatingStars value={review.review} />
          {created.getTime() > 0 && (
            <Typography component="time" dateTime={review.createdAt} variant="body2" color="text.secondary">
              {dateFormat.format(created)}
            </Typography>
          )}
        </Box>
        <Typography variant="body2" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
          {review.description}
        </Typography>
      </Box>
    </Box>
  );
}

/** Every customer review, newest first (SPEC §1), each rating shown as stars. */
export function ReviewList() {
  const { data, error, loading, refresh } = useReviews();
  if (error && !data) {
    return (
      <Alert severity="error" action={<Button onClick={refresh}>Try again</Button>}>
        The reviews could not be loaded. {error.message}
      </Alert>
    );
  }
  if (loading && !data) {
    return (
      <Box aria-busy="true" aria-label="Loading reviews" sx={{ display: 'grid', gap: 2 }}>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} variant="rounded" height={96} />
        ))}
      </Box>
    );
  }
  if (!data || data.length === 0) return <Typography color="text.secondary">No reviews yet. Customers can add one from their dashboard.</Typography>;
  return (
    <Box component="ul" aria-label="Customer reviews" data-testid="review-list" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2 }}>
      {data.map((r) => (
        <ReviewItem key={r._id} review={r} />
      ))}
    </Box>
  );
}
