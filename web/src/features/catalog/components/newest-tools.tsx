import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { HOME_TOOL_COUNT } from '@fridgeparts/common/constants';
import { ErrorRetry } from '../../../components/error-retry';
import { paths } from '../../../lib/infra/paths';
import { useContractPrices } from '../../../lib/domain/use-contract-prices';
import { buttonClass } from '../../../components/button';
import ui from '../../../components/ui.module.css';
import { useNewestTools } from '../api/use-tools';
import { ToolCard } from './tool-card';

/** Home page: the six newest tools. */
export function NewestTools() {
  const { data, error, loading, retry } = useNewestTools(HOME_TOOL_COUNT);
  // A member sees their contract prices here too (decision 0062); nobody else asks anything.
  const contracts = useContractPrices(useMemo(() => (data ?? []).map((t) => t._id), [data])).byTool;
  return (
    <section aria-labelledby="newest-tools-heading" className={ui.section}>
      <div className={ui.sectionHead}>
        <h2 id="newest-tools-heading" className={ui.sectionTitle}>
          Newest tools and parts
        </h2>
        <Link to={paths.catalog} className={buttonClass({ variant: 'outlined' })}>
          View all parts
        </Link>
      </div>
      {error && !data ? (
        <ErrorRetry message={`The tools could not be loaded. ${error.message}`} onRetry={retry} />
      ) : loading && !data ? (
        <div className={ui.grid3} role="progressbar" aria-busy="true" aria-label="Loading tools">
          {Array.from({ length: HOME_TOOL_COUNT }, (_, i) => (
            <div key={i} className={ui.skeleton} style={{ height: 520 }} />
          ))}
        </div>
      ) : data && data.length === 0 ? (
        <p className={ui.muted}>No tools are listed yet. Please check back soon.</p>
      ) : (
        <div className={ui.grid3}>
          {data?.map((tool, i) => (
            <ToolCard key={tool._id} tool={tool} eager={i < 3} contract={contracts.get(tool._id)} />
          ))}
        </div>
      )}
    </section>
  );
}
