import { visuallyHidden } from '../../../components/visually-hidden';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ToolSort } from '@fridgeparts/common/tool';
import { useToolCatalog } from '../api/use-tool-catalog';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import { ToolCard } from './tool-card';

const SORTS: { value: ToolSort; label: string }[] = [
  { value: 'newest', label: 'Newest first' },
  { value: 'oldest', label: 'Oldest first' },
  { value: 'price-asc', label: 'Price: low to high' },
  { value: 'price-desc', label: 'Price: high to low' },
];

const grid = { display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' } } as const;

// Type-only import of common/tool: its schemas (and zod) stay out of the catalogue's first load.
const isSort = (v: string | null): v is ToolSort => SORTS.some((s) => s.value === v);

/**
 * The whole catalogue: search by part number, name or description, sort, and server-side pages
 * loaded with "Load more". Search and sort live in the URL (?q=&sort=), so a search can be
 * bookmarked, shared and reached again with Back.
 */
export function ToolCatalog() {
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState(() => params.get('q') ?? '');
  const sortParam = params.get('sort');
  const sort: ToolSort = isSort(sortParam) ? sortParam : 'newest';
  const q = useDebouncedValue(search.trim(), 300);
  const urlQ = params.get('q') ?? '';
  // The typed search reaches the URL once it settles (replace: typing is not history).
  useEffect(() => {
    if (q === urlQ) return;
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (q) next.set('q', q);
        else next.delete('q');
        return next;
      },
      { replace: true },
    );
  }, [q, urlQ, setParams]);
  // Back/forward to another search shows it in the field.
  useEffect(() => setSearch((current) => (current.trim() === urlQ ? current : urlQ)), [urlQ]);
  const setSort = (value: ToolSort) =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      if (value === 'newest') next.delete('sort');
      else next.set('sort', value);
      return next;
    });
  const { tools, loading, loadingMore, error, hasMore, loadMore, retry } = useToolCatalog(q, sort);

  return (
    <Box>
      <Box component="form" role="search" onSubmit={(e) => e.preventDefault()} sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 3 }}>
        <TextField
          label="Search by part number, name or description"
          type="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 60 } }}
          sx={{ flex: '1 1 260px' }}
        />
        <TextField select label="Sort by" value={sort} onChange={(e) => setSort(e.target.value as ToolSort)} sx={{ flex: { xs: '1 1 100%', sm: '0 1 220px' } }}>
          {SORTS.map((s) => (
            <MenuItem key={s.value} value={s.value}>
              {s.label}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <Box aria-live="polite" sx={visuallyHidden}>
        {loading ? 'Loading tools' : `${tools.length} tools shown${hasMore ? ', more available' : ''}`}
      </Box>
      {error && tools.length === 0 ? (
        <Alert severity="error" action={<Button onClick={retry}>Try again</Button>}>
          The tools could not be loaded. {error.message}
        </Alert>
      ) : loading ? (
        <Box sx={grid} aria-busy="true" aria-label="Loading tools">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} variant="rounded" sx={{ height: 520 }} />
          ))}
        </Box>
      ) : tools.length === 0 ? (
        <Box sx={{ py: 4, display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
          <Typography color="text.secondary" data-testid="catalog-empty">
            {q ? `No tools match "${q}". Try another part number or name, or clear the search.` : 'No tools are listed yet. Please check back soon.'}
          </Typography>
          {q && (
            <Button variant="outlined" onClick={() => setSearch('')}>
              Clear search
            </Button>
          )}
        </Box>
      ) : (
        <>
          <Box sx={grid} data-testid="catalog-grid">
            {tools.map((tool, i) => (
              <ToolCard key={tool._id} tool={tool} eager={i < 3} />
            ))}
          </Box>
          {error && (
            <Alert severity="error" sx={{ mt: 3 }} action={<Button onClick={retry}>Try again</Button>}>
              More tools could not be loaded. {error.message}
            </Alert>
          )}
          {hasMore && !error && (
            <Box sx={{ display: 'flex', justifyContent: 'center', mt: 4 }}>
              <Button variant="outlined" size="large" onClick={loadMore} disabled={loadingMore}>
                {loadingMore ? 'Loading…' : 'Load more'}
              </Button>
            </Box>
          )}
        </>
      )}
    </Box>
  );
}
