import { Link } from 'react-router-dom';
import { MODEL_PAGE_SIZE } from '@fridgeparts/common/models/model-basics';
import { ErrorRetry } from '../../../components/error-retry';
import { LoadMore } from '../../../components/table';
import ui from '../../../components/ui.module.css';
import { countOf } from '../../../lib/domain/plural';
import { paths } from '../../../lib/infra/paths';
import { useToolModels } from '../api/use-models';
import css from './tool-models.module.css';

/**
 * "Fits N models" on the tool page (CONTRACT §12): how many appliance models list the part (or a
 * number it replaces), and the list, a page at a time with Load more, each a link to the model's
 * drawing with the part's callout chosen. While the first page loads its lines are kept for it (the
 * count says how many), so the reviews below do not move.
 */
export function ToolModels({ toolId, count }: { toolId: string; count: number }) {
  const list = useToolModels(toolId, count > 0);
  if (count === 0) return null;
  return (
    <section aria-labelledby="tool-models-title" className={css.section} data-testid="tool-models">
      <h2 id="tool-models-title" className={css.title}>
        Fits {countOf(count, 'model')}
      </h2>
      {list.error ? (
        <ErrorRetry message={`The models could not be loaded. ${list.error.message}`} onRetry={list.retry} />
      ) : list.loading ? (
        <div
          className={`${ui.skeleton} ${css.skeleton}`}
          style={{ height: `calc(${Math.min(count, MODEL_PAGE_SIZE)} * 1.9em)` }}
          role="progressbar"
          aria-busy="true"
          aria-label="Loading the models"
        />
      ) : (
        <>
          <ul className={css.list} data-testid="tool-models-list">
            {list.models.map((m) => (
              <li key={`${m.modelKey}-${m.sectionId}-${m.ref}`}>
                <Link to={paths.applianceModel(m.modelKey, { section: m.sectionId, callout: m.ref })}>
                  {m.brand} <span className={css.mono}>{m.modelNumber}</span>
                </Link>
                <span className={css.where}>
                  {' '}
                  {m.sectionName}, callout {m.ref}
                </span>
              </li>
            ))}
          </ul>
          <LoadMore paging={list} />
        </>
      )}
    </section>
  );
}
