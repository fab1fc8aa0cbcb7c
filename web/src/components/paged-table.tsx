import { Fragment, useId, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useOverflowsX, type PagedTableState } from './plain-paged-table';
import { visuallyHidden } from './visually-hidden';

// The plain pieces are shared with the customer's plain tables (decision 0024).
export { BreakableEmail, EmptyState, type PagedTableState } from './plain-paged-table';

export interface PagedTableProps<T> {
  /** Read by screen readers as the table's name. */
  caption: string;
  columns: string[];
  items: T[];
  list: PagedTableState;
  rowKey: (item: T) => string;
  renderRow: (item: T, index: number) => ReactNode;
  empty: ReactNode;
  minWidth?: number;
}

const SKELETON_ROWS = 5;

/**
 * On phones each row becomes a card: one line per column, its name on the left and the value
 * (or the row's action buttons) on the right, so nothing sits off-screen two widths to the right
 * (issue 9). The column names come from `columns` through CSS, so every table gets it for free.
 */
function phoneCards(columns: string[]) {
  const labels = Object.fromEntries(
    // The label spans the cell's rows, so everything else in the cell lines up in the value column.
    columns.map((c, i) => [`& tbody td:nth-of-type(${i + 1})::before`, { content: JSON.stringify(c), fontWeight: 700, color: 'text.secondary', gridRow: 'span 8' }]),
  );
  return {
    minWidth: 0,
    display: 'block',
    '& thead': { display: 'none' },
    '& tbody': { display: 'block' },
    '& tbody tr': { display: 'block', borderBottom: '8px solid', borderColor: 'background.default', py: 1 },
    '& tbody td': { display: 'grid', gridTemplateColumns: 'minmax(96px, 35%) 1fr', columnGap: 1.5, alignItems: 'start', alignContent: 'start', border: 0, py: 0.5, textAlign: 'left' },
    '& tbody td > *': { gridColumn: 2 },
    '& tbody td:empty': { display: 'none' },
    ...labels,
  };
}

/**
 * The back office's tables (MUI; the customer's are components/plain-paged-table.tsx): cards on phones, scrolls sideways on narrow tablets, skeleton rows while the first page
 * loads (same height as real rows, so nothing jumps), an empty state, an error with a retry, and
 * "Load more" for the next server page.
 */
export function PagedTable<T>({ caption, columns, items, list, rowKey, renderRow, empty, minWidth = 720 }: PagedTableProps<T>) {
  const [scrollRef, overflows] = useOverflowsX<HTMLDivElement>();
  const hintId = useId();
  if (list.error && items.length === 0 && !list.loading) {
    return (
      <Alert
        severity="error"
        role="alert"
        action={
          <Button color="inherit" size="small" onClick={list.retry}>
            Retry
          </Button>
        }
      >
        {list.error.message || 'The list could not be loaded.'}
      </Alert>
    );
  }
  if (!list.loading && items.length === 0) return <>{empty}</>;

  return (
    <>
      {overflows && (
        <Typography id={hintId} variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          Scroll the table sideways to see every column.
        </Typography>
      )}
      {/* Focusable, so keyboard users can scroll it with the arrow keys (WCAG 2.1.1). */}
      <TableContainer
        ref={scrollRef}
        component={Paper}
        variant="outlined"
        tabIndex={overflows ? 0 : undefined}
        role={overflows ? 'region' : undefined}
        aria-label={overflows ? caption : undefined}
        aria-describedby={overflows ? hintId : undefined}
        sx={{ overflowX: 'auto', '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 } }}
      >
        <Table size="small" aria-label={caption} aria-busy={list.loading} sx={(theme) => ({ minWidth, '& .MuiTableCell-root': { px: 1.25 }, [theme.breakpoints.down('sm')]: phoneCards(columns) })}>
          <caption style={visuallyHidden}>{caption}</caption>
          <TableHead>
            <TableRow>
              {columns.map((c, i) => (
                <TableCell key={i} scope="col" sx={{ fontWeight: 700, verticalAlign: 'bottom' }}>
                  {c}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {list.loading
              ? Array.from({ length: SKELETON_ROWS }, (_, r) => (
                  <TableRow key={`skeleton-${r}`} aria-hidden>
                    {columns.map((_c, i) => (
                      <TableCell key={i}>
                        <Skeleton variant="text" />
                      </TableCell>
                    ))}
                  </TableRow>
                ))
              : items.map((item, index) => <Fragment key={rowKey(item)}>{renderRow(item, index)}</Fragment>)}
          </TableBody>
        </Table>
      </TableContainer>
      {list.hasMore && !list.loading && (
        <Box sx={{ display: 'flex', justifyContent: 'center', mt: 2 }}>
          <Button variant="outlined" onClick={list.loadMore} disabled={list.loadingMore}>
            {list.loadingMore ? 'Loading…' : 'Load more'}
          </Button>
        </Box>
      )}
    </>
  );
}
