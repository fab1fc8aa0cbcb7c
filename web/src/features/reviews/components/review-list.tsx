import type { Review } from '@fridgeparts/common/review';
import ui from '../../../components/ui.module.css';
import { useReviews } from '../api/use-reviews';
import { RatingStars } from './rating-stars';
import css from './review-list.module.css';

const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

function ReviewItem({ review }: { review: Review }) {
  const created = new Date(review.createdAt);
  return (
    <li className={css.item}>
      <img className={css.avatar} src={review.image} alt="" width={56} height={56} loading="lazy" decoding="async" />
      <div className={css.body}>
        <div className={css.meta}>
          <h3 className={css.name}>{review.userName || 'Customer'}</h3>
          <RatingStars value={review.review} />
          {created.getTime() > 0 && (
            <time className={css.date} dateTime={review.createdAt}>
              {dateFormat.format(created)}
            </time>
          )}
        </div>
        <p className={css.text}>{review.description}</p>
      </div>
    </li>
  );
}

/** Every customer review, newest first (SPEC §1), each rating shown as stars. */
export function ReviewList() {
  const { data, error, loading, refresh } = useReviews();
  if (error && !data) {
    return (
      <div className={ui.alert} role="alert">
        <span>The reviews could not be loaded. {error.message}</span>
        <button type="button" className={`${ui.button} ${ui.outlined}`} onClick={refresh}>
          Try again
        </button>
      </div>
    );
  }
  if (loading && !data) {
    return (
      <div aria-busy="true" aria-label="Loading reviews" style={{ display: 'grid', gap: 16 }}>
        {[0, 1, 2].map((i) => (
          <div key={i} className={ui.skeleton} style={{ height: 96 }} />
        ))}
      </div>
    );
  }
  if (!data || data.length === 0) return <p className={ui.muted}>No reviews yet. Customers can add one from their dashboard.</p>;
  return (
    <ul aria-label="Customer reviews" data-testid="review-list" className={css.list}>
      {data.map((r) => (
        <ReviewItem key={r._id} review={r} />
      ))}
    </ul>
  );
}
