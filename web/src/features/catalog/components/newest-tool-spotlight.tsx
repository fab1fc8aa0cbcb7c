import { HOME_TOOL_COUNT } from '@fridgeparts/common/constants';
import ui from '../../../components/ui.module.css';
import { useContractPrices } from '../../../lib/domain/use-contract-prices';
import { useNewestTools } from '../api/use-tools';
import { ToolCard } from './tool-card';

const NONE: string[] = [];

/** The newest tool, shown beside the reviews (SPEC §7: the review section uses the newest 1 tool). */
export function NewestToolSpotlight() {
  // The same read as the newest-tools section (one request for both): its first tool.
  const { data, loading } = useNewestTools(HOME_TOOL_COUNT);
  const tool = data?.[0];
  // The same overlay as the grid above it (decision 0062): a member sees one price for the tool.
  const contract = useContractPrices(tool ? [tool._id] : NONE).byTool.get(tool?._id ?? '');
  if (loading && !data) return <div className={ui.skeleton} style={{ height: 520 }} role="progressbar" aria-label="Loading the newest tool" />;
  if (!tool) return null;
  return (
    <div data-testid="newest-tool-spotlight">
      <p
        style={{ margin: '0 0 4px', color: 'var(--fp-orange-dark)', fontWeight: 700, fontSize: '0.75rem', letterSpacing: '0.08em', textTransform: 'uppercase' }}
      >
        New in the catalogue
      </p>
      <ToolCard tool={tool} contract={contract} />
    </div>
  );
}
