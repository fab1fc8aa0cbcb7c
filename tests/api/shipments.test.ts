import { beforeEach, describe, expect, it } from 'vitest';
import { Timestamp } from 'firebase-admin/firestore';
import { API } from '../../common/src/api-paths';
import { reservedOrderDoc, type BookingDoc } from '../../common/src/documents/bookings';
import type { BookingState } from '../../common/src/constants';
import { api, bearer } from '../support/api';
import type { TestUser } from '../support/auth';
import { db, makeTool } from '../support/firestore';
import { ADMIN, CUSTOMER, bookingDoc, dumpFirestoreWithoutMail, expectError, GOOD_CONTACT, pdfText, useCast } from './fixtures';
import { mailSettled, settledInboxOf } from './mail-inbox';

/**
 * Shipments (CONTRACT §14, decision 0079) through HTTP: two partial shipments then the rest, the
 * order's state derived from its lines at each step; a quantity beyond what is left, an unpaid
 * order and a buyer refused, nothing changed; one Idempotency-Key, one shipment; a cancelled
 * shipment's quantities unshipped again; delivery recorded once; each email sent once; the
 * packing slip a PDF.
 */

const cast = useCast({ admin: ADMIN, buyer: { name: 'Sam Shipper' }, other: CUSTOMER });
const { admin, buyer, other } = cast;

let seq = 0;

/** A two-line order (5 and 3 units) written as the API stores it, in `state` (paid by card by default). */
async function order(state: BookingState = 'paid', owner: TestUser = buyer): Promise<{ id: string; orderNumber: string }> {
  seq++;
  const [a, b] = [await makeTool({ name: 'Door gasket' }), await makeTool({ name: 'Defrost timer' })];
  const orderNumber = `FP-2026-${String(700_000 + seq)}`;
  const reserved = reservedOrderDoc({
    buyer: owner,
    lines: [
      {
        toolId: a,
        tool: { name: 'Door gasket', partNumber: 'FP-GASKET-1', minimumQuantity: 1 },
        quantity: 5,
        plan: { unitPriceCents: 1000, totalCents: 5000 },
      },
      {
        toolId: b,
        tool: { name: 'Defrost timer', partNumber: 'FP-TIMER-2', minimumQuantity: 1 },
        quantity: 3,
        plan: { unitPriceCents: 2000, totalCents: 6000 },
      },
    ],
    remaining: 50,
    contact: GOOD_CONTACT,
    poNumber: 'PO-77',
    orderNumber,
    createdAt: Timestamp.fromMillis(Date.UTC(2026, 10, 1) + seq * 1000),
  });
  const paid = state === 'paid';
  const doc: BookingDoc<Timestamp> = {
    ...reserved,
    state,
    paid,
    transactionId: paid ? `pi_ship_${seq}` : null,
    paymentIntentId: paid ? `pi_ship_${seq}` : null,
  };
  const ref = db.collection('bookings').doc();
  await ref.set(doc);
  return { id: ref.id, orderNumber };
}

let keySeq = 0;
const newKey = () => `key-${Date.now().toString(36)}-${++keySeq}`;

const ship = (id: string, body: object, key: string | null = newKey(), user: TestUser = admin) => {
  const req = api().post(API.shipments(id)).set(bearer(user.token));
  if (key !== null) req.set('Idempotency-Key', key);
  return req.send(body);
};
const ups = (lines: { lineId: string; quantity: number }[], trackingNumbers = ['1Z999AA10123456784']) => ({ lines, carrier: 'ups', trackingNumbers });
const read = async (id: string, user: TestUser = buyer) => (await api().get(API.myBooking(id)).set(bearer(user.token)).expect(200)).body;
const shippedOf = async (id: string) => ((await bookingDoc(id))?.lines as { shippedQuantity?: number }[]).map((l) => l.shippedQuantity ?? 0);

beforeEach(async () => {
  await mailSettled();
});

