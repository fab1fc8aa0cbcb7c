import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API } from '../../common/src/api-paths';
import { api, bearer } from '../support/api';
import { db, makeTool } from '../support/firestore';
import { ADMIN, ANONYMOUS_CALLERS, CUSTOMER, GOOD_CONTACT, dumpFirestore, expectError, makeBooking, stockOf, useCast } from './fixtures';

const { customer, admin } = useCast({ customer: CUSTOMER, admin: ADMIN });

describe('GET /bookingOrder (admin)', () => {
  let toolId: string;
  let ids: string[];
  beforeAll(async () => {
    toolId = await makeTool({ minimumQuantity: 2, availableQuantity: 50 });
    const gone = await makeTool();
    ids = [await makeBooking(customer, toolId), await makeBooking(admin, toolId), await makeBooking(customer, gone)];
    await db.collection('tools').doc(toolId).update({ minimumQuantity: 3, availableQuantity: 44 });
    await db.collection('tools').doc(gone).delete();
  });

  it('lists every customer’s bookings newest first, with the tool’s current quantities', async () => {
    const res = await api().get(API.allOrders).set(bearer(admin.token)).expect(200);
    expect(res.body.map((b: { _id: string }) => b._id)).toEqual([...ids].reverse());
    const [deletedTool, , live] = res.body;
    expect(live).toMatchObject({ itemMinimumQuantity: 3, itemAvailableQuantity: 44, price: 19.99, total: 39.98, paid: false, status: null });
    // The tool was removed: the booking keeps the quantities it was booked with.
    expect(deletedTool).toMatchObject({ itemMinimumQuantity: 2, itemAvailableQuantity: 50 });
  });

  it('pages with limit and cursor', async () => {
    const first = await api().get(`${API.allOrders}?limit=2`).set(bearer(admin.token)).expect(200);
    expect(first.body).toHaveLength(2);
    const next = await api().get(`${API.allOrders}?limit=2&cursor=${first.headers['x-next-cursor']}`).set(bearer(admin.token)).expect(200);
    expect(next.body.map((b: { _id: string }) => b._id)).toEqual([ids[0]]);
    expect(next.headers['x-next-cursor']).toBeUndefined();
    await api().get(`${API.allOrders}?limit=1000`).set(bearer(admin.token)).expect(400);
  });

  it('refuses a customer with 403', async () => {
    expectError((await api().get(API.allOrders).set(bearer(customer.token)).expect(403)).body, 'permission-denied');
  });

  it.each(ANONYMOUS_CALLERS)('refuses $label with 401', async ({ headers }) => {
    await api().get(API.allOrders).set(headers).expect(401);
  });
});

describe('PATCH /api/orders/shipped/{id} (admin)', () => {
  let toolId: string;
  beforeEach(async () => {
    toolId = await makeTool();
  });

  it('marks a paid order shipped, and shipping again changes nothing', async () => {
    const id = await makeBooking(customer, toolId, { paid: true, transactionId: 'pi_paid_1' });
    const res = await api().patch(API.markShipped(id)).set(bearer(admin.token)).send({ status: 'shipped' }).expect(200);
    expect(res.body).toMatchObject({ _id: id, status: 'shipped', paid: true, transactionId: 'pi_paid_1' });
    const once = await dumpFirestore();
    await api().patch(API.markShipped(id)).set(bearer(admin.token)).expect(200);
    expect(await dumpFirestore()).toEqual(once);
  });

  it('ships a paid order without a transaction id (the UnPaid link of SPEC §4)', async () => {
    const id = await makeBooking(customer, toolId, { paid: true });
    await api().patch(API.markShipped(id)).set(bearer(admin.token)).expect(200);
    expect((await db.collection('bookings').doc(id).get()).get('status')).toBe('shipped');
  });

  it('refuses an unpaid order with 409, changing nothing', async () => {
    const id = await makeBooking(customer, toolId);
    const before = await dumpFirestore();
    const res = await api().patch(API.markShipped(id)).set(bearer(admin.token)).expect(409);
    expectError(res.body, 'conflict', 'This order is not paid yet, so it can not be shipped.');
    expect(await dumpFirestore()).toEqual(before);
  });

  it('answers 404 for an unknown order', async () => {
    await api().patch(API.markShipped('no-such-order')).set(bearer(admin.token)).expect(404);
    await api().patch(API.markShipped('__x__')).set(bearer(admin.token)).expect(404);
  });

  it('refuses the customer who owns it with 403, changing nothing', async () => {
    const id = await makeBooking(customer, toolId, { paid: true, transactionId: 'pi_paid_2' });
    const before = await dumpFirestore();
    await api().patch(API.markShipped(id)).set(bearer(customer.token)).send({ status: 'shipped' }).expect(403);
    expect(await dumpFirestore()).toEqual(before);
  });

  it.each(ANONYMOUS_CALLERS)('refuses $label with 401, changing nothing', async ({ headers }) => {
    const id = await makeBooking(customer, toolId, { paid: true, transactionId: 'pi_paid_3' });
    const before = await dumpFirestore();
    await api().patch(API.markShipped(id)).set(headers).expect(401);
    expect(await dumpFirestore()).toEqual(before);
  });
});

describe('DELETE /bookingOrder/{id} (admin)', () => {
  let toolId: string;
  beforeEach(async () => {
    toolId = await makeTool({ minimumQuantity: 1, availableQuantity: 20 });
  });

  it('deletes an unpaid order and returns its stock exactly once', async () => {
    const booked = await api()
      .post(API.booking)
      .set(bearer(customer.token))
      .send({ toolId, quantity: 5, ...GOOD_CONTACT })
      .expect(201);
    expect(await stockOf(toolId)).toBe(15);
    expect((await api().delete(API.deleteOrder(booked.body._id)).set(bearer(admin.token)).expect(200)).body).toEqual({ deletedCount: 1 });
    expect(await stockOf(toolId)).toBe(20);
    await api().delete(API.deleteOrder(booked.body._id)).set(bearer(admin.token)).expect(404);
    expect(await stockOf(toolId)).toBe(20);
  });

  it('refuses a paid order with 409, changing nothing', async () => {
    for (const over of [{ paid: true, transactionId: 'pi_x' }, { paid: true }]) {
      const id = await makeBooking(customer, toolId, over);
      const before = await dumpFirestore();
      expectError((await api().delete(API.deleteOrder(id)).set(bearer(admin.token)).expect(409)).body, 'conflict');
      expect(await dumpFirestore()).toEqual(before);
    }
  });

  it('refuses a customer, even the owner, with 403, changing nothing', async () => {
    const id = await makeBooking(customer, toolId);
    const before = await dumpFirestore();
    await api().delete(API.deleteOrder(id)).set(bearer(customer.token)).expect(403);
    expect(await dumpFirestore()).toEqual(before);
  });

  it.each(ANONYMOUS_CALLERS)('refuses $label with 401, changing nothing', async ({ headers }) => {
    const id = await makeBooking(customer, toolId);
    const before = await dumpFirestore();
    await api().delete(API.deleteOrder(id)).set(headers).expect(401);
    expect(await dumpFirestore()).toEqual(before);
  });
});
