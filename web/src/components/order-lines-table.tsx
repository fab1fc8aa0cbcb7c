import type { ReactNode } from 'react';
import { formatDollars } from '@fridgeparts/common/money';
import { orderedAsText, type ResolvedFrom } from '@fridgeparts/common/search/part-alias';
import { numberColumn, Table, type Column, type LoadedRows } from './table';
import css from './order-lines-table.module.css';

/**
 * A line of an order as the tables show it (a booked line, a cart line, a pasted quick-order line):
 * what is not known (yet) is null or absent and shows as a dash.
 */
export interface OrderLineView {
  partNumber?: string | null;
  name?: string | null;
  quantity?: number | null;
  /** The unit price after price breaks, in dollars. */
  price?: number | null;
  lineTotal?: number | null;
  /** The number the line was ordered by when not its part's own (CONTRACT §11). */
  resolvedFrom?: ResolvedFrom | null;
}

/** The standard columns, in their order. */
export type OrderLineColumn = 'partNumber' | 'name' | 'quantity' | 'price' | 'lineTotal';

const dash = (v: ReactNode) => (v === null || v === undefined || v === '' ? '—' : v);
const dollars = (v: number | null | undefined) => (v === null || v === undefined ? '—' : formatDollars(v));

export interface OrderLinesTableProps<T extends OrderLineView> {
  /** The table's name for screen readers ("Your cart", "Lines of order FP-2026-000123"). */
  caption: string;
  lines: T[];
  rowKey: (line: T) => string;
  /** data-testid of each row (cart-line, order-line, payment-line, quick-order-line). */
  rowTestId: string;
  /** Standard columns drawn by the page instead of the plain value (the cart's quantity field, a link to the tool). */
  cells?: Partial<Record<OrderLineColumn, (line: T, index: number) => ReactNode>>;
  /** Standard columns left out (a quick order's pasted lines have no item or price before they are booked). */
  omit?: OrderLineColumn[];
  /** The page's own columns before the standard ones (the pasted line's number). */
  before?: Column<T>[];
  /** The page's own columns after them (the line's check, Remove). */
  after?: Column<T>[];
  /** Loading and a failed read with Try again, for lines that are read (the cart); none by default. */
  load?: Omit<LoadedRows<T>, 'items'>;
  /** Shown instead of the table when there are no lines. */
  empty?: ReactNode;
  minWidth?: number;
  /** Rows drawn in the render the lines arrive in (Table's rowsAtOnce): the cart, whose total and checkout follow them. */
  rowsAtOnce?: boolean;
}

/** Under a line's item: the number it was ordered by when not its own, never silently (CONTRACT §11). */
export function OrderedAs({ from }: { from: ResolvedFrom | null | undefined }) {
  if (!from) return null;
  return (
    <span className={css.orderedAs} data-testid="line-ordered-as">
      {orderedAsText(from)}
    </span>
  );
}

/** The item column: the name and, when the line was ordered by another number, which. */
function LineItem({ line }: { line: OrderLineView }) {
  if (!line.resolvedFrom) return dash(line.name);
  return (
    <span className={css.item}>
      {dash(line.name)}
      <OrderedAs from={line.resolvedFrom} />
    </span>
  );
}

/** Amounts on the right, headers included on one line: the columns keep their width when the rows replace the skeleton. */
const amount = `${numberColumn} ${css.amount}`;

/**
 * The one table of an order's lines (the cart, the order page, the Payment page, quick order):
 * part number, item, quantity, unit price and line total, with the same headers, alignment and
 * phone cards everywhere, over the shop's Table.
 */
export function OrderLinesTable<T extends OrderLineView>({
  caption,
  lines,
  rowKey,
  rowTestId,
  cells = {},
  omit = [],
  before = [],
  after = [],
  load,
  empty = null,
  minWidth = 560,
  rowsAtOnce,
}: OrderLinesTableProps<T>) {
  const standard: (Column<T> & { id: OrderLineColumn })[] = [
    { id: 'partNumber', header: 'Part number', className: css.mono, cell: (l) => dash(l.partNumber) },
    { id: 'name', header: 'Item', cell: (l) => <LineItem line={l} /> },
    { id: 'quantity', header: 'Quantity', className: amount, cell: (l) => dash(l.quantity) },
    { id: 'price', header: 'Unit price', className: amount, cell: (l) => dollars(l.price) },
    { id: 'lineTotal', header: 'Line total', className: amount, cell: (l) => dollars(l.lineTotal) },
  ];
  const columns = [...before, ...standard.filter((c) => !omit.includes(c.id)).map((c) => ({ ...c, cell: cells[c.id] ?? c.cell })), ...after];
  return (
    <Table
      caption={caption}
      columns={columns}
      rows={load ? { ...load, items: lines } : lines}
      rowKey={rowKey}
      rowTestId={rowTestId}
      empty={empty}
      minWidth={minWidth}
      rowsAtOnce={rowsAtOnce}
    />
  );
}

/**
 * A line's check column: the problem that stops it (the page's own check, or the server's word)
 * in red, or OK.
 */
export function lineCheckColumn<T>(problemOf: (line: T, index: number) => string | null | undefined, problemTestId?: string): Column<T> {
  return {
    id: 'check',
    header: 'Check',
    className: css.check,
    cell: (l, i) => {
      const problem = problemOf(l, i);
      return problem ? (
        <span className={css.problem} data-testid={problemTestId}>
          {problem}
        </span>
      ) : (
        <span className={css.ok}>OK</span>
      );
    },
  };
}
