import { Fragment, type ReactNode } from 'react';
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

export interface PagedTableState {
  loading: boolean;
  loadingMore: boolean;
  error: Error | undefined;
  hasMore: boolean;
  loadMore: () => void;
  reload: () => void;
}

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
 * The dashboard's tables: scrolls sideways on narrow screens, skeleton rows while the first page
 * loads (same height as real rows, so nothing jumps), an empty state, an error with a retry, and
 * "Load more" for the next server page.
 */
export function PagedTable<T>({ caption, columns, items, list, rowKey, renderRow, empty, minWidth = 720 }: PagedTableProps<T>) {
  if (list.error && items.length === 0 && !list.loading) {
    return (
      <Alert
        severity="error"
        role="alert"
        action={
          <Button color="inherit" size="small" onClick={list.reload}>
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
      <TableContainer component={Paper} variant="outlined" sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={caption} aria-busy={list.loading} sx={{ minWidth }}>
          <caption style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>{caption}</caption>
          <TableHead>
            <TableRow>
              {columns.map((c, i) => (
                <TableCell key={i} scope="col" sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
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

/** A friendly empty state with an optional next step. */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
      <Box component="p" sx={{ fontWeight: 600, m: 0, mb: children ? 1.5 : 0 }}>
        {title}
      </Box>
      {children}
    </Paper>
  );
}
