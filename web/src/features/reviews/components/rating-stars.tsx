import { RATING_MAX } from '@fridgeparts/common/constants';
import css from './review-list.module.css';

const STAR = 'M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z';

/**
 * A rating as stars. Inline SVG: the home page stays light, and one
 * accessible name ("Rated 4 out of 5") replaces five decorative shapes for screen readers.
 */
export function RatingStars({ value, size = 20 }: { value: number; size?: number }) {
  const rating = Math.max(0, Math.min(RATING_MAX, Math.round(value)));
  return (
    <span role="img" aria-label={`Rated ${rating} out of ${RATING_MAX}`} className={css.stars}>
      {Array.from({ length: RATING_MAX }, (_, i) => (
        <svg key={i} width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d={STAR} fill={i < rating ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round" />
        </svg>
      ))}
    </span>
  );
}
