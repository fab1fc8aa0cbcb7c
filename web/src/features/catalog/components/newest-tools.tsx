import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { HOME_TOOL_COUNT } from '@fridgeparts/common/constants';
import { useNewestTools } from '../api/use-tools';
import { ToolCard } from './tool-card';

const grid = { display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' } } as const;

/** Home page: the six newest tools. */
export function NewestTools() {
  const { data, error, loading, refresh } = useNewestTools(HOME_TOOL_COUNT);
  return (
    <Box component="section" aria-labelledby="newest-tools-heading" sx={{ py: 6 }}>
      <Typography id="newest-tools-heading" variant="h4" component="h2" gutterBottom>
        Newest tools and parts
      </Typography>
      {error && !data ? (
        <Alert severity="error" action={<Button onClick={refresh}>Try again</Button>}>
          The tools could not be loaded. {error.message}
        </Alert>
      ) : loading && !data ? (
        <Box sx={grid} aria-busy="true" aria-label="Loading tools">
          {Array.from({ length: HOME_TOOL_COUNT }, (_, i) => (
            <Skeleton key={i} variant="rounded" sx={{ height: 520 }} />
          ))}
        </Box>
      ) : data && data.length === 0 ? (
        <Typography color="text.secondary">No tools are listed yet. Please check back soon.</Typography>
      ) : (
        <Box sx={grid}>
          {data?.map((tool, i) => <ToolCard key={tool._id} tool={tool} eager={i < 3} />)}
        </Box>
      )}
    </Box>
  );
}
