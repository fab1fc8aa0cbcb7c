import '../support/env';
import { describe, expect, it } from 'vitest';
import { API } from '../../common/src/api-paths';
import { addCalendarDays, shopToday } from '../../common/src/availability/availability';
import { sweepReservations } from '../../functions/src/services/sweep/reservation-sweep';
import { api, bearer } from '../support/api';
import { db, makeTool } from '../support/firestore';
import type { TestUser } from '../support/auth';
import {
  ADMIN,
  CUSTOMER,
  catalogued,
  GOOD_CONTACT,
  HOUR,
  bookingDoc,
  expectError,
  payWithCard,
  placeBooking,
  quickOrder,
  signedUpUser,
  stockOf,
  useCast,
} from './fixtures';
import { SHIPS_COMPLETE } from '../../functions/src/services/shipping/shipments';
import { inboxOf, mailSettled } from './mail-inbox';

/**
 * CONTRACT §14 "Backorders" (decision 0080): a line sent with `backorder: true` reserves what is in
 * stock and backorders the rest with the day it is expected; stock that arrives (addStock) goes to
 * the backorders first, oldest order first, each buyer emailed once per allocation; cancel and
 * expiry give back only the reserved part and leave the queue, and what they give back goes to the
 * other orders waiting for the tool first, as arriving stock does (issue 45).
 */

const { customer, admin } = useCast({ customer: CUSTOMER, admin: ADMIN });

const queueOf = async (toolId: string) =>
  (await db.collection('backorders').where('toolId', '==', toolId).get()).docs.map((d) => ({
    id: d.id,
    ...(d.data() as { bookingId: string; quantity: number }),
  }));
const toolOf = async (toolId: string) => (await api().get(API.tool(toolId)).expect(200)).body;
const addStock = (toolId: string, n: number, ifMatch?: string) => {
  const req = api().patch(API.editTool(toolId)).set(bearer(admin.token));
  return (ifMatch ? req.set('If-Match', ifMatch) : req).send({ addStock: n });
};
const readyMailsOf = async (email: string) => (await inboxOf(email)).filter((m) => /backordered parts are ready/.test(m.subject));
const today = () => shopToday(new Date());

describe('placing a backorder', () => {
  it('reserves what is in stock and records the rest with the day lead time gives', async () => {
    const toolId = await makeTool({ availableQuantity: 4, minimumQuantity: 1, leadTimeDays: 10 });
    const res = await placeBooking(customer, { toolId, quantity: 10, backorder: true, shipComplete: true, ...GOOD_CONTACT }).expect(201);
    expect(res.body.shipComplete).toBe(true);
    expect(res.body.lines[0]).toMatchObject({ quantity: 10, backorderedQuantity: 6, expectedOn: addCalendarDays(today(), 10) });
    expect(await stockOf(toolId)).toBe(0);
    expect(await queueOf(toolId)).toEqual([expect.objectContaining({ bookingId: res.body._id, quantity: 6 })]);
    // The order page and the tool say so: the tool has no stock and open backorders.
    const mine = await api().get(API.myBooking(res.body._id)).set(bearer(customer.token)).expect(200);
    expect(mine.body.lines[0]).toMatchObject({ backorderedQuantity: 6, expectedOn: addCalendarDays(today(), 10) });
    expect((await toolOf(toolId)).availability).toMatchObject({ status: 'backorder', available: 0 });
  });

  it('dates a backorder by the first expected delivery that covers its place in the queue', async () => {
    const { id: toolId, partNumber } = await catalogued({ availableQuantity: 0, minimumQuantity: 1 });
    const soon = addCalendarDays(today(), 3);
    const later = addCalendarDays(today(), 9);
    await addStockRows(toolId, [
      { quantity: 5, expectedOn: soon },
      { quantity: 20, expectedOn: later },
    ]);
    const first = await quickOrder(customer, { lines: [{ partNumber, quantity: 4, backorder: true }], ...GOOD_CONTACT }).expect(201);
    expect(first.body.lines[0]).toMatchObject({ backorderedQuantity: 4, expectedOn: soon });
    expect(first.body.shipComplete).toBe(false);
    const second = await placeBooking(customer, { toolId, quantity: 3, backorder: true, ...GOOD_CONTACT }).expect(201);
    expect(second.body.lines[0]).toMatchObject({ backorderedQuantity: 3, expectedOn: later });
  });

  it('without backorder: true, more than the stock is refused as before and nothing moves', async () => {
    const toolId = await makeTool({ availableQuantity: 4, minimumQuantity: 1 });
    const res = await placeBooking(customer, { toolId, quantity: 10, ...GOOD_CONTACT }).expect(400);
    expectError(res.body, 'invalid-argument');
    expect(await stockOf(toolId)).toBe(4);
    expect(await queueOf(toolId)).toEqual([]);
  });

  it('refuses to backorder a discontinued part, saying so', async () => {
    const replacement = await makeTool({ availableQuantity: 5 });
    const toolId = await makeTool({ availableQuantity: 0, minimumQuantity: 1, replacedBy: replacement });
    const res = await placeBooking(customer, { toolId, quantity: 2, backorder: true, ...GOOD_CONTACT }).expect(400);
    expect(res.body.error.message).toMatch(/discontinued, so it can not be backordered/);
  });

  it('backorders through the cart when its line says so, and the cart answers what would wait', async () => {
    const toolId = await makeTool({ availableQuantity: 2, minimumQuantity: 1, leadTimeDays: 5 });
    const cart = await api()
      .put(API.cart)
      .set(bearer(customer.token))
      .send({ lines: [{ toolId, quantity: 7, backorder: true }] })
      .expect(200);
    expect(cart.body.lines[0]).toMatchObject({ backorder: true, backorderedQuantity: 5, expectedOn: addCalendarDays(today(), 5), problem: null });
    const order = await api()
      .post(API.checkout)
      .set(bearer(customer.token))
      .send({ ...GOOD_CONTACT });
    expect(order.status).toBe(201);
    expect(order.body.lines[0]).toMatchObject({ quantity: 7, backorderedQuantity: 5 });
    expect(await stockOf(toolId)).toBe(0);
  });
});