describe('POST /booking/{id}/shipments', () => {
  it('ships in two parts and then the rest, the order’s state following its lines', async () => {
    const { id } = await order();
    const first = await ship(id, ups([{ lineId: '0', quantity: 2 }])).expect(201);
    expect(first.body).toMatchObject({
      lines: [{ lineId: '0', quantity: 2, name: 'Door gasket', partNumber: 'FP-GASKET-1' }],
      carrier: 'ups',
      service: null,
      trackingNumbers: ['1Z999AA10123456784'],
      trackingUrls: ['https://www.ups.com/track?tracknum=1Z999AA10123456784'],
      deliveredAt: null,
    });
    expect(first.body.id).toMatch(/^[a-f0-9]{24}$/);
    let b = await read(id);
    expect(b.state).toBe('partially-shipped');
    expect(b.status).toBeNull();
    expect(b.lines.map((l: { shippedQuantity: number }) => l.shippedQuantity)).toEqual([2, 0]);

    await ship(id, { lines: [{ lineId: 1, quantity: 1 }], carrier: 'fedex', service: '2Day', trackingNumbers: ['123456789012'] }).expect(201);
    b = await read(id);
    expect(b.state).toBe('partially-shipped');
    expect(b.lines.map((l: { shippedQuantity: number }) => l.shippedQuantity)).toEqual([2, 1]);

    await ship(
      id,
      ups([
        { lineId: '0', quantity: 3 },
        { lineId: '1', quantity: 2 },
      ]),
    ).expect(201);
    b = await read(id);
    expect(b).toMatchObject({ state: 'shipped', status: 'shipped' });
    expect(b.lines.map((l: { shippedQuantity: number }) => l.shippedQuantity)).toEqual([5, 3]);
    expect(b.shipments).toHaveLength(3);
    expect(b.shipments[1]).toMatchObject({ carrier: 'fedex', service: '2Day', trackingUrls: ['https://www.fedex.com/fedextrack/?trknbr=123456789012'] });
    // Nothing is left: another shipment is refused.
    await ship(id, ups([{ lineId: '0', quantity: 1 }])).expect(409);
  });

  it('ships an order confirmed on account (before its invoice is paid)', async () => {
    const { id } = await order('confirmed');
    await ship(
      id,
      ups([
        { lineId: '0', quantity: 5 },
        { lineId: '1', quantity: 3 },
      ]),
    ).expect(201);
    expect((await read(id)).state).toBe('shipped');
  });

  it('refuses a quantity beyond what is left to ship, an unknown line and freight without its link, changing nothing', async () => {
    const { id } = await order();
    await ship(id, ups([{ lineId: '0', quantity: 4 }])).expect(201);
    const before = await dumpFirestoreWithoutMail();
    const over = await ship(id, ups([{ lineId: '0', quantity: 2 }])).expect(400);
    expectError(over.body, 'invalid-argument', /1 left to ship/);
    expect(over.body.error.fields['lines.0']).toMatch(/1 left to ship/);
    await ship(id, ups([{ lineId: '2', quantity: 1 }])).expect(400);
    await ship(
      id,
      ups([
        { lineId: '1', quantity: 1 },
        { lineId: '1', quantity: 1 },
      ]),
    ).expect(400);
    await ship(id, { lines: [{ lineId: '1', quantity: 1 }], carrier: 'freight', trackingNumbers: ['PRO-1'] }).expect(400);
    await ship(id, { ...ups([{ lineId: '1', quantity: 1 }]), price: 1 }).expect(400);
    await ship(id, ups([{ lineId: '1', quantity: 1 }]), null).expect(400);
    expect(await dumpFirestoreWithoutMail()).toEqual(before);
  });

  it('takes freight with its own tracking link', async () => {
    const { id } = await order();
    const res = await ship(id, {
      lines: [{ lineId: '1', quantity: 3 }],
      carrier: 'freight',
      trackingNumbers: ['PRO-4455'],
      trackingUrl: 'https://ltl.example.com/track?pro=4455',
    }).expect(201);
    expect(res.body.trackingUrls).toEqual(['https://ltl.example.com/track?pro=4455']);
  });

  it('makes one shipment for one Idempotency-Key, answering the same again; the key with another body is 409', async () => {
    const { id } = await order();
    const key = newKey();
    const body = ups([{ lineId: '0', quantity: 2 }]);
    const first = await ship(id, body, key).expect(201);
    const again = await ship(id, body, key).expect(201);
    expect(again.body).toEqual(first.body);
    expect(await shippedOf(id)).toEqual([2, 0]);
    expect((await read(id)).shipments).toHaveLength(1);
    await ship(id, ups([{ lineId: '0', quantity: 1 }]), key).expect(409);
    expect(await shippedOf(id)).toEqual([2, 0]);
  });

  it('never overships two identical shipments sent at once with different keys', async () => {
    const { id } = await order();
    const body = ups([{ lineId: '0', quantity: 4 }]);
    const results = await Promise.all([ship(id, body), ship(id, body)]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 400]);
    expect(await shippedOf(id)).toEqual([4, 0]);
  });

  it('refuses unpaid, released and refunded orders with 409, and a buyer with 403, changing nothing', async () => {
    const reserved = await order('reserved');
    const refunded = await order('refunded');
    const paid = await order();
    const before = await dumpFirestoreWithoutMail();
    expectError(
      (await ship(reserved.id, ups([{ lineId: '0', quantity: 1 }])).expect(409)).body,
      'conflict',
      'This order is not paid yet, so it can not be shipped.',
    );
    expectError((await ship(refunded.id, ups([{ lineId: '0', quantity: 1 }])).expect(409)).body, 'conflict', /refunded/);
    await ship(paid.id, ups([{ lineId: '0', quantity: 1 }]), newKey(), buyer).expect(403);
    await ship('no-such-order', ups([{ lineId: '0', quantity: 1 }])).expect(404);
    expect(await dumpFirestoreWithoutMail()).toEqual(before);
  });
});

