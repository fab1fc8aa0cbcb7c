import { visuallyHidden } from '../../../components/visually-hidden';
import { PORTFOLIO } from '../data/portfolio';
import css from './live-link-list.module.css';

/** The three live website links (SPEC §2), used by /blogs/livelink and /myportfolio2. */
export function LiveLinkList() {
  return (
    <ul aria-label="Live websites" className={css.list}>
      {PORTFOLIO.liveLinks.map((l) => (
        <li key={l.url} data-testid="live-link" className={css.item}>
          <h3 className={css.title}>
            <a href={l.url} target="_blank" rel="noopener noreferrer">
              {l.title}
              <span className={visuallyHidden}> (opens in a new tab)</span>
            </a>
          </h3>
          <p className={css.description}>{l.description}</p>
        </li>
      ))}
    </ul>
  );
}
