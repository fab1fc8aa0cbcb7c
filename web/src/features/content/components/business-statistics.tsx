import { STATISTICS } from '@fridgeparts/common/constants';
import ui from '../../../components/ui.module.css';
import css from './home-sections.module.css';

/** Business statistics (SPEC §1): 100+ customers, 120M+ annual revenue, 33k+ reviews, 60+ tools. */
export function BusinessStatistics() {
  return (
    <section aria-labelledby="stats-heading" className={`${ui.section} ${ui.deferred}`}>
      <h2 id="stats-heading" className={`${ui.sectionTitle} ${css.center}`}>
        Trusted by businesses worldwide
      </h2>
      <dl className={css.stats}>
        {STATISTICS.map((s) => (
          <div key={s.label} data-testid="statistic" className={css.stat}>
            <dt>{s.label}</dt>
            <dd>{s.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