describe('correcting, delivering and cancelling a shipment', () => {
  it('corrects tracking (freight and other still need their link); a buyer may not', async () => {
    const { id } = await order();
    const s = (await ship(id, ups([{ lineId: '0', quantity: 1 }], ['1ZWRONG'])).expect(201)).body;
    const fixed = await api()
      .patch(API.shipment(id, s.id))
      .set(bearer(admin.token))
      .send({ trackingNumbers: ['1ZRIGHT'] })
      .expect(200);
    expect(fixed.body.trackingUrls).toEqual(['https://www.ups.com/track?tracknum=1ZRIGHT']);
    await api().patch(API.shipment(id, s.id)).set(bearer(admin.token)).send({ carrier: 'other' }).expect(400);
    await api()
      .patch(API.shipment(id, s.id))
      .set(bearer(buyer.token))
      .send({ trackingNumbers: ['X'] })
      .expect(403);
    await api()
      .patch(API.shipment(id, 'f'.repeat(24)))
      .set(bearer(admin.token))
      .send({ trackingNumbers: ['X'] })
      .expect(404);
    expect((await read(id)).shipments[0].trackingNumbers).toEqual(['1ZRIGHT']);
  });

  it('cancels a shipment not delivered: its quantities are unshipped and the state goes back', async () => {
    const { id } = await order();
    const a = (await ship(id, ups([{ lineId: '0', quantity: 5 }])).expect(201)).body;
    const b = (await ship(id, ups([{ lineId: '1', quantity: 3 }])).expect(201)).body;
    expect((await read(id)).state).toBe('shipped');
    const after = await api().delete(API.shipment(id, b.id)).set(bearer(admin.token)).expect(200);
    expect(after.body).toMatchObject({ state: 'partially-shipped', status: null });
    expect(after.body.shipments.map((s: { id: string }) => s.id)).toEqual([a.id]);
    expect(await shippedOf(id)).toEqual([5, 0]);
    await api().delete(API.shipment(id, a.id)).set(bearer(admin.token)).expect(200);
    expect((await read(id)).state).toBe('paid');
    expect(await shippedOf(id)).toEqual([0, 0]);
    // Gone: a second cancel finds nothing; its key is not taken again.
    await api().delete(API.shipment(id, a.id)).set(bearer(admin.token)).expect(404);
  });

  it('records delivery once; the order is delivered when every line shipped and every shipment arrived; a delivered one is not cancelled', async () => {
    const { id } = await order();
    const a = (await ship(id, ups([{ lineId: '0', quantity: 5 }])).expect(201)).body;
    const first = await api().post(API.shipmentDelivered(id, a.id)).set(bearer(admin.token)).expect(200);
    expect(first.body.deliveredAt).toEqual(expect.any(String));
    expect((await read(id)).state).toBe('partially-shipped');
    const again = await api().post(API.shipmentDelivered(id, a.id)).set(bearer(admin.token)).expect(200);
    expect(again.body).toEqual(first.body);
    const b = (await ship(id, ups([{ lineId: '1', quantity: 3 }])).expect(201)).body;
    expect((await read(id)).state).toBe('shipped');
    await api().post(API.shipmentDelivered(id, b.id)).set(bearer(admin.token)).expect(200);
    expect((await read(id)).state).toBe('delivered');
    expectError((await api().delete(API.shipment(id, a.id)).set(bearer(admin.token)).expect(409)).body, 'conflict', /delivered/);
    await api().post(API.shipmentDelivered(id, b.id)).set(bearer(buyer.token)).expect(403);
  });
});

