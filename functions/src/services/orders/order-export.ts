import { taxLabel } from '@fridgeparts/common/tax/tax';
import { Timestamp, type Query } from 'firebase-admin/firestore';
import type { BookingState, OrderFilter } from '@fridgeparts/common/booking';
import { centsToDollars } from '@fridgeparts/common/money';
import { collections, isoTime, type BookingDoc } from '../../data/firestore';
import { bookingStateOf, coreDepositUnitCents, orderLinesOf } from '@fridgeparts/common/documents/bookings';
import { CORE_DEPOSIT_LABEL } from '@fridgeparts/common/returns/returns';
import { readPage } from '../pagination';

/**
 * Manage All Orders filters and the CSV export (CONTRACT §7).
 */

const DAY_MS = 86_400_000;

/** The states of an order with lines left to ship (CONTRACT §14 "to ship"). */
export const TO_SHIP_STATES: BookingState[] = ['paid', 'confirmed', 'partially-shipped'];

/**
 * The bookings a filter selects, unordered (readPage orders by createdAt desc). `from` and `to`
 * are whole UTC days, both included. State + createdAt needs the composite index
 * bookings(state, createdAt desc) in firestore.indexes.json; a date range alone uses createdAt's
 * single-field index. Bookings written before `state` existed have no such field and so match no
 * state filter.
 */
export function ordersQuery(filter: OrderFilter): Query<BookingDoc> {
  let q: Query<BookingDoc> = collections.bookings();
  if (filter.state) q = q.where('state', '==', filter.state);
  // CONTRACT §14 (decision 0079): paid or confirmed with lines left to ship is exactly these
  // states (the lines' quantities derive them in the shipments' transactions): no stored flag.
  if (filter.toShip) q = q.where('state', 'in', TO_SHIP_STATES);
  if (filter.from) q = q.where('createdAt', '>=', Timestamp.fromMillis(Date.parse(`${filter.from}T00:00:00Z`)));
  if (filter.to) q = q.where('createdAt', '<', Timestamp.fromMillis(Date.parse(`${filter.to}T00:00:00Z`) + DAY_MS));
  return q;
}

/**
 * One row per order line (CONTRACT §13): the order's fields repeated on each of its rows, then the
 * line (its number in the order, part number, item, quantity, units shipped of it so far (CONTRACT
 * §14), unit price after breaks, line total), then the order's total, so the line totals of an order add up to its total in any spreadsheet
 * (its charged shipping a row of its own, bookingCsvRows).
 */
export const CSV_COLUMNS = [
  'Order number',
  'Date',
  'State',
  'Customer name',
  'Email',
  'PO number',
  'Line',
  'Part number',
  'Item',
  'Quantity',
  'Shipped',
  'Unit price',
  'Line total',
  'Order total',
  'Transaction id',
] as const;

/**
 * Where a spreadsheet may start a formula (CONTRACT §9, OWASP CSV injection): at the start of the
 * cell, or right after a separator some locale or import splits on (`,` `;` tab, a line break).
 * `=` `+` `-` `@` start one; a tab or carriage return is stripped by some programs before they look.
 */
const FORMULA_START = /(^|[,;\t\r\n])[=+\-@\t\r]/;

/**
 * One CSV cell (RFC 4180). Every text cell is quoted, so no locale's separator (`,` or `;`) or a
 * line break inside it splits it; text a spreadsheet could run as a formula gets a leading
 * apostrophe, so a customer named "=HYPERLINK(...)" or a PO number "x;=cmd" stays text when an
 * admin opens the file. Numbers are ours and never negative, so they are written as they are.
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return `"${text.replace(/"/g, '""')}"`;
}

export function csvRow(cells: (string | number | null | undefined)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** The Line cell of an order's shipping row (CONTRACT §14): after its numbered lines. */
export const SHIPPING_ROW_LINE = 'Shipping';
/** The Line cell of a line's core deposit row (decision 0088): after the order's lines. */
export const CORE_DEPOSIT_ROW_LINE = 'Core deposit';
/** The Line cell of an order's sales tax row (CONTRACT §15): after the shipping. */
export const TAX_ROW_LINE = 'Sales tax';

