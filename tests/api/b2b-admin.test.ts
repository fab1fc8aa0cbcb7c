import { Timestamp } from 'firebase-admin/firestore';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API } from '../../common/src/api-paths';
import { api, bearer } from '../support/api';
import { parseCsv } from '../support/csv';
import { clearFirestore, db, makeTool } from '../support/firestore';
import {
  ADMIN,
  ANONYMOUS_CALLERS,
  CUSTOMER,
  GOOD_CONTACT,
  dumpFirestoreWithoutMail as dumpFirestore,
  expectError,
  makeBooking,
  stockOf,
  useCast,
  oneLineTotal,
} from './fixtures';

/** CONTRACT §7 admin: PATCH /manage/{id}, GET /bookingOrder filters, GET /bookingOrder/export.csv. */

const { customer, other, admin } = useCast({ customer: { name: 'Casey Customer' }, other: CUSTOMER, admin: ADMIN });

const GOOD_EDIT = { price: '24.50', availableQuantity: 40, minimumQuantity: 4, packSize: 2, priceBreaks: '10: 22.00, 20: 20.00' };

describe('PATCH /manage/{id}', () => {
  let toolId: string;
  beforeEach(async () => {
    toolId = await makeTool({
      name: 'Door Gasket',
      partNumber: `ED-${Date.now().toString(36).toUpperCase()}`,
      priceCents: 1999,
      minimumQuantity: 2,
      availableQuantity: 10,
    });
  });

  it('edits price, stock, minimum, pack size and breaks, and answers the updated tool', async () => {
    const before = (await db.collection('tools').doc(toolId).get()).data()!;
    const res = await api()
      .patch(API.editTool(toolId))
      .set(bearer(admin.token))
      .send({ ...GOOD_EDIT, name: 'Renamed', partNumber: 'HIJACK-1', image: 'https://evil.test/x.png' })
      .expect(200);
    expect(res.body).toMatchObject({
      _id: toolId,
      name: 'Door Gasket',
      partNumber: before.partNumber,
      price: 24.5,
      availableQuantity: 40,
      minimumQuantity: 4,
      packSize: 2,
      priceBreaks: [
        { minQuantity: 10, price: 22 },
        { minQuantity: 20, price: 20 },
      ],
    });
    const stored = (await db.collection('tools').doc(toolId).get()).data()!;
    expect(stored).toMatchObject({
      priceCents: 2450,
      availableQuantity: 40,
      minimumQuantity: 4,
      packSize: 2,
      priceBreaks: [
        { minQuantity: 10, priceCents: 2200 },
        { minQuantity: 20, priceCents: 2000 },
      ],
      image: before.image,
      name: 'Door Gasket',
    });
    expect((await api().get(API.tool(toolId)).expect(200)).body).toMatchObject({ price: 24.5, packSize: 2 });
  });

  it('makes later bookings follow the new rules and prices', async () => {
    await api().patch(API.editTool(toolId)).set(bearer(admin.token)).send(GOOD_EDIT).expect(200);
    const odd = await api()
      .post(API.booking)
      .set(bearer(customer.token))
      .send({ toolId, quantity: 5, ...GOOD_CONTACT })
      .expect(400);
    expect(odd.body.error.message).toMatch(/multiple of the pack size \(2\)/);
    const res = await api()
      .post(API.booking)
      .set(bearer(customer.token))
      .send({ toolId, quantity: 10, ...GOOD_CONTACT })
      .expect(201);
    expect(res.body).toMatchObject({ price: 22, total: oneLineTotal([22_000]) });
    expect(await stockOf(toolId)).toBe(30);
  });

  it.each([
    ['a minimum above the stock', { minimumQuantity: 50 }, 'minimumQuantity'],
    ['a minimum that is not a whole number of packs', { minimumQuantity: 3 }, 'minimumQuantity'],
    ['a zero price', { price: 0 }, 'price'],
    ['a price with three decimals', { price: '1.234' }, 'price'],
    ['a negative stock', { availableQuantity: -1 }, 'availableQuantity'],
    ['a pack size of 0', { packSize: 0 }, 'packSize'],
    ['breaks that do not fall', { priceBreaks: '10: 30.00' }, 'priceBreaks'],
    [
      'breaks out of order',
      {
        priceBreaks: [
          { minQuantity: 20, price: 20 },
          { minQuantity: 10, price: 22 },
        ],
      },
      'priceBreaks',
    ],
    // No price is no longer refused: PATCH changes only what it is sent (CONTRACT §9, seed-compat.test.ts).
  ])('refuses %s with 400 naming the field, changing nothing', async (_label, over, field) => {
    const before = await dumpFirestore();
    const res = await api()
      .patch(API.editTool(toolId))
      .set(bearer(admin.token))
      .send({ ...GOOD_EDIT, ...over })
      .expect(400);
    expectError(res.body, 'invalid-argument');
    expect(res.body.error.fields).toHaveProperty([field]);
    expect(await dumpFirestore()).toEqual(before);
  });

  it('answers 404 for an unknown or malformed id', async () => {
    const res = await api().patch(API.editTool('no-such-tool')).set(bearer(admin.token)).send(GOOD_EDIT).expect(404);
    expectError(res.body, 'not-found');
    await api().patch(API.editTool('..')).set(bearer(admin.token)).send(GOOD_EDIT).expect(404);
    expect((await db.collection('tools').doc('no-such-tool').get()).exists).toBe(false);
  });

  it('refuses a customer with 403, changing nothing', async () => {
    const before = await dumpFirestore();
    await api().patch(API.editTool(toolId)).set(bearer(customer.token)).send(GOOD_EDIT).expect(403);
    expect(await dumpFirestore()).toEqual(before);
  });

  it.each(ANONYMOUS_CALLERS)('refuses $label with 401', async ({ headers }) => {
    await api().patch(API.editTool(toolId)).set(headers).send(GOOD_EDIT).expect(401);
    expect(await stockOf(toolId)).toBe(10);
  });
});