describe('the old Shipped action', () => {
  it('ships every line left in one shipment (carrier other, no tracking)', async () => {
    const { id } = await order();
    await ship(id, ups([{ lineId: '0', quantity: 2 }])).expect(201);
    const res = await api().patch(API.markShipped(id)).set(bearer(admin.token)).expect(200);
    expect(res.body).toMatchObject({ state: 'shipped', status: 'shipped' });
    expect(res.body.shipments).toHaveLength(2);
    expect(res.body.shipments[1]).toMatchObject({
      carrier: 'other',
      trackingNumbers: [],
      trackingUrls: [],
      lines: [
        { lineId: '0', quantity: 3 },
        { lineId: '1', quantity: 3 },
      ],
    });
  });
});

describe('what the buyer sees, reads and is sent', () => {
  it('answers shipments to the buyer, 404 to someone else', async () => {
    const { id } = await order();
    await ship(id, ups([{ lineId: '0', quantity: 1 }])).expect(201);
    expect((await read(id)).shipments).toHaveLength(1);
    await api().get(API.myBooking(id)).set(bearer(other.token)).expect(404);
  });

  it('emails the buyer once per shipment and once per delivery, even for a replayed request', async () => {
    const { id, orderNumber } = await order();
    const key = newKey();
    const s = (await ship(id, ups([{ lineId: '0', quantity: 2 }]), key).expect(201)).body;
    await ship(id, ups([{ lineId: '0', quantity: 2 }]), key).expect(201);
    await api().post(API.shipmentDelivered(id, s.id)).set(bearer(admin.token)).expect(200);
    await api().post(API.shipmentDelivered(id, s.id)).set(bearer(admin.token)).expect(200);
    const mails = (await settledInboxOf(buyer.email, 2)).filter((m) => m.subject.includes(orderNumber));
    expect(mails.map((m) => m.subject).sort()).toEqual([`A shipment of order ${orderNumber} was delivered`, `Part of order ${orderNumber} has shipped`]);
    const shipped = mails.find((m) => m.subject.startsWith('Part'))!;
    expect(shipped.text).toContain('2 x Door gasket (FP-GASKET-1)');
    expect(shipped.text).toContain('UPS');
    expect(shipped.text).toContain('https://www.ups.com/track?tracknum=1Z999AA10123456784');
  });

  it('answers the packing slip as a PDF: lines, quantities, ship-to and tracking, no prices', async () => {
    const { id, orderNumber } = await order();
    const s = (await ship(id, ups([{ lineId: '1', quantity: 2 }])).expect(201)).body;
    const res = await api().get(API.packingSlip(id, s.id)).set(bearer(buyer.token)).responseType('blob').expect(200);
    expect(res.headers['content-type']).toMatch(/^application\/pdf/);
    const text = await pdfText(res.body as Buffer);
    expect(text).toContain('PACKING SLIP');
    expect(text).toContain(orderNumber);
    expect(text).toContain('Defrost timer');
    expect(text).toContain('12 Frost Lane');
    expect(text).toContain('1Z999AA10123456784');
    expect(text).not.toMatch(/\$\d/);
    await api().get(API.packingSlip(id, s.id)).set(bearer(other.token)).expect(404);
    await api()
      .get(API.packingSlip(id, 'a'.repeat(24)))
      .set(bearer(buyer.token))
      .expect(404);
  });
});

describe('Manage All Orders: to ship', () => {
  it('lists paid or confirmed orders with lines left to ship, oldest first; not with state', async () => {
    const waiting = await order();
    const onAccount = await order('confirmed');
    const part = await order();
    await ship(part.id, ups([{ lineId: '0', quantity: 1 }])).expect(201);
    const done = await order();
    await api().patch(API.markShipped(done.id)).set(bearer(admin.token)).expect(200);
    const unpaid = await order('reserved');
    const res = await api().get(`${API.allOrders}?toShip=true&limit=100`).set(bearer(admin.token)).expect(200);
    const ids = res.body.map((b: { _id: string }) => b._id);
    expect(ids).toEqual(expect.arrayContaining([waiting.id, onAccount.id, part.id]));
    expect(ids).not.toContain(done.id);
    expect(ids).not.toContain(unpaid.id);
    for (const b of res.body) expect(['paid', 'confirmed', 'partially-shipped']).toContain(b.state);
    const times = res.body.map((b: { createdAt: string }) => b.createdAt);
    expect(times).toEqual([...times].sort());
    await api().get(`${API.allOrders}?toShip=true&state=paid`).set(bearer(admin.token)).expect(400);
    await api().get(`${API.allOrders}?toShip=yes`).set(bearer(admin.token)).expect(400);
  });
});
