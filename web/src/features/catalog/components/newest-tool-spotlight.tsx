import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useNewestTools } from '../api/use-tools';
import { ToolCard } from './tool-card';

/** The newest tool, shown beside the reviews (SPEC §7: the review section uses the newest 1 tool). */
export function NewestToolSpotlight() {
  const { data, loading } = useNewestTools(1);
  const tool = data?.[0];
  if (loading && !data) return <Skeleton variant="rounded" height={520} aria-label="Loading the newest tool" />;
  if (!tool) return null;
  return (
    <div data-testid="newest-tool-spotlight">
      <Typography variant="overline" component="p" color="secondary.dark" sx={{ fontWeight: 700 }}>
        New in the catalogue
      </Typography>
      <ToolCard tool={tool} />
    </div>
  );
}