/**
 * The rows of one order: one per line, first line first (an order stored before lines existed is
 * one line), then, for an order whose shipping is charged (CONTRACT §14), a row for it (Line
 * "Shipping", the method's name as the item, quantity 1), so its line totals still add up to the
 * order total, which includes the shipping; before it, a row per line's core deposit (Line "Core deposit"). Free shipping adds no row, as on the Net 30 invoice
 * (services/shipping/invoice.ts). The sales tax charged is a last row (Line "Sales tax").
 */
export function bookingCsvRows(b: BookingDoc): string {
  const money = (cents: number) => centsToDollars(cents).toFixed(2);
  const row = (line: string | number, partNumber: string, item: string, quantity: number, shipped: number | null, unitCents: number, totalCents: number) =>
    csvRow([
      b.orderNumber ?? '',
      isoTime(b.createdAt),
      state,
      b.userName,
      b.email,
      b.poNumber ?? '',
      line,
      partNumber,
      item,
      quantity,
      shipped,
      money(unitCents),
      money(totalCents),
      money(b.totalCents),
      b.transactionId ?? '',
    ]);
  // Shipped: the line's units gone so far (0 before any shipment); an order shipped whole before
  // lines counted what shipped (no shippedQuantity stored) shipped all of it. The shipping row
  // ships nothing, so it is left empty.
  const state = bookingStateOf(b);
  const shippedWhole = state === 'shipped' || state === 'delivered';
  const lines = orderLinesOf(b).map((line, i) =>
    row(
      i + 1,
      line.partNumber ?? '',
      line.name,
      line.quantity,
      line.shippedQuantity ?? (shippedWhole ? line.quantity : 0),
      line.unitPriceCents,
      line.lineTotalCents,
    ),
  );
  // Decision 0088: each line's core deposit, a row of its own (the line's part number, "Core
  // deposit, refundable: <name>", its units and deposit per unit), in the order total. It ships nothing.
  const deposits = orderLinesOf(b).flatMap((line) =>
    (line.coreDepositCents ?? 0) > 0
      ? [
          row(
            CORE_DEPOSIT_ROW_LINE,
            line.partNumber ?? '',
            `${CORE_DEPOSIT_LABEL}: ${line.name}`,
            line.quantity,
            null,
            coreDepositUnitCents(line),
            line.coreDepositCents ?? 0,
          ),
        ]
      : [],
  );
  const shipping =
    b.shipping && b.shipping.amountCents > 0 ? [row(SHIPPING_ROW_LINE, '', b.shipping.name, 1, null, b.shipping.amountCents, b.shipping.amountCents)] : [];
  // CONTRACT §15: the sales tax collected, a row of its own (its words as the item), so the line
  // totals still add up to the order total; none where no tax was charged. It ships nothing.
  const tax = b.tax && b.tax.amountCents > 0 ? [row(TAX_ROW_LINE, '', taxLabel(b.tax), 1, null, b.tax.amountCents, b.tax.amountCents)] : [];
  return [...lines, ...deposits, ...shipping, ...tax].join('');
}

/** Orders per read: bounded memory and cost per step however many orders match. */
export const EXPORT_PAGE_SIZE = 200;

/**
 * The CSV text in chunks, newest order first, a row per order line: a byte-order mark (so spreadsheet programs read
 * the file as UTF-8) and the header, then one chunk per page of orders read with keyset paging,
 * never one unbounded query.
 */
export async function* exportOrdersCsv(filter: OrderFilter, pageSize = EXPORT_PAGE_SIZE): AsyncGenerator<string> {
  // The header goes out with the first page, so a failing first read still answers a JSON error.
  let head = `\uFEFF${csvRow([...CSV_COLUMNS])}`;
  let cursor: string | undefined;
  do {
    const page = await readPage({ query: ordersQuery(filter), field: 'createdAt', dir: 'desc', limit: pageSize, cursor, map: (d) => bookingCsvRows(d.data()) });
    yield head + page.items.join('');
    head = '';
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
}