describe('stock arriving', () => {
  it('30 buyers backordering one part at once: addStock allocates oldest first, nothing oversold, each buyer emailed once', async () => {
    const toolId = await makeTool({ availableQuantity: 10, minimumQuantity: 1, priceCents: 1000 });
    const buyers: TestUser[] = [];
    for (let i = 0; i < 30; i++) buyers.push(await signedUpUser());
    const placed = await Promise.all(buyers.map((b) => placeBooking(b, { toolId, quantity: 2, backorder: true, ...GOOD_CONTACT })));
    expect(placed.map((r) => r.status)).toEqual(buyers.map(() => 201));
    const orders = placed.map((r, i) => ({ id: r.body._id as string, buyer: buyers[i]! }));
    const docs = await Promise.all(orders.map(async (o) => ({ ...o, doc: (await bookingDoc(o.id))! })));
    // Placement order (the queue's order): the first five took the 10 in stock.
    docs.sort((a, b) => a.doc.createdAt.toMillis() - b.doc.createdAt.toMillis() || a.id.localeCompare(b.id));
    const waiting = (d: (typeof docs)[number]) => (d.doc.lines[0].backorderedQuantity ?? 0) as number;
    expect(docs.reduce((n, d) => n + 2 - waiting(d), 0)).toBe(10);
    expect(await stockOf(toolId)).toBe(0);
    expect(docs.reduce((n, d) => n + waiting(d), 0)).toBe(50);
    await mailSettled();

    // 21 arrive: the waiting orders, oldest first, take 2 each (10 orders) and the 11th takes 1.
    const res = await addStock(toolId, 21).expect(200);
    expect(res.body.availableQuantity).toBe(0);
    expect(await stockOf(toolId)).toBe(0);
    const queued = docs.filter((d) => waiting(d) > 0);
    const after = await Promise.all(queued.map(async (d) => ((await bookingDoc(d.id))!.lines[0].backorderedQuantity ?? 0) as number));
    const expected = queued.map((d, i) => (i < 10 ? 0 : i === 10 ? waiting(d) - 1 : waiting(d)));
    expect(after).toEqual(expected);
    expect((await queueOf(toolId)).reduce((n, e) => n + e.quantity, 0)).toBe(50 - 21);
    await mailSettled();
    for (const [i, d] of queued.entries()) {
      const mails = await readyMailsOf(d.buyer.email);
      expect(mails.length, `${d.buyer.email} (${i})`).toBe(i <= 10 ? 1 : 0);
    }
    // The rest arrive, with 3 more than waiting: those 3 are the tool's stock.
    await addStock(toolId, 32).expect(200);
    expect(await stockOf(toolId)).toBe(3);
    expect(await queueOf(toolId)).toEqual([]);
    expect((await toolOf(toolId)).availability).toMatchObject({ status: 'in_stock', available: 3 });
    await mailSettled();
    // The 11th was served twice (two allocations), each once.
    expect(await readyMailsOf(queued[10]!.buyer.email)).toHaveLength(2);
  });

  it('a delivery replayed with the same If-Match is refused and allocates once', async () => {
    const toolId = await makeTool({ availableQuantity: 0, minimumQuantity: 1 });
    const buyer = await signedUpUser();
    const order = await placeBooking(buyer, { toolId, quantity: 5, backorder: true, ...GOOD_CONTACT }).expect(201);
    const etag = (await api().get(API.tool(toolId)).expect(200)).headers.etag as string;
    await mailSettled();
    const [a, b] = await Promise.all([addStock(toolId, 3, etag), addStock(toolId, 3, etag)]);
    expect([a.status, b.status].sort()).toEqual([200, 412]);
    expect((await bookingDoc(order.body._id))!.lines[0].backorderedQuantity).toBe(2);
    expect(await stockOf(toolId)).toBe(0);
    await mailSettled();
    expect(await readyMailsOf(buyer.email)).toHaveLength(1);
  });
});

