import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API } from '../../common/src/api-paths';
import { MESSAGES } from '../../common/src/messages';
import { SHOP } from '../../common/src/constants';
import { api, bearer } from '../support/api';
import { db, makeTool } from '../support/firestore';
import {
  ADMIN,
  ANONYMOUS_CALLERS,
  catalogued,
  CUSTOMER,
  GOOD_CONTACT,
  dumpFirestoreWithoutMail as dumpFirestore,
  expectError,
  makeBooking,
  orderDocument,
  PARTS,
  pdfText,
  quickOrder as quick,
  stockOf,
  useCast,
  oneLineTotal,
  oneLineTotalCents,
} from './fixtures';
import { bookedLine } from './order-fixtures';

/** CONTRACT §7: POST /booking/quick and GET /booking/{id}/document. */

const { owner, other, admin } = useCast({ owner: { name: 'Casey Customer' }, other: CUSTOMER, admin: ADMIN });

describe('POST /booking/quick', () => {
  let gasket: { id: string; partNumber: string };
  let relay: { id: string; partNumber: string };
  beforeEach(async () => {
    gasket = await catalogued(PARTS.gasket);
    relay = await catalogued(PARTS.relay);
  });

  it('books every line in one go as one order, with the owner from the token and prices from the tools', async () => {
    const res = await quick(owner, {
      lines: [
        { partNumber: gasket.partNumber.toLowerCase(), quantity: 3 },
        { partNumber: relay.partNumber, quantity: '100' },
        { partNumber: relay.partNumber, quantity: 10 },
      ],
      ...GOOD_CONTACT,
      poNumber: 'JOB-2026-17',
      email: 'mallory@example.test',
      paid: true,
    }).expect(201);
    // CONTRACT §8: one order; the single-item fields are its first line's, the total the lines' sum.
    expect(res.body).toMatchObject({
      toolId: gasket.id,
      partNumber: gasket.partNumber,
      name: 'Door Gasket',
      email: owner.email,
      userName: 'Casey Customer',
      price: 19.99,
      quantity: 3,
      itemMinimumQuantity: 2,
      itemAvailableQuantity: 7,
      // And Illinois' tax of each line (the one-line address: CONTRACT §14, §15).
      total: oneLineTotal([5997, 120_000, 15_000]),
      lineCount: 3,
      poNumber: 'JOB-2026-17',
      paid: false,
      state: 'reserved',
      ...GOOD_CONTACT,
    });
    expect(res.body.lines).toEqual([
      bookedLine(gasket, { name: 'Door Gasket', quantity: 3, price: 19.99, lineTotal: 59.97 }),
      bookedLine(relay, { name: 'Start Relay', quantity: 100, price: 12, lineTotal: 1200 }),
      bookedLine(relay, { name: 'Start Relay', quantity: 10, price: 15, lineTotal: 150 }),
    ]);
    expect(res.body.orderNumber).toMatch(/^FP-\d{4}-\d{6}$/);
    expect(await stockOf(gasket.id)).toBe(7);
    expect(await stockOf(relay.id)).toBe(390);
    const all = await db.collection('bookings').where('uid', '==', owner.uid).where('orderNumber', '==', res.body.orderNumber).get();
    expect(all.size).toBe(1);
    expect(all.docs[0].id).toBe(res.body._id);
    expect(all.docs[0].data()).toMatchObject({
      uid: owner.uid,
      paid: false,
      transactionId: null,
      state: 'reserved',
      totalCents: oneLineTotalCents([5997, 120_000, 15_000]),
      toolIds: [gasket.id, relay.id],
    });
    // The order reads the same through GET /mybooking/{id} and in My Orders.
    const booked = res.body;
    expect((await api().get(API.myBooking(res.body._id)).set(bearer(owner.token)).expect(200)).body).toEqual(booked);
    const mine = await api().get(API.myBookings(owner.email)).set(bearer(owner.token)).expect(200);
    expect(mine.body.find((b: { _id: string }) => b._id === res.body._id)).toEqual(booked);
  });

  it('books nothing when one line is bad, names every bad line and why, and leaves stock alone', async () => {
    const before = await dumpFirestore();
    const res = await quick(owner, {
      lines: [
        { partNumber: gasket.partNumber, quantity: 3 },
        { partNumber: 'FP-DOES-NOT-EXIST', quantity: 5 },
        { partNumber: gasket.partNumber, quantity: 1 },
        { partNumber: relay.partNumber, quantity: 15 },
        { partNumber: gasket.partNumber, quantity: 8 },
      ],
      ...GOOD_CONTACT,
    }).expect(400);
    expectError(res.body, 'invalid-argument', /nothing was booked/);
    const fields = res.body.error.fields as Record<string, string>;
    expect(Object.keys(fields).sort()).toEqual(['lines.1.partNumber', 'lines.2.quantity', 'lines.3.quantity', 'lines.4.quantity']);
    expect(fields['lines.1.partNumber']).toMatch(/Unknown part number FP-DOES-NOT-EXIST/);
    expect(fields['lines.2.quantity']).toContain(MESSAGES.quantityOutOfRange);
    expect(fields['lines.3.quantity']).toMatch(/multiple of the pack size \(10\)/);
    // 3 + 8 > 10: the same part number on two lines counts against the stock together.
    expect(fields['lines.4.quantity']).toMatch(/7 available after earlier lines/);
    expect(await dumpFirestore()).toEqual(before);
    expect(await stockOf(gasket.id)).toBe(10);
  });

  it('refuses a part number whose tool has been removed', async () => {
    await api().delete(API.deleteTool(gasket.id)).set(bearer(admin.token)).expect(200);
    const res = await quick(owner, { lines: [{ partNumber: gasket.partNumber, quantity: 2 }], ...GOOD_CONTACT }).expect(400);
    expect(res.body.error.fields).toEqual({ 'lines.0.partNumber': expect.stringMatching(/Unknown part number/) });
  });

  it.each([
    ['no lines', { lines: [] }, 'lines'],
    ['lines not a list', { lines: 'FP-1 2' }, 'lines'],
    ['51 lines', { lines: Array.from({ length: 51 }, () => ({ partNumber: 'FP-1', quantity: 1 })) }, 'lines'],
    ['a malformed part number', { lines: [{ partNumber: 'fp 1!', quantity: 1 }] }, 'lines.0.partNumber'],
    ['a zero quantity', { lines: [{ partNumber: 'FP-1', quantity: 0 }] }, 'lines.0.quantity'],
    ['a fractional quantity', { lines: [{ partNumber: 'FP-1', quantity: 1.5 }] }, 'lines.0.quantity'],
    ['a PO number of 36 characters', { lines: [{ partNumber: 'FP-1', quantity: 1 }], poNumber: 'x'.repeat(36) }, 'poNumber'],
    ['no phone', { lines: [{ partNumber: 'FP-1', quantity: 1 }], phone: undefined }, 'phone'],
  ])('refuses %s with 400 naming the field, changing nothing', async (_label, over, field) => {
    const before = await dumpFirestore();
    const res = await quick(owner, { ...GOOD_CONTACT, ...over }).expect(400);
    expectError(res.body, 'invalid-argument');
    expect(res.body.error.fields).toHaveProperty([field]);
    expect(await dumpFirestore()).toEqual(before);
  });

  it('accepts exactly 50 lines, as one order with one order number', async () => {
    const lines = Array.from({ length: 50 }, () => ({ partNumber: relay.partNumber, quantity: 10 }));
    const res = await quick(owner, { lines, ...GOOD_CONTACT }).expect(201);
    expect(res.body).toMatchObject({
      lineCount: 50,
      quantity: 10,
      price: 15,
      total: oneLineTotal(Array.from({ length: 50 }, () => 15_000)),
      itemAvailableQuantity: 0,
    });
    expect(res.body.lines).toHaveLength(50);
    expect(await stockOf(relay.id)).toBe(0);
    expect((await db.collection('bookings').where('toolId', '==', relay.id).get()).size).toBe(1);
  });

  it.each(ANONYMOUS_CALLERS)('refuses $label with 401 and books nothing', async ({ headers }) => {
    const before = await dumpFirestore();
    await api()
      .post(API.quickOrder)
      .set(headers)
      .send({ lines: [{ partNumber: gasket.partNumber, quantity: 2 }], ...GOOD_CONTACT })
      .expect(401);
    expect(await dumpFirestore()).toEqual(before);
  });

  it('lets an admin quick-order for themself like any buyer', async () => {
    const res = await quick(admin, { lines: [{ partNumber: gasket.partNumber, quantity: 2 }], ...GOOD_CONTACT }).expect(201);
    expect(res.body).toMatchObject({ email: admin.email, quantity: 2, lineCount: 1 });
  });

  it('never oversells: 10 parallel orders against stock for 3', async () => {
    const scarce = await catalogued({ name: 'Scarce Valve', minimumQuantity: 1, availableQuantity: 3 });
    const buyers = [owner, other];
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        quick(buyers[i % 2], {
          lines: [
            { partNumber: scarce.partNumber, quantity: 1 },
            { partNumber: relay.partNumber, quantity: 10 },
          ],
          ...GOOD_CONTACT,
        }),
      ),
    );
    const statuses = results.map((r) => r.status);
    for (const s of statuses) expect([201, 400, 409]).toContain(s);
    const won = results.filter((r) => r.status === 201);
    expect(won.length).toBeGreaterThanOrEqual(1);
    expect(won.length).toBeLessThanOrEqual(3);
    const stock = (await stockOf(scarce.id))!;
    expect(stock).toBe(3 - won.length);
    const booked = await db.collection('bookings').where('toolId', '==', scarce.id).get();
    expect(booked.size).toBe(won.length);
    for (const d of booked.docs) expect(d.get('lines')).toHaveLength(2);
    // All or nothing across tools too: the relay lost exactly the winners' 10 each.
    expect(await stockOf(relay.id)).toBe(500 - 10 * won.length);
    const numbers = won.map((r) => r.body.orderNumber as string);
    expect(new Set(numbers).size).toBe(numbers.length);
    for (const r of results.filter((x) => x.status === 400)) expect(r.body.error.fields).toHaveProperty(['lines.0.quantity']);
  });
});

