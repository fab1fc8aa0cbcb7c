import { Link as RouterLink } from 'react-router-dom';
import { useResolvedNumbers } from '../../../lib/domain/use-resolved-numbers';
import { paths } from '../../../lib/infra/paths';
import css from './tool-catalog.module.css';

/** A search that reads as a part number: it has a digit, and no space inside. */
export const looksLikeNumber = (q: string): boolean => /\d/.test(q) && !/\s/.test(q.trim());

/**
 * When a number found nothing (CONTRACT §11): the parts with the nearest numbers, nearest first,
 * from GET /parts/resolve's suggestions, each a link to its page. Nothing while they load or when
 * there are none.
 */
export function NearestNumbers({ number }: { number: string }) {
  const check = useResolvedNumbers([number]).get(number);
  if (check?.state !== 'unknown' || check.suggestions.length === 0) return null;
  return (
    <div className={css.nearest} data-testid="nearest-numbers">
      <p className={css.nearestTitle}>Parts with the nearest numbers:</p>
      <ul>
        {check.suggestions.map((s) => (
          <li key={s._id}>
            <RouterLink to={paths.tool(s._id)}>
              <span className={css.mono}>{s.partNumber}</span> {s.name}
            </RouterLink>
          </li>
        ))}
      </ul>
    </div>
  );
}