describe('giving stock back', () => {
  it('cancelling a backordered order returns only its reserved stock and leaves the queue', async () => {
    const toolId = await makeTool({ availableQuantity: 3, minimumQuantity: 1 });
    const order = await placeBooking(customer, { toolId, quantity: 8, backorder: true, ...GOOD_CONTACT }).expect(201);
    expect(await stockOf(toolId)).toBe(0);
    await api().delete(API.cancelBooking(customer.email, order.body._id)).set(bearer(customer.token)).expect(200);
    expect(await stockOf(toolId)).toBe(3);
    expect(await queueOf(toolId)).toEqual([]);
    // Arriving stock is the tool's again.
    await addStock(toolId, 4).expect(200);
    expect(await stockOf(toolId)).toBe(7);
  });

  it('an expired backordered order returns only its reserved stock once, and its backorder takes no arriving stock', async () => {
    const toolId = await makeTool({ availableQuantity: 2, minimumQuantity: 1 });
    await placeBooking(customer, { toolId, quantity: 6, backorder: true, ...GOOD_CONTACT }).expect(201);
    await sweepReservations({ now: new Date(Date.now() + 49 * HOUR) });
    await sweepReservations({ now: new Date(Date.now() + 50 * HOUR) });
    expect(await stockOf(toolId)).toBe(2);
    expect(await queueOf(toolId)).toEqual([]);
    await addStock(toolId, 5).expect(200);
    expect(await stockOf(toolId)).toBe(7);
  });
});

