import '../support/env';
import fc from 'fast-check';
import { Timestamp } from 'firebase-admin/firestore';
import { beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../common/src/api-paths';
import { api, bearer } from '../support/api';
import { lineCells, parseCsv } from '../support/csv';
import { db, makeTool } from '../support/firestore';
import { ADMIN, GOOD_CONTACT, PARTS, catalogued, makeBooking, quickOrder, useCast, oneLineTaxCents, oneLineTotal, oneLineTotalCents } from './fixtures';

/**
 * CONTRACT §9: the orders export is safe in every spreadsheet locale. Names and PO numbers that
 * start a formula at the start of the cell or after any separator a locale splits on come back
 * as text with a leading apostrophe, every other value exactly as stored.
 */
const FORMULA_START = /(^|[,;\t\r\n])[=+\-@\t\r]/;
const DAY_MS = 86_400_000;

const { customer, admin } = useCast({ customer: { name: 'Casey Customer' }, admin: ADMIN });
let toolId: string;

beforeAll(async () => {
  toolId = await makeTool({ name: 'Filter Drier' });
});

/** One order on its own UTC day, exported alone: its name and PO cells as a spreadsheet reads them. */
async function exportedCells(day: number, userName: string, poNumber: string): Promise<{ name: string; po: string; row: string[] }> {
  const id = await makeBooking(customer, toolId, { state: 'reserved' });
  const createdAt = Timestamp.fromMillis(Date.UTC(2027, 0, 1) + day * DAY_MS);
  await db.collection('bookings').doc(id).update({ createdAt, userName, poNumber });
  const date = createdAt.toDate().toISOString().slice(0, 10);
  const res = await api()
    .get(API.exportOrders({ from: date, to: date }))
    .set(bearer(admin.token))
    .expect(200);
  const rows = parseCsv(res.text.replace(/^\uFEFF/, ''));
  expect(rows).toHaveLength(2);
  const header = rows[0];
  const row = rows[1];
  expect(row).toHaveLength(header.length);
  return { name: row[header.indexOf('Customer name')], po: row[header.indexOf('PO number')], row };
}

let nextDay = 0;
const expected = (text: string) => (FORMULA_START.test(text) ? `'${text}` : text);

describe('GET /bookingOrder/export.csv is safe in any spreadsheet', () => {
  it.each([
    ['=HYPERLINK("http://evil.test","x")', 'JOB;=cmd|"/c calc"!A1'],
    ['+1 555 010', 'a,=1+1'],
    ['-2+3', 'first line\n@SUM(A1)'],
    ['@SUM(A1)', '\t=1'],
    ['Lot 4; Bay 2, "north"', 'PO 42'],
  ])('exports the name %j and the PO number %j as text, neutralised where a formula could start', async (name, po) => {
    const cells = await exportedCells(nextDay++, name, po);
    expect(cells.name).toBe(expected(name));
    expect(cells.po).toBe(expected(po));
  });

  it('keeps generated names and PO numbers intact, and never lets a cell start a formula', async () => {
    const risky = fc.constantFrom('=', '+', '-', '@', '\t', '\r', '\n', ';', ',', '"', "'", 'a', ' ', 'é', '😀');
    const text = fc.oneof(
      fc.string({ maxLength: 30 }),
      fc.array(risky, { maxLength: 12 }).map((cs) => cs.join('')),
    );
    await fc.assert(
      fc.asyncProperty(text, text, async (name, po) => {
        const cells = await exportedCells(nextDay++, name, po);
        expect(cells.name).toBe(expected(name));
        expect(cells.po).toBe(expected(po));
        for (const cell of cells.row) {
          // What a locale that splits on ; , or tab would see as cells: none may begin a formula.
          for (const piece of cell.startsWith("'") ? [] : cell.split(/[,;\t\r\n]/)) expect(piece).not.toMatch(/^[=+\-@]/);
        }
      }),
      { seed: 20261125, numRuns: 40 },
    );
  });
});

describe('GET /bookingOrder/export.csv has a row per order line (CONTRACT §13)', () => {
  it('an order of three lines is three rows whose line totals add up to the order total on each', async () => {
    const gasket = await catalogued(PARTS.gasket);
    const relay = await catalogued(PARTS.relay);
    const fan = await catalogued(PARTS.fan);
    const booked = await quickOrder(customer, {
      lines: [
        { partNumber: gasket.partNumber, quantity: 3 },
        { partNumber: relay.partNumber, quantity: 100 },
        { partNumber: fan.partNumber, quantity: 2 },
      ],
      ...GOOD_CONTACT,
      poNumber: 'JOB 7',
    }).expect(201);
    const order = booked.body as { _id: string; orderNumber: string; total: number };
    // Alone on its own UTC day, so the export holds this order only.
    const createdAt = Timestamp.fromMillis(Date.UTC(2028, 2, 3, 9));
    await db.collection('bookings').doc(order._id).update({ createdAt });
    const res = await api()
      .get(API.exportOrders({ from: '2028-03-03', to: '2028-03-03' }))
      .set(bearer(admin.token))
      .expect(200);
    // The header itself is b2b-admin.test.ts's; here the columns are found by name.
    const csv = parseCsv(res.text.replace(/^\uFEFF/, ''));
    const [header, ...rows] = csv;
    const col = (name: string) => header!.indexOf(name);
    // The one-line address is taxed in Illinois (CONTRACT §14, §15): the tax is a row of its own.
    const lineTotals = [5997, 120_000, 17_900];
    const total = (oneLineTotalCents(lineTotals) / 100).toFixed(2);
    const tax = (oneLineTaxCents(...lineTotals) / 100).toFixed(2);
    expect(lineCells(csv)).toEqual([
      ['1', gasket.partNumber, 'Door Gasket', '3', '19.99', '59.97', total],
      ['2', relay.partNumber, 'Start Relay', '100', '12.00', '1200.00', total],
      ['3', fan.partNumber, 'Condenser Fan Motor', '2', '89.50', '179.00', total],
      ['Sales tax', '', 'Sales tax (IL 6.25%)', '1', tax, tax, total],
    ]);
    for (const r of rows) {
      expect([r[col('Order number')], r[col('Date')], r[col('State')], r[col('Customer name')], r[col('Email')], r[col('PO number')]]).toEqual([
        order.orderNumber,
        '2028-03-03T09:00:00.000Z',
        'reserved',
        'Casey Customer',
        customer.email,
        'JOB 7',
      ]);
    }
    const lineCents = rows.reduce((sum, r) => sum + Math.round(Number(r[col('Line total')]) * 100), 0);
    expect(lineCents).toBe(Math.round(order.total * 100));
    expect(order.total).toBe(oneLineTotal(lineTotals));
  });
});
