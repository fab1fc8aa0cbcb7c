import { useEffect, useRef, useState } from 'react';
import type { Review } from '@fridgeparts/common/review';
import { ErrorRetry } from '../../../components/error-retry';
import ui from '../../../components/ui.module.css';
import { useReviews } from '../api/use-reviews';
import { RatingStars } from './rating-stars';
import css from './review-list.module.css';

const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

/**
 * The reviewer's picture, or their initial in a circle when there is none or it fails to load
 * (issue 9: a broken link showed the browser's broken-image icon). An image that failed before
 * the prerendered page hydrated is caught on mount.
 */
function ReviewerImage({ src, name }: { src: string; name: string }) {
  const [broken, setBroken] = useState(!src);
  const ref = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const img = ref.current;
    if (img?.complete && img.naturalWidth === 0) setBroken(true);
  }, []);
  if (broken) {
    return (
      <span className={`${css.avatar} ${css.initial}`} aria-hidden="true">
        {name.trim().charAt(0).toUpperCase() || '?'}
      </span>
    );
  }
  return <img ref={ref} className={css.avatar} src={src} alt="" width={56} height={56} loading="lazy" decoding="async" onError={() => setBroken(true)} />;
}

function ReviewItem({ review }: { review: Review }) {
  const created = new Date(review.createdAt);
  return (
    <li className={css.item}>
      <ReviewerImage src={review.image} name={review.userName || 'Customer'} />
      <div className={css.body}>
        <div className={css.meta}>
          <h3 className={css.name}>{review.userName || 'Customer'}</h3>
          <RatingStars value={review.review} />
          {review.verifiedBuyer && (
            <span className={css.verified} data-testid="verified-buyer">
              Verified buyer
            </span>
          )}
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

/** Every customer review, newest first (SPEC §1), each rating shown as stars; or one tool's (CONTRACT §7). */
export function ReviewList({ toolId = null }: { toolId?: string | null }) {
  const { data, error, loading, retry } = useReviews(undefined, toolId);
  if (error && !data) {
    return (
      <ErrorRetry message={`The reviews could not be loaded. ${error.message}`} onRetry={retry} />
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
  if (!data || data.length === 0) {
    return <p className={ui.muted}>{toolId ? 'No reviews of this tool yet.' : 'No reviews yet. Customers can add one from their dashboard.'}</p>;
  }
  return (
    <ul aria-label="Customer reviews" data-testid="review-list" className={css.list}>
      {data.map((r) => (
        <ReviewItem key={r._id} review={r} />
      ))}
    </ul>
  );
}
