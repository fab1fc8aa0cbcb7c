import { PORTFOLIO } from '../data/portfolio';
import css from './skill-cards.module.css';

/** The nine skill cards of /myportfolio2 (SPEC §2). */
export function SkillCards() {
  return (
    <ul aria-label="Skills" className={css.list}>
      {PORTFOLIO.skills.map((s) => (
        <li key={s.name} data-testid="skill-card" className={css.card}>
          <div className={css.head}>
            <h3 className={css.name}>{s.name}</h3>
            <span className={s.level === 'Advanced' ? `${css.level} ${css.advanced}` : css.level}>{s.level}</span>
          </div>
          <p className={css.summary}>{s.summary}</p>
        </li>
      ))}
    </ul>
  );
}