describe('Manage All Orders: filters and CSV export', () => {
  const ids: Record<string, string> = {};
  const at = (iso: string) => Timestamp.fromDate(new Date(iso));

  beforeAll(async () => {
    await clearFirestore();
    const toolId = await makeTool({ name: 'Filter Drier' });
    const put = async (key: string, createdAt: string, over: Parameters<typeof makeBooking>[2], extra: Record<string, unknown> = {}) => {
      ids[key] = await makeBooking(customer, toolId, over);
      const ref = db.collection('bookings').doc(ids[key]);
      // The part number on the order and on its one line, as a booking of a numbered tool stores it.
      const lines = ((await ref.get()).get('lines') as Record<string, unknown>[]).map((l) => ({ ...l, partNumber: 'FP-FD-016' }));
      await ref.update({
        createdAt: at(createdAt),
        orderNumber: `FP-2026-${String(Object.keys(ids).length).padStart(6, '0')}`,
        partNumber: 'FP-FD-016',
        lines,
        ...extra,
      });
    };
    await put('reservedMay31', '2026-05-31T23:59:59.999Z', { state: 'reserved' });
    await put(
      'reservedJun1',
      '2026-06-01T00:00:00.000Z',
      { state: 'reserved' },
      { userName: '=HYPERLINK("http://evil.test","x")', poNumber: 'JOB, "urgent"\nsecond line' },
    );
    await put('paidJun2', '2026-06-02T10:00:00.000Z', { paid: true, transactionId: 'pi_paid_1', quantity: 3, unitPriceCents: 1234 });
    await put('shippedJun3', '2026-06-03T23:59:59.999Z', { paid: true, transactionId: 'pi_ship_1', status: 'shipped' });
    await put('refundedJun4', '2026-06-04T00:00:00.000Z', { paid: true, transactionId: 'pi_ref_1', state: 'refunded' });
    await put('expiredJun2', '2026-06-02T12:00:00.000Z', { state: 'expired' });
  });

  const list = (query: Parameters<typeof API.filteredOrders>[0], user = admin) => api().get(API.filteredOrders(query)).set(bearer(user.token));
  const idsOf = (body: { _id: string }[]) => body.map((b) => b._id);

  it('lists every order newest first without filters', async () => {
    const res = await list({}).expect(200);
    expect(idsOf(res.body)).toEqual(['refundedJun4', 'shippedJun3', 'expiredJun2', 'paidJun2', 'reservedJun1', 'reservedMay31'].map((k) => ids[k]));
  });

  it('filters by state', async () => {
    expect(idsOf((await list({ state: 'reserved' }).expect(200)).body)).toEqual([ids.reservedJun1, ids.reservedMay31]);
    expect(idsOf((await list({ state: 'paid' }).expect(200)).body)).toEqual([ids.paidJun2]);
    expect(idsOf((await list({ state: 'shipped' }).expect(200)).body)).toEqual([ids.shippedJun3]);
    expect(idsOf((await list({ state: 'refunded' }).expect(200)).body)).toEqual([ids.refundedJun4]);
    expect((await list({ state: 'expired' }).expect(200)).body.map((b: { state: string }) => b.state)).toEqual(['expired']);
  });

  it('filters by an inclusive UTC date range, alone and with a state', async () => {
    expect(idsOf((await list({ from: '2026-06-01', to: '2026-06-03' }).expect(200)).body)).toEqual(
      ['shippedJun3', 'expiredJun2', 'paidJun2', 'reservedJun1'].map((k) => ids[k]),
    );
    expect(idsOf((await list({ to: '2026-05-31' }).expect(200)).body)).toEqual([ids.reservedMay31]);
    expect(idsOf((await list({ from: '2026-06-04' }).expect(200)).body)).toEqual([ids.refundedJun4]);
    expect(idsOf((await list({ state: 'reserved', from: '2026-06-01', to: '2026-06-01' }).expect(200)).body)).toEqual([ids.reservedJun1]);
    expect((await list({ from: '2027-01-01' }).expect(200)).body).toEqual([]);
  });

  it('pages through a filtered list with the cursor', async () => {
    const first = await list({ from: '2026-06-01', limit: 2 }).expect(200);
    expect(idsOf(first.body)).toEqual([ids.refundedJun4, ids.shippedJun3]);
    const cursor = first.headers['x-next-cursor'];
    expect(cursor).toBeTruthy();
    const second = await list({ from: '2026-06-01', limit: 2, cursor }).expect(200);
    expect(idsOf(second.body)).toEqual([ids.expiredJun2, ids.paidJun2]);
    const third = await list({ from: '2026-06-01', limit: 2, cursor: second.headers['x-next-cursor'] }).expect(200);
    expect(idsOf(third.body)).toEqual([ids.reservedJun1]);
    expect(third.headers['x-next-cursor']).toBeUndefined();
  });

  it.each([
    ['an unknown state', '?state=cancelled', 'state'],
    ['a state in capitals', '?state=PAID', 'state'],
    ['a date that does not exist', '?from=2026-02-30', 'from'],
    ['a date in another format', '?to=06/01/2026', 'to'],
    ['a date with a time', '?from=2026-06-01T00:00:00Z', 'from'],
    ['a range that ends before it starts', '?from=2026-06-05&to=2026-06-01', 'to'],
  ])('refuses %s with 400 on the list and the export', async (_label, query, field) => {
    for (const path of [`/bookingOrder${query}`, `/bookingOrder/export.csv${query}`]) {
      const res = await api().get(path).set(bearer(admin.token)).expect(400);
      expectError(res.body, 'invalid-argument');
      expect(res.body.error.fields).toHaveProperty([field]);
    }
  });

  const csv = async (query: Parameters<typeof API.exportOrders>[0] = {}) => {
    const res = await api().get(API.exportOrders(query)).set(bearer(admin.token)).expect(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.text.startsWith('\uFEFF')).toBe(true);
    return parseCsv(res.text.slice(1));
  };

  it('exports the orders as CSV with a header row, escaped fields and no formulas', async () => {
    const rows = await csv();
    expect(rows[0]).toEqual([
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
      'Unit price',
      'Line total',
      'Order total',
      'Transaction id',
    ]);
    expect(rows).toHaveLength(7);
    const byState = Object.fromEntries(rows.slice(1).map((r) => [r[2], r]));
    expect(byState.paid).toEqual([
      expect.stringMatching(/^FP-2026-/),
      '2026-06-02T10:00:00.000Z',
      'paid',
      'Casey Customer',
      customer.email,
      '',
      '1',
      'FP-FD-016',
      'Test Part',
      '3',
      '12.34',
      '37.02',
      '37.02',
      'pi_paid_1',
    ]);
    expect(byState.shipped[2]).toBe('shipped');
    const hostile = rows.find((r) => r[1] === '2026-06-01T00:00:00.000Z')!;
    expect(hostile[3]).toBe('\'=HYPERLINK("http://evil.test","x")');
    expect(hostile[5]).toBe('JOB, "urgent"\nsecond line');
    for (const row of rows) for (const cell of row) expect(cell).not.toMatch(/^[=+\-@]/);
  });

  it('exports the same filtered orders as the list shows', async () => {
    const rows = await csv({ state: 'reserved', from: '2026-06-01' });
    expect(rows).toHaveLength(2);
    expect(rows[1].slice(1, 3)).toEqual(['2026-06-01T00:00:00.000Z', 'reserved']);
    expect(await csv({ from: '2030-01-01' })).toHaveLength(1);
  });

  it('reads a long export in pages and keeps every order once', async () => {
    const toolId = await makeTool({ name: 'Bulk' });
    const writes = Array.from({ length: 230 }, async (_, i) => {
      const id = await makeBooking(other, toolId, { state: 'reserved' });
      // Distinct times: the offline Firestore stand-in does not order ties by document id.
      await db
        .collection('bookings')
        .doc(id)
        .update({ createdAt: Timestamp.fromMillis(Date.UTC(2026, 6, 1) + i), orderNumber: `BULK-${i}` });
    });
    await Promise.all(writes);
    const rows = await csv({ from: '2026-07-01', to: '2026-07-01' });
    expect(rows).toHaveLength(231);
    expect(new Set(rows.slice(1).map((r) => r[0])).size).toBe(230);
    // Newest first across page boundaries.
    expect(rows.slice(1).map((r) => r[0])).toEqual(Array.from({ length: 230 }, (_, i) => `BULK-${229 - i}`));
  });

  it.each([
    ['the list', () => API.allOrders],
    ['the export', () => API.exportOrders()],
  ])('refuses a customer on %s with 403', async (_label, path) => {
    const res = await api().get(path()).set(bearer(other.token)).expect(403);
    expectError(res.body, 'permission-denied');
  });

  it.each(ANONYMOUS_CALLERS)('refuses $label on the export with 401', async ({ headers }) => {
    const res = await api().get(API.exportOrders()).set(headers).expect(401);
    expect(res.headers['content-type']).toMatch(/json/);
  });

  it('refuses the export as a DELETE target: export.csv is never an order id', async () => {
    await api().delete('/bookingOrder/export.csv').set(bearer(admin.token)).expect(404);
  });
});
