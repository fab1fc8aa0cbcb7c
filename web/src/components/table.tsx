import { useCallback, useDeferredValue, useEffect, useId, useState, type CSSProperties, type HTMLAttributes, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { PagedListState } from '../lib/infra/paged-query';
import { ErrorRetry } from './error-retry';
import ui from './ui.module.css';
import css from './table.module.css';
import { Button, buttonClass } from './button';

/**
 * One column, named: its header and its cell travel together, so a column can be added, moved or
 * dropped in one place (cells tied to columns by position went wrong silently when one moved).
 */
/** Column.className for numbers and amounts: right-aligned on one line, on the left in a phone's card. */
export const numberColumn: string = css.number!;

export interface Column<T> {
  /** Unique within the table; React's key for the column's cells. */
  id: string;
  /** The column's header, and the label of its value in a phone's card. */
  header: string;
  /** The row's value in this column. */
  cell: (row: T, index: number) => ReactNode;
  /** A class for every cell of the column (alignment, wrapping). */
  className?: string;
  /**
   * The column's width in px when it stays in view at the table's right edge while the others
   * scroll sideways: the row's actions, so a back-office laptop (1280 px, beside the menu) sees
   * Pay, Cancel or Ship without scrolling. Sticky columns come last.
   */
  stickyWidth?: number;
}

interface StickyPlace {
  className: string;
  style: CSSProperties;
}

/**
 * Where each sticky column sits: its distance from the right edge is the sum of the widths of the
 * sticky columns after it. The leftmost one draws the edge the others scroll under.
 */
export function stickyPlaces(columns: Pick<Column<never>, 'stickyWidth'>[]): (StickyPlace | null)[] {
  const places: (StickyPlace | null)[] = columns.map(() => null);
  let right = 0;
  let leftmost = -1;
  for (let i = columns.length - 1; i >= 0; i--) {
    const width = columns[i]?.stickyWidth;
    if (width === undefined) continue;
    places[i] = { className: css.sticky, style: { '--sticky-right': `${right}px`, '--sticky-width': `${width}px` } as CSSProperties };
    right += width;
    leftmost = i;
  }
  const edge = places[leftmost];
  if (edge) edge.className = `${css.sticky} ${css.stickyEdge}`;
  return places;
}

function cellClass(column: { className?: string }, place: StickyPlace | null): string | undefined {
  return [column.className, place?.className].filter(Boolean).join(' ') || undefined;
}

/**
 * A table's rows as they came from the server: the rows so far, the first load, and its failure
 * with a way to try again. A paged list (lib/paged-query.ts) is one.
 */
export interface LoadedRows<T> {
  items: readonly T[];
  loading: boolean;
  error: Error | undefined;
  retry: () => void;
}

/** The next server page (lib/paged-query.ts): a table given it offers "Load more" while there is one. */
export type TablePaging = Pick<PagedListState, 'hasMore' | 'loadingMore' | 'loadMore'>;

interface TableBaseProps<T> {
  /** Read by screen readers as the table's name. */
  caption: string;
  columns: Column<T>[];
  rowKey: (item: T) => string;
  /** data-testid of each row. */
  rowTestId?: string;
  /** What an empty table shows: a title (drawn as the shop's EmptyState), or the whole empty state. */
  empty: ReactNode;
  minWidth?: number;
  /** More attributes of a row: an id to scroll to, a class and aria-current for the row chosen, a click that chooses it. */
  rowProps?: (item: T) => HTMLAttributes<HTMLTableRowElement>;
  /**
   * The rows replace the skeleton in the render the data arrives in, not in the background after
   * it: for a short list with content under it drawn from the same data (the cart's total and its
   * checkout), which would otherwise be drawn under the skeleton first and pushed when the rows land.
   */
  rowsAtOnce?: boolean;
}

interface RowsProps<T> {
  /** The rows: the data itself, or the data with its load's state (a paged list). */
  rows: readonly T[] | LoadedRows<T>;
  /** Only for a server-paged list; without it there is no pager. */
  paging?: TablePaging;
}

export type TableProps<T> = TableBaseProps<T> & RowsProps<T>;

const SETTLED = { loading: false, error: undefined, retry: () => undefined } as const;

function rowsOf<T>(props: RowsProps<T>): { rows: LoadedRows<T>; paging: TablePaging | undefined } {
  const rows: readonly T[] | LoadedRows<T> = props.rows;
  return { rows: isLoaded(rows) ? rows : { ...SETTLED, items: rows }, paging: props.paging };
}

function isLoaded<T>(rows: readonly T[] | LoadedRows<T>): rows is LoadedRows<T> {
  return !Array.isArray(rows);
}

const SKELETON_ROWS = 5;

/**
 * Whether the element is wider than its box. A wide table scrolls sideways, and on a narrow screen
 * nothing else tells the reader that the action columns are off to the right.
 */
export function useOverflowsX<E extends HTMLElement>(): [(el: E | null) => void, boolean] {
  const [el, setEl] = useState<E | null>(null);
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    if (!el || typeof ResizeObserver === 'undefined') return;
    const check = () => setOverflows(el.scrollWidth > el.clientWidth + 1);
    // The observer reports each element once when observed, after the browser's own layout, so
    // there is no first check here: reading scrollWidth in the effect forced a layout of the whole
    // table in the middle of the page's start-up (about 90 ms on a throttled phone, issue 9).
    const observer = new ResizeObserver(check);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    return () => observer.disconnect();
  }, [el]);
  const ref = useCallback((node: E | null) => setEl(node), []);
  return [ref, overflows];
}

