import { useEffect, useRef, useState } from 'react';
import { isShopImageUrl } from '@fridgeparts/common/image-url';
import { DISPLAY_NAME_FALLBACK } from '@fridgeparts/common/constants';
import type { Review } from '@fridgeparts/common/review.answers';
import { ConfirmButton } from '../../../components/confirm-button';
import { ErrorRetry } from '../../../components/error-retry';
import ui from '../../../components/ui.module.css';
import { useAdmin } from '../../../lib/domain/use-admin';
import { useHideReview } from '../api/use-hide-review';
import { useReviews, type ReviewsState } from '../api/use-reviews';
import { RatingStars } from './rating-stars';
import css from './review-list.module.css';
import { dateFormat } from '../../../lib/domain/date-format';

const createdFormat = dateFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

/**
 * The reviewer's picture, or their initial in a circle when there is none or it fails to load
 * (issue 9: a broken link showed the browser's broken-image icon). An image that failed before
 * the prerendered page hydrated is caught on mount. A stored image the shop would refuse today
 * (CONTRACT §9: not https and not /images/, e.g. http: or javascript:) is never fetched: the
 * initial shows instead. No image is sent the shop's address (`referrerpolicy="no-referrer"`).
 */
function ReviewerImage({ src, name }: { src: string; name: string }) {
  const [broken, setBroken] = useState(!isShopImageUrl(src));
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
  return (
    <img
      ref={ref}
      className={css.avatar}
      src={src}
      alt=""
      width={56}
      height={56}
      loading="lazy"
      referrerPolicy="no-referrer"
      decoding="async"
      onError={() => setBroken(true)}
    />
  );
}

function ReviewItem({ review, onHide }: { review: Review; onHide: ((review: Review) => Promise<unknown>) | null }) {
  const created = new Date(review.createdAt);
  const name = review.userName || DISPLAY_NAME_FALLBACK;
  return (
    <li className={css.item}>
      <ReviewerImage src={review.image} name={name} />
      <div className={css.body}>
        <div className={css.meta}>
          <h3 className={css.name}>{name}</h3>
          <RatingStars value={review.review} />
          {review.verifiedBuyer && (
            <span className={css.verified} data-testid="verified-buyer">
              Verified buyer
            </span>
          )}
          {created.getTime() > 0 && (
            <time className={css.date} dateTime={review.createdAt}>
              {createdFormat.format(created)}
            </time>
          )}
        </div>
        <p className={css.text}>{review.description}</p>
      </div>
      {onHide && (
        <ConfirmButton
          size="small"
          className={css.hide}
          question={`Hide this review by ${review.userName || DISPLAY_NAME_FALLBACK}?`}
          details="It leaves the home page and the tool page at once. It is kept, with who hid it, for the record."
          confirmLabel="Hide"
          busyLabel="Hiding…"
          doneMessage="Review hidden."
          onConfirm={() => onHide(review)}
          aria-label={`Hide the review by ${name}`}
        >
          Hide
        </ConfirmButton>
      )}
    </li>
  );
}

/** Every customer review, newest first (SPEC §1), each rating shown as stars; or one tool's (CONTRACT §7). */
export function ReviewList({ toolId = null }: { toolId?: string | null }) {
  const { data, error, loading, retry } = useReviews(undefined, toolId);
  // CONTRACT §9: an admin hides a review where it shows; it leaves this list and the others.
  const { admin } = useAdmin();
  const hideReview = useHideReview();
  return <ReviewListBody data={data} error={error} loading={loading} retry={retry} toolId={toolId} onHide={admin ? (r) => hideReview(r._id) : null} />;
}

function ReviewListBody({
  data,
  error,
  loading,
  retry,
  toolId,
  onHide,
}: ReviewsState & { toolId: string | null; onHide: ((review: Review) => Promise<unknown>) | null }) {
  if (error && !data) {
    return <ErrorRetry message={`The reviews could not be loaded. ${error.message}`} onRetry={retry} />;
  }
  if (loading && !data) {
    return (
      <div role="progressbar" aria-busy="true" aria-label="Loading reviews" style={{ display: 'grid', gap: 16 }}>
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
        <ReviewItem key={r._id} review={r} onHide={onHide} />
      ))}
    </ul>
  );
}