describe("stock given back goes to other orders' waiting backorders first (issue 45)", () => {
  const toolDoc = async (toolId: string) =>
    (await db.collection('tools').doc(toolId).get()).data() as { availableQuantity: number; backorderedQuantity?: number };

  it('a cancel: its units serve the waiting orders oldest first, never its own backorder; each served buyer emailed once', async () => {
    const toolId = await makeTool({ availableQuantity: 3, minimumQuantity: 1 });
    const [cancelling, first, second] = [await signedUpUser(), await signedUpUser(), await signedUpUser()];
    // The cancelled order holds 3 and waits for 2 itself; then two orders wait for 2 each.
    const gone = await placeBooking(cancelling, { toolId, quantity: 5, backorder: true, ...GOOD_CONTACT }).expect(201);
    expect(gone.body.lines[0]).toMatchObject({ backorderedQuantity: 2 });
    const a = await placeBooking(first, { toolId, quantity: 2, backorder: true, ...GOOD_CONTACT }).expect(201);
    const b = await placeBooking(second, { toolId, quantity: 2, backorder: true, ...GOOD_CONTACT }).expect(201);
    expect(await toolDoc(toolId)).toMatchObject({ availableQuantity: 0, backorderedQuantity: 6 });
    await mailSettled();

    await api().delete(API.cancelBooking(cancelling.email, gone.body._id)).set(bearer(cancelling.token)).expect(200);
    // Its 3: 2 to the oldest waiting order, 1 to the next; none to the shelf, none to itself.
    expect((await bookingDoc(a.body._id))!.lines[0]).toMatchObject({ backorderedQuantity: 0, backorderId: null, expectedOn: null });
    expect((await bookingDoc(b.body._id))!.lines[0]).toMatchObject({ backorderedQuantity: 1 });
    expect(await bookingDoc(gone.body._id)).toBeUndefined();
    expect(await toolDoc(toolId)).toMatchObject({ availableQuantity: 0, backorderedQuantity: 1 });
    expect(await queueOf(toolId)).toEqual([expect.objectContaining({ bookingId: b.body._id, quantity: 1 })]);
    await mailSettled();
    expect(await readyMailsOf(first.email)).toHaveLength(1);
    expect(await readyMailsOf(second.email)).toHaveLength(1);
    expect(await readyMailsOf(cancelling.email)).toHaveLength(0);
    // The rest arrives as before: the last unit waiting first, then the shelf.
    await addStock(toolId, 4).expect(200);
    expect(await toolDoc(toolId)).toMatchObject({ availableQuantity: 3, backorderedQuantity: 0 });
    await mailSettled();
    expect(await readyMailsOf(second.email)).toHaveLength(2);
  });

  it('an order of two parts gives both back at once: an order waiting on both is served both in one write, with one email', async () => {
    const relay = await catalogued({ availableQuantity: 2, minimumQuantity: 1 });
    const fan = await catalogued({ availableQuantity: 1, minimumQuantity: 1 });
    const [cancelling, waiting] = [await signedUpUser(), await signedUpUser()];
    const both = (quantity: number) => [
      { partNumber: relay.partNumber, quantity: quantity * 2, backorder: true },
      { partNumber: fan.partNumber, quantity, backorder: true },
    ];
    const gone = await quickOrder(cancelling, { lines: both(1), ...GOOD_CONTACT }).expect(201);
    const served = await quickOrder(waiting, { lines: both(1), ...GOOD_CONTACT }).expect(201);
    expect(served.body.lines.map((l: { backorderedQuantity: number }) => l.backorderedQuantity)).toEqual([2, 1]);
    await mailSettled();
    await api().delete(API.cancelBooking(cancelling.email, gone.body._id)).set(bearer(cancelling.token)).expect(200);
    const after = (await bookingDoc(served.body._id))!;
    expect(after.lines.map((l: { backorderedQuantity?: number }) => l.backorderedQuantity)).toEqual([0, 0]);
    expect(after.backorderAllocations).toBe(1);
    expect(await toolDoc(relay.id)).toMatchObject({ availableQuantity: 0, backorderedQuantity: 0 });
    expect(await toolDoc(fan.id)).toMatchObject({ availableQuantity: 0, backorderedQuantity: 0 });
    await mailSettled();
    const mails = await readyMailsOf(waiting.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(relay.partNumber);
    expect(mails[0]!.text).toContain(fan.partNumber);
  });

  it("an expiry: the expired order's units serve the waiting order in the sweep's transaction, once however often the sweep runs", async () => {
    const toolId = await makeTool({ availableQuantity: 3, minimumQuantity: 1 });
    const [lapsing, waiting] = [await signedUpUser(), await signedUpUser()];
    const lapsed = await placeBooking(lapsing, { toolId, quantity: 3, ...GOOD_CONTACT }).expect(201);
    const paid = await placeBooking(waiting, { toolId, quantity: 2, backorder: true, ...GOOD_CONTACT }).expect(201);
    expect(paid.body.lines[0]).toMatchObject({ backorderedQuantity: 2 });
    // Paid, the waiting order does not expire: only the unpaid one does.
    await payWithCard(waiting, paid.body._id);
    await mailSettled();
    await sweepReservations({ now: new Date(Date.now() + 49 * HOUR) });
    await sweepReservations({ now: new Date(Date.now() + 50 * HOUR) });
    expect((await bookingDoc(lapsed.body._id))!.state).toBe('expired');
    expect((await bookingDoc(paid.body._id))!.lines[0]).toMatchObject({ backorderedQuantity: 0 });
    expect(await toolDoc(toolId)).toMatchObject({ availableQuantity: 1, backorderedQuantity: 0 });
    expect(await queueOf(toolId)).toEqual([]);
    await mailSettled();
    expect(await readyMailsOf(waiting.email)).toHaveLength(1);
  });
});

async function addStockRows(toolId: string, restock: { quantity: number; expectedOn: string }[]): Promise<void> {
  await api().patch(API.editTool(toolId)).set(bearer(admin.token)).send({ restock }).expect(200);
}

describe('shipping a backordered order (CONTRACT §14, decisions 0079 and 0080)', () => {
  const shipAll = (id: string, lines: { lineId: string; quantity: number }[], key: string) =>
    api()
      .post(API.shipments(id))
      .set(bearer(admin.token))
      .set('Idempotency-Key', key)
      .send({ lines, carrier: 'ups', trackingNumbers: ['1Z999AA10123456784'] });

  it('ship complete: nothing ships while a part waits; once it arrives the whole order ships', async () => {
    const toolId = await makeTool({ availableQuantity: 4, minimumQuantity: 1 });
    const placed = await placeBooking(customer, { toolId, quantity: 10, backorder: true, shipComplete: true, ...GOOD_CONTACT }).expect(201);
    await payWithCard(customer, placed.body._id);
    const refused = await shipAll(placed.body._id, [{ lineId: '0', quantity: 4 }], `complete-${Date.now()}`).expect(409);
    expect(refused.body.error.message).toBe(SHIPS_COMPLETE);
    expect((await bookingDoc(placed.body._id))?.lines[0].shippedQuantity ?? 0).toBe(0);
    await addStock(toolId, 6).expect(200);
    expect((await bookingDoc(placed.body._id))?.lines[0].backorderedQuantity ?? 0).toBe(0);
    const shipped = await shipAll(placed.body._id, [{ lineId: '0', quantity: 10 }], `complete-all-${Date.now()}`).expect(201);
    expect(shipped.body.lines).toEqual([expect.objectContaining({ lineId: '0', quantity: 10 })]);
    expect((await bookingDoc(placed.body._id))?.state).toBe('shipped');
  });

  it('ship what is ready: the part in stock ships now, the backordered rest after it arrives', async () => {
    const toolId = await makeTool({ availableQuantity: 4, minimumQuantity: 1 });
    const placed = await placeBooking(customer, { toolId, quantity: 10, backorder: true, ...GOOD_CONTACT }).expect(201);
    await payWithCard(customer, placed.body._id);
    // More than is ready is refused: the backordered units can not ship yet.
    await shipAll(placed.body._id, [{ lineId: '0', quantity: 5 }], `ready-over-${Date.now()}`).expect(400);
    await shipAll(placed.body._id, [{ lineId: '0', quantity: 4 }], `ready-${Date.now()}`).expect(201);
    expect((await bookingDoc(placed.body._id))?.state).toBe('partially-shipped');
    await addStock(toolId, 6).expect(200);
    await shipAll(placed.body._id, [{ lineId: '0', quantity: 6 }], `ready-rest-${Date.now()}`).expect(201);
    const after = await bookingDoc(placed.body._id);
    expect(after?.state).toBe('shipped');
    expect(after?.lines[0]).toMatchObject({ quantity: 10, shippedQuantity: 10, backorderedQuantity: 0 });
  });

  // Found by the soak: the old Shipped action's second shipment of an order (the backordered rest,
  // once it arrived) rewrote the first one's email, mail/{id}-shipped, which went out again with
  // the same Message-ID (a repeat to the buyer's mail client) and no word of the second box.
  it('the old Shipped action twice (what was ready, then the backordered rest): two emails, each sent once', async () => {
    const toolId = await makeTool({ availableQuantity: 4, minimumQuantity: 1 });
    const buyer = await signedUpUser();
    const placed = await placeBooking(buyer, { toolId, quantity: 10, backorder: true, ...GOOD_CONTACT }).expect(201);
    const id = placed.body._id as string;
    await payWithCard(buyer, id);
    const shipAction = () => api().patch(API.markShipped(id)).set(bearer(admin.token)).send({ status: 'shipped' });
    expect((await shipAction().expect(200)).body.state).toBe('partially-shipped');
    await mailSettled();
    // The first says only part has shipped, and what waits (issue 45): not "Order ... has shipped".
    const orderNumber = (await bookingDoc(id))!.orderNumber as string;
    const [first] = (await inboxOf(buyer.email)).filter((m) => / has shipped$/.test(m.subject));
    expect(first!.subject).toBe(`Part of order ${orderNumber} has shipped`);
    expect(first!.text).toContain(`Part of your order ${orderNumber} has shipped`);
    expect(first!.text).toMatch(/Shipped now:\s+4 x /);
    expect(first!.text).toMatch(/Still to come:\s+6 x [^\n]*: backordered, expected \d{4}-\d{2}-\d{2}/);
    await addStock(toolId, 6).expect(200);
    const done = (await shipAction().expect(200)).body;
    expect(done.state).toBe('shipped');
    expect(done.shipments.map((s: { lines: { quantity: number }[] }) => s.lines[0].quantity)).toEqual([4, 6]);
    await mailSettled();
    const shipping = (await inboxOf(buyer.email)).filter((m) => / has shipped$/.test(m.subject));
    const outboxIds = shipping.map((m) => m.headers['x-fridgeparts-mail']);
    expect(outboxIds).toHaveLength(2);
    expect(new Set(outboxIds).size).toBe(2);
    expect(outboxIds).toContain(`${id}-shipped`);
    expect(outboxIds).toContain(`${id}-shipment-${done.shipments[1].id}`);
    expect(shipping.map((m) => m.subject).sort()).toEqual([`Order ${orderNumber} has shipped`, `Part of order ${orderNumber} has shipped`]);
  });
});