/**
 * The shop's one table (decisions 0024, 0025, 0028), over named columns: a table at
 * desktop widths, one card per row on phones (each cell labelled with its column's name), sideways
 * scrolling in between with the action columns kept in view, skeleton rows while the first page loads (the same height as real rows, so
 * nothing jumps), an empty state, an error with Try again, and, for a paged list, "Load more" for the next server page.
 */
export function Table<T>({ caption, columns, rowKey, rowTestId, empty, minWidth = 720, rowProps, rowsAtOnce = false, ...source }: TableProps<T>) {
  const { rows, paging } = rowsOf(source);
  const [scrollRef, overflows] = useOverflowsX<HTMLDivElement>();
  const hintId = useId();
  const sticky = stickyPlaces(columns);
  // The rows render in the background, in slices the browser can interrupt: a page of rows arriving
  // while the page still hydrates is otherwise one long task (Lighthouse's blocking time). Both
  // values come from the same render, so the skeleton, the rows and the empty state never mix.
  const deferredItems = useDeferredValue(rows.items);
  const deferredLoading = useDeferredValue(rows.loading);
  const items = rowsAtOnce ? rows.items : deferredItems;
  const loading = rowsAtOnce ? rows.loading : deferredLoading;
  if (rows.error && rows.items.length === 0 && !rows.loading) {
    return <ErrorRetry message={rows.error.message || 'The list could not be loaded.'} onRetry={rows.retry} />;
  }
  if (!loading && items.length === 0) return typeof empty === 'string' ? <EmptyState title={empty} /> : <>{empty}</>;

  const row = (content: (c: Column<T>) => ReactNode) =>
    columns.map((c, i) => (
      <td key={c.id} data-label={c.header} className={cellClass(c, sticky[i] ?? null)} style={sticky[i]?.style}>
        {/* One box per cell: on a phone the card's line is the label and this, side by side. */}
        <div className={css.value}>{content(c)}</div>
      </td>
    ));

  return (
    <>
      {/* The hint sits over the space above the table's right end instead of taking a line of its
          own: a line kept for it left a blank gap above every table that fits, and one added when
          the rows arrive and make the table scroll would push it down (issue 21). Out of the flow,
          it can come and go with the overflow and nothing moves. */}
      <div className={css.frame}>
        {overflows && (
          <p id={hintId} className={css.hint}>
            Scroll the table sideways to see every column.
          </p>
        )}
        {/* Focusable when it scrolls, so keyboard users can scroll it with the arrow keys (WCAG 2.1.1). */}
        <div
          ref={scrollRef}
          className={`${ui.paper} ${css.scroll}${overflows ? ` ${css.overflows}` : ''}`}
          tabIndex={overflows ? 0 : undefined}
          role={overflows ? 'region' : undefined}
          aria-label={overflows ? caption : undefined}
          aria-describedby={overflows ? hintId : undefined}
        >
          <table className={css.table} aria-label={caption} aria-busy={loading} style={{ '--table-min-width': `${minWidth}px` } as CSSProperties}>
            <caption className={css.visuallyHidden}>{caption}</caption>
            <thead>
              <tr>
                {columns.map((c, i) => (
                  <th key={c.id} scope="col" className={cellClass(c, sticky[i] ?? null)} style={sticky[i]?.style}>
                    {c.header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {loading
                ? Array.from({ length: SKELETON_ROWS }, (_, r) => (
                    <tr key={`skeleton-${r}`} aria-hidden="true">
                      {row(() => (
                        <div className={`${ui.skeleton} ${css.skeletonLine}`} />
                      ))}
                    </tr>
                  ))
                : items.map((item, index) => (
                    <tr key={rowKey(item)} data-testid={rowTestId} {...rowProps?.(item)}>
                      {row((c) => c.cell(item, index))}
                    </tr>
                  ))}
            </tbody>
          </table>
        </div>
      </div>
      {paging && !loading && <LoadMore paging={paging} />}
    </>
  );
}

/** "Load more" under a server-paged list while it has a next page: the Table's, and any other list's. */
export function LoadMore({ paging }: { paging: TablePaging }) {
  if (!paging.hasMore) return null;
  return (
    <div className={css.more}>
      <Button variant="outlined" onClick={paging.loadMore} disabled={paging.loadingMore}>
        {paging.loadingMore ? 'Loading…' : 'Load more'}
      </Button>
    </div>
  );
}

/**
 * An email address that may wrap after the @ (and only there), instead of letter by letter when
 * a table column is narrow.
 */
export function BreakableEmail({ email }: { email: string }) {
  const at = email.indexOf('@');
  if (at < 0) return <>{email}</>;
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  );
}

/**
 * A friendly empty state with an optional next step: `link`, drawn as the main button, or any
 * other content as children.
 */
export function EmptyState({ title, link, children }: { title: string; link?: { to: string; label: string }; children?: ReactNode }) {
  return (
    <div className={`${ui.paper} ${css.empty}`}>
      <p className={css.emptyTitle}>{title}</p>
      {link && (
        <Link to={link.to} className={buttonClass()}>
          {link.label}
        </Link>
      )}
      {children}
    </div>
  );
}