describe('GET /booking/{id}/document', () => {
  let toolPn: string;
  let reservedId: string;
  beforeAll(async () => {
    const tool = await catalogued(PARTS.fan);
    toolPn = tool.partNumber;
    const res = await quick(owner, { lines: [{ partNumber: toolPn, quantity: 2 }], ...GOOD_CONTACT, poNumber: 'PO-4711' }).expect(201);
    reservedId = res.body._id;
  });

  it('gives the owner a purchase order while unpaid, with every field', async () => {
    const res = await orderDocument(owner, reservedId).expect(200);
    expect(res.headers['content-type']).toMatch(/^application\/pdf/);
    const booking = (await api().get(API.myBooking(reservedId)).set(bearer(owner.token)).expect(200)).body;
    expect(res.headers['content-disposition']).toBe(`inline; filename="${booking.orderNumber}.pdf"`);
    expect(res.headers['cache-control']).toBe('no-store');
    const text = await pdfText(res.body as Buffer);
    expect(text).toMatch(/PURCHASE ORDER/);
    expect(text).not.toMatch(/INVOICE/);
    for (const piece of [
      SHOP.name,
      SHOP.addressLines[0],
      booking.orderNumber,
      booking.createdAt.slice(0, 10),
      'Casey Customer',
      owner.email,
      'PO-4711',
      'Condenser Fan Motor',
      toolPn,
      '$89.50',
      '$179.00',
      'Unpaid',
    ]) {
      expect(text).toContain(piece);
    }
  });

  it('is an invoice with the transaction id once paid, and says refunded after a refund', async () => {
    const toolId = await makeTool({ name: 'Thermostat' });
    const paidId = await makeBooking(owner, toolId, { paid: true, transactionId: 'pi_test_paid_123', quantity: 4, unitPriceCents: 2500 });
    const paid = await pdfText((await orderDocument(owner, paidId).expect(200)).body as Buffer);
    expect(paid).toMatch(/INVOICE/);
    expect(paid).not.toMatch(/PURCHASE ORDER/);
    expect(paid).toContain('pi_test_paid_123');
    expect(paid).toContain('$100.00');
    expect(paid).toMatch(/Payment: Paid/);

    const refundedId = await makeBooking(owner, toolId, { paid: true, transactionId: 'pi_test_refunded', state: 'refunded' });
    const refunded = await pdfText((await orderDocument(admin, refundedId).expect(200)).body as Buffer);
    expect(refunded).toMatch(/REFUNDED/);
    expect(refunded).toMatch(/Payment: Refunded/);
  });

  it('answers an admin', async () => {
    const res = await orderDocument(admin, reservedId).expect(200);
    expect((res.body as Buffer).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('answers 404 to another customer, exactly as for an unknown id', async () => {
    const foreign = await api().get(API.bookingDocument(reservedId)).set(bearer(other.token)).expect(404);
    const unknown = await api().get(API.bookingDocument('no-such-booking')).set(bearer(other.token)).expect(404);
    expect(foreign.headers['content-type']).toMatch(/json/);
    expect(foreign.body.error.code).toBe(unknown.body.error.code);
    expect(foreign.body.error.message.replace(reservedId, 'X')).toBe(unknown.body.error.message.replace('no-such-booking', 'X'));
    await api().get(API.bookingDocument('..')).set(bearer(owner.token)).expect(404);
  });

  it.each(ANONYMOUS_CALLERS)('refuses $label with 401', async ({ headers }) => {
    await api().get(API.bookingDocument(reservedId)).set(headers).expect(401);
  });
});
