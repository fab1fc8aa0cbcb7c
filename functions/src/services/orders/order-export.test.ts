import { Timestamp } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import type { BookingDoc } from '../../data/firestore';
import { sampleBookingDoc } from '@fridgeparts/common/testing/sample-booking';
import { bookingCsvRows, CORE_DEPOSIT_ROW_LINE, CSV_COLUMNS, csvCell, csvRow, SHIPPING_ROW_LINE, TAX_ROW_LINE } from './order-export';

/** The text a spreadsheet reads from one quoted cell. */
const unquote = (cell: string) => (cell.startsWith('"') ? cell.slice(1, -1).replace(/""/g, '"') : cell);

/** Where a column stands in every row. */
const col = (name: (typeof CSV_COLUMNS)[number]) => CSV_COLUMNS.indexOf(name);

/** An order's exported rows, each as the cells a spreadsheet reads. */
const exportedRows = (order: BookingDoc) =>
  bookingCsvRows(order)
    .split('\r\n')
    .filter(Boolean)
    .map((r) => r.split(/,(?=(?:[^"]*"[^"]*")*[^"]*$)/).map(unquote));

/** Each row's line, part number, item, quantity, unit price, line total and order total. */
const lineColumns = (rows: string[][]) =>
  rows.map((r) => [
    r[col('Line')],
    r[col('Part number')],
    r[col('Item')],
    r[col('Quantity')],
    r[col('Unit price')],
    r[col('Line total')],
    r[col('Order total')],
  ]);

describe('csvCell', () => {
  it('quotes every text cell and leaves numbers and missing values bare', () => {
    expect(csvCell('Door Gasket')).toBe('"Door Gasket"');
    expect(csvCell('')).toBe('""');
    expect(csvCell(12)).toBe('12');
    expect(csvCell(null)).toBe('');
  });

  it('keeps separators of every locale, quotes and line breaks inside the cell, doubling quotes', () => {
    expect(csvCell('12 Frost Lane, Springfield')).toBe('"12 Frost Lane, Springfield"');
    expect(csvCell('Lot 4; Bay 2')).toBe('"Lot 4; Bay 2"');
    expect(csvCell('the "big" one')).toBe('"the ""big"" one"');
    expect(csvCell('line 1\nline 2')).toBe('"line 1\nline 2"');
    expect(csvCell('a\r\nb')).toBe('"a\r\nb"');
  });

  it.each(['=HYPERLINK("http://x")', '+1 555', '-2+3', '@SUM(A1)', '\t=1', '\r=1'])(
    'neutralises the formula %j at the start with a leading apostrophe',
    (text) => {
      expect(unquote(csvCell(text))).toBe(`'${text}`);
    },
  );

  it.each(['JOB 42;=cmd|"/c calc"!A1', 'a,=1+1', 'x\t@SUM(A1)', 'first line\n-2+3', 'a\r+1', 'Bay 2;\t=1'])(
    'neutralises the formula after a separator or line break in %j (a locale that splits on it would start a cell there)',
    (text) => {
      expect(unquote(csvCell(text))).toBe(`'${text}`);
    },
  );

  it('does not touch text whose formula characters follow anything else', () => {
    expect(unquote(csvCell('FP-CMP-134A-033'))).toBe('FP-CMP-134A-033');
    expect(unquote(csvCell('a=b'))).toBe('a=b');
    expect(unquote(csvCell('Lot 4; Bay 2'))).toBe('Lot 4; Bay 2');
  });
});

describe('bookingCsvRows', () => {
  const b: BookingDoc = sampleBookingDoc(Timestamp.fromMillis(Date.UTC(2026, 5, 1, 12)), {
    userName: '=cmd|"/c calc"!A1',
    name: 'Gasket, door',
    partNumber: 'FP-GSK-001',
    address: '1 Main St',
    paid: true,
    transactionId: 'pi_123',
    paymentIntentId: 'pi_123',
    state: 'paid',
    orderNumber: 'FP-2026-000007',
    poNumber: 'JOB 42',
  });

  it('writes a one-line order (stored before lines existed) as one row, columns in the header order, money to the cent', () => {
    expect(CSV_COLUMNS).toHaveLength(15);
    expect(bookingCsvRows(b)).toBe(
      '"FP-2026-000007","2026-06-01T12:00:00.000Z","paid","\'=cmd|""/c calc""!A1","casey@example.test","JOB 42",1,"FP-GSK-001","Gasket, door",3,0,"19.99","59.97","59.97","pi_123"\r\n',
    );
  });

  it('writes an order of many lines as a row per line whose line totals add up to the order total on every row', () => {
    const lines = [
      { toolId: 't1', partNumber: 'FP-GSK-001', name: 'Gasket, door', quantity: 3, unitPriceCents: 1999, lineTotalCents: 5997 },
      { toolId: 't2', partNumber: 'FP-RLY-010', name: 'Start relay', quantity: 100, unitPriceCents: 1200, lineTotalCents: 120000 },
      { toolId: 't3', partNumber: null, name: 'Fan motor', quantity: 2, unitPriceCents: 8950, lineTotalCents: 17900 },
    ];
    const order: BookingDoc = { ...b, lines, totalCents: 143897 };
    const rows = exportedRows(order);
    expect(rows).toHaveLength(3);
    expect(lineColumns(rows)).toEqual([
      ['1', 'FP-GSK-001', 'Gasket, door', '3', '19.99', '59.97', '1438.97'],
      ['2', 'FP-RLY-010', 'Start relay', '100', '12.00', '1200.00', '1438.97'],
      ['3', '', 'Fan motor', '2', '89.50', '179.00', '1438.97'],
    ]);
    for (const r of rows)
      expect(r.slice(0, 6)).toEqual(['FP-2026-000007', '2026-06-01T12:00:00.000Z', 'paid', '\'=cmd|"/c calc"!A1', 'casey@example.test', 'JOB 42']);
    const cents = rows.reduce((sum, r) => sum + Math.round(Number(r[col('Line total')]) * 100), 0);
    expect(cents).toBe(order.totalCents);
  });

  it('adds a Shipping row for charged shipping (CONTRACT §14), so the line totals still add up to the total that includes it; none for free shipping', () => {
    const lines = [
      { toolId: 't1', partNumber: 'FP-GSK-001', name: 'Gasket, door', quantity: 3, unitPriceCents: 1999, lineTotalCents: 5997 },
      { toolId: 't2', partNumber: 'FP-RLY-010', name: 'Start relay', quantity: 100, unitPriceCents: 1200, lineTotalCents: 120000 },
    ];
    const shipping = { methodId: 'fedex-2day', name: 'FedEx 2Day', carrier: 'fedex' as const, amountCents: 4250 };
    const order: BookingDoc = { ...b, lines, shipping, totalCents: 5997 + 120000 + 4250 };
    const rows = exportedRows(order);
    expect(lineColumns(rows)).toEqual([
      ['1', 'FP-GSK-001', 'Gasket, door', '3', '19.99', '59.97', '1302.47'],
      ['2', 'FP-RLY-010', 'Start relay', '100', '12.00', '1200.00', '1302.47'],
      [SHIPPING_ROW_LINE, '', 'FedEx 2Day', '1', '42.50', '42.50', '1302.47'],
    ]);
    expect(rows.reduce((sum, r) => sum + Math.round(Number(r[col('Line total')]) * 100), 0)).toBe(order.totalCents);
    // Free shipping: the order total is the lines', and no row says 0.00.
    const free: BookingDoc = { ...order, shipping: { ...shipping, amountCents: 0 }, totalCents: 5997 + 120000 };
    expect(bookingCsvRows(free).split('\r\n').filter(Boolean)).toHaveLength(2);
  });

  it('says how many units of each line have shipped (CONTRACT §14): shipped of ordered, 0 before any shipment, nothing on the shipping row', () => {
    const lines = [
      { toolId: 't1', partNumber: 'FP-GSK-001', name: 'Gasket, door', quantity: 3, unitPriceCents: 1999, lineTotalCents: 5997, shippedQuantity: 3 },
      { toolId: 't2', partNumber: 'FP-RLY-010', name: 'Start relay', quantity: 100, unitPriceCents: 1200, lineTotalCents: 120000, shippedQuantity: 40 },
      { toolId: 't3', partNumber: null, name: 'Fan motor', quantity: 2, unitPriceCents: 8950, lineTotalCents: 17900 },
    ];
    const shipping = { methodId: 'fedex-2day', name: 'FedEx 2Day', carrier: 'fedex' as const, amountCents: 4250 };
    const order: BookingDoc = { ...b, state: 'partially-shipped', lines, shipping, totalCents: 5997 + 120000 + 17900 + 4250 };
    const rows = exportedRows(order);
    expect(col('Shipped')).toBe(col('Quantity') + 1);
    expect(rows.map((r) => [r[col('Line')], r[col('Quantity')], r[col('Shipped')]])).toEqual([
      ['1', '3', '3'],
      ['2', '100', '40'],
      ['3', '2', '0'],
      [SHIPPING_ROW_LINE, '1', ''],
    ]);
    // Shipped whole by the old Shipped action before lines counted it: all of it went.
    const old: BookingDoc = { ...b, state: 'shipped', status: 'shipped' };
    expect(bookingCsvRows(old).split(/,(?=(?:[^"]*"[^"]*")*[^"]*$)/)[col('Shipped')]).toBe('3');
    expect(bookingCsvRows({ ...old, state: 'paid', status: null }).split(/,(?=(?:[^"]*"[^"]*")*[^"]*$)/)[col('Shipped')]).toBe('0');
  });

  it('adds a Sales tax row for tax charged (CONTRACT §15), so the line totals add up to the total with it; none for tax not collected', () => {
    const lines = [{ toolId: 't1', partNumber: 'FP-GSK-001', name: 'Gasket, door', quantity: 3, unitPriceCents: 1999, lineTotalCents: 5997 }];
    const tax = {
      amountCents: 435,
      calculationId: 'taxcalc_1',
      lines: [{ lineId: '0', amountCents: 435 }],
      shippingCents: 0,
      reason: 'standard_rated' as const,
      state: 'CA',
      rate: '7.25',
      transactionId: null,
    };
    const order: BookingDoc = { ...b, lines, tax, totalCents: 5997 + 435 };
    const rows = bookingCsvRows(order).split('\r\n').filter(Boolean);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toContain(`"${TAX_ROW_LINE}","","Sales tax (CA 7.25%)",1,,"4.35","4.35","64.32"`);
    const oregon: BookingDoc = { ...order, tax: { ...tax, amountCents: 0, reason: 'not_collecting', state: 'OR', rate: null }, totalCents: 5997 };
    expect(bookingCsvRows(oregon).split('\r\n').filter(Boolean)).toHaveLength(1);
  });

  it('adds a Core deposit row per line with a deposit (decision 0088), after the lines, so the line totals add up to the total with it', () => {
    const lines = [
      { toolId: 'c1', partNumber: 'FP-CMP-134A-033', name: 'Compressor', quantity: 2, unitPriceCents: 18950, lineTotalCents: 37900, coreDepositCents: 15000 },
      { toolId: 't1', partNumber: 'FP-GSK-001', name: 'Door gasket', quantity: 3, unitPriceCents: 1999, lineTotalCents: 5997 },
    ];
    const order: BookingDoc = { ...b, lines, totalCents: 37900 + 5997 + 15000 };
    const rows = bookingCsvRows(order).split('\r\n').filter(Boolean);
    expect(rows).toHaveLength(3);
    expect(rows[2]).toContain(`"${CORE_DEPOSIT_ROW_LINE}","FP-CMP-134A-033","Core deposit, refundable: Compressor",2,,"75.00","150.00","588.97"`);
    const cells = (r: string) => [...r.matchAll(/("(?:[^"]|"")*"|[^,]*)(?:,|$)/g)].map((m) => unquote(m[1]!));
    const sum = rows.reduce((total, r) => total + Math.round(Number(cells(r)[12]) * 100), 0);
    expect(sum).toBe(order.totalCents);
  });

  it('ends every row with CRLF', () => {
    expect(csvRow(['a', 1])).toBe('"a",1\r\n');
  });
});
