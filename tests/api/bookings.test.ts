import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API } from '../../common/src/api-paths';
import { MESSAGES } from '../../common/src/messages';
import { api, bearer } from '../support/api';
import { db, makeTool } from '../support/firestore';
import {
  ADMIN,
  ANONYMOUS_CALLERS,
  CUSTOMER,
  GOOD_CONTACT,
  dumpFirestore,
  expectError,
  makeBooking,
  oneLineTotal,
  oneLineTotalCents,
  placeBooking as book,
  stockOf,
  useCast,
} from './fixtures';

const { owner, other, admin } = useCast({ owner: { name: 'Casey Customer' }, other: CUSTOMER, admin: ADMIN });

describe('POST /booking', () => {
  let toolId: string;
  beforeEach(async () => {
    toolId = await makeTool({ name: 'Door Gasket', priceCents: 1999, minimumQuantity: 2, availableQuantity: 10 });
  });

  it('books with the owner from the token, the price from the tool, and reserves the stock', async () => {
    const res = await book(owner, {
      toolId,
      quantity: 3,
      ...GOOD_CONTACT,
      name: 'Cheap',
      price: 0.01,
      email: 'mallory@example.test',
      userName: 'Mallory',
      paid: true,
      transactionId: 'pi_fake',
      status: 'shipped',
    }).expect(201);
    expect(res.body).toMatchObject({
      toolId,
      name: 'Door Gasket',
      email: owner.email,
      userName: 'Casey Customer',
      price: 19.99,
      quantity: 3,
      // The one-line address is taxed at the shop's own (Illinois, 6.25%: CONTRACT §14, §15).
      total: oneLineTotal([5997]),
      itemMinimumQuantity: 2,
      itemAvailableQuantity: 7,
      ...GOOD_CONTACT,
      paid: false,
      transactionId: null,
      status: null,
    });
    expect(new Date(res.body.createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(await stockOf(toolId)).toBe(7);
    const stored = (await db.collection('bookings').doc(res.body._id).get()).data()!;
    expect(stored).toMatchObject({
      uid: owner.uid,
      unitPriceCents: 1999,
      totalCents: oneLineTotalCents([5997]),
      paid: false,
      transactionId: null,
      paymentIntentId: null,
    });
    for (const field of ['price', 'paid_', 'mallory']) expect(stored).not.toHaveProperty(field);
  });

  it('accepts exactly the minimum and exactly the remaining stock', async () => {
    await book(owner, { toolId, quantity: 2, ...GOOD_CONTACT }).expect(201);
    await book(owner, { toolId, quantity: '8', ...GOOD_CONTACT }).expect(201);
    expect(await stockOf(toolId)).toBe(0);
    const res = await book(owner, { toolId, quantity: 2, ...GOOD_CONTACT }).expect(400);
    expectError(res.body, 'invalid-argument', MESSAGES.quantityOutOfRange);
    expect(await stockOf(toolId)).toBe(0);
  });

  it.each([
    ['below the minimum', 1],
    ['above the stock', 11],
    ['zero', 0],
    ['negative', -3],
    ['not whole', 2.5],
    ['not a number', 'three'],
    ['missing', undefined],
  ])('refuses a quantity %s with 400 and the spec message, changing nothing', async (_label, quantity) => {
    const before = await dumpFirestore();
    const res = await book(owner, { toolId, quantity, ...GOOD_CONTACT }).expect(400);
    expectError(res.body, 'invalid-argument', MESSAGES.quantityOutOfRange);
    expect(await dumpFirestore()).toEqual(before);
  });

  it.each([
    ['no phone', { phone: undefined }, /Phone is required/],
    ['a phone that is not one', { phone: 'call me' }, /Phone must be a phone number/],
    ['no address', { address: '' }, /Address is required/],
    ['an address of the wrong type', { address: 42 }, /Address is required/],
    ['no toolId', { toolId: undefined }, /toolId is required/],
  ])('refuses a body with %s with 400 and a message', async (_label, over, message) => {
    const before = await dumpFirestore();
    const res = await book(owner, { toolId, quantity: 2, ...GOOD_CONTACT, ...over }).expect(400);
    expectError(res.body, 'invalid-argument', message);
    expect(await dumpFirestore()).toEqual(before);
  });

  it('answers 404 for an unknown tool and 400 for an id that can not be one, changing nothing', async () => {
    const before = await dumpFirestore();
    for (const [id, status] of [
      ['no-such-tool', 404],
      ['__x__', 400],
      ['a/b', 400],
      ['..', 400],
    ] as const) {
      const res = await book(owner, { toolId: id, quantity: 2, ...GOOD_CONTACT });
      expect([id, res.status, res.body.error?.message]).toEqual([id, status, expect.any(String)]);
    }
    expect(await dumpFirestore()).toEqual(before);
  });

  it.each(ANONYMOUS_CALLERS)('refuses $label with 401, changing nothing', async ({ headers }) => {
    const before = await dumpFirestore();
    const res = await api()
      .post(API.booking)
      .set(headers)
      .send({ toolId, quantity: 2, ...GOOD_CONTACT })
      .expect(401);
    expectError(res.body, 'unauthenticated');
    expect(await dumpFirestore()).toEqual(before);
  });

  it('refuses a body that is not JSON with 400', async () => {
    await api().post(API.booking).set(bearer(owner.token)).set('Content-Type', 'application/json').send('{"toolId":').expect(400);
  });
});

describe('GET /booking?email=', () => {
  let mine: string[];
  let theirs: string;
  beforeAll(async () => {
    const toolId = await makeTool();
    mine = [await makeBooking(owner, toolId), await makeBooking(owner, toolId), await makeBooking(owner, toolId)];
    theirs = await makeBooking(other, toolId);
  });

  it('lists the caller’s own bookings, newest first, and pages them', async () => {
    const all = await api().get(API.myBookings(owner.email)).set(bearer(owner.token)).expect(200);
    const ids = all.body.map((b: { _id: string }) => b._id);
    expect(ids).not.toContain(theirs);
    expect(ids.slice(-3)).toEqual([...mine].reverse());
    const times = all.body.map((b: { createdAt: string }) => b.createdAt);
    expect(times).toEqual([...times].sort().reverse());

    const first = await api()
      .get(`${API.myBookings(owner.email)}&limit=2`)
      .set(bearer(owner.token))
      .expect(200);
    expect(first.body).toHaveLength(2);
    const cursor = first.headers['x-next-cursor'];
    expect(cursor).toBeTruthy();
    const rest = await api()
      .get(`${API.myBookings(owner.email)}&limit=100&cursor=${cursor}`)
      .set(bearer(owner.token))
      .expect(200);
    expect([...first.body, ...rest.body].map((b: { _id: string }) => b._id)).toEqual(ids);
  });

  it('matches the email case-insensitively', async () => {
    const res = await api().get(API.myBookings(owner.email.toUpperCase())).set(bearer(owner.token)).expect(200);
    expect(res.body.length).toBeGreaterThanOrEqual(3);
  });

  it('lets an admin read another customer’s bookings, and answers [] for an unknown email', async () => {
    const res = await api().get(API.myBookings(other.email)).set(bearer(admin.token)).expect(200);
    expect(res.body.map((b: { _id: string }) => b._id)).toEqual([theirs]);
    expect((await api().get(API.myBookings('nobody@example.test')).set(bearer(admin.token)).expect(200)).body).toEqual([]);
  });

  it('refuses another customer’s email with 403', async () => {
    expectError((await api().get(API.myBookings(other.email)).set(bearer(owner.token)).expect(403)).body, 'permission-denied');
  });

  it.each(ANONYMOUS_CALLERS)('refuses $label with 401', async ({ headers }) => {
    await api().get(API.myBookings(owner.email)).set(headers).expect(401);
  });

  it('refuses a missing or bad email and a bad limit with 400', async () => {
    expectError((await api().get(API.booking).set(bearer(owner.token)).expect(400)).body, 'invalid-argument', MESSAGES.emailRequired);
    expectError((await api().get(API.myBookings('not-an-email')).set(bearer(owner.token)).expect(400)).body, 'invalid-argument', MESSAGES.emailInvalid);
    await api()
      .get(`${API.myBookings(owner.email)}&limit=-1`)
      .set(bearer(owner.token))
      .expect(400);
    await api()
      .get(`${API.myBookings(owner.email)}&limit=2&cursor=zzz`)
      .set(bearer(owner.token))
      .expect(400);
  });
});

describe('GET /mybooking/{id}', () => {
  let id: string;
  beforeAll(async () => {
    id = await makeBooking(owner, await makeTool(), { unitPriceCents: 1999, quantity: 3 });
  });

  it('answers the owner and an admin', async () => {
    const res = await api().get(API.myBooking(id)).set(bearer(owner.token)).expect(200);
    expect(res.body).toMatchObject({ _id: id, email: owner.email, price: 19.99, total: 59.97 });
    await api().get(API.myBooking(id)).set(bearer(admin.token)).expect(200);
  });

  it('answers 404 to another customer, exactly as for an unknown id', async () => {
    const foreign = await api().get(API.myBooking(id)).set(bearer(other.token)).expect(404);
    const unknown = await api().get(API.myBooking('no-such-booking')).set(bearer(other.token)).expect(404);
    expect(foreign.body.error.code).toBe(unknown.body.error.code);
    await api().get(API.myBooking('..')).set(bearer(owner.token)).expect(404);
  });

  it.each(ANONYMOUS_CALLERS)('refuses $label with 401', async ({ headers }) => {
    await api().get(API.myBooking(id)).set(headers).expect(401);
  });
});

describe('DELETE /booking?email=&id=', () => {
  let toolId: string;
  beforeEach(async () => {
    toolId = await makeTool({ minimumQuantity: 2, availableQuantity: 10 });
  });

  it('cancels the owner’s unpaid booking and returns the stock exactly once', async () => {
    const created = await book(owner, { toolId, quantity: 4, ...GOOD_CONTACT }).expect(201);
    expect(await stockOf(toolId)).toBe(6);
    const res = await api().delete(API.cancelBooking(owner.email, created.body._id)).set(bearer(owner.token)).expect(200);
    expect(res.body).toEqual({ deletedCount: 1 });
    expect(await stockOf(toolId)).toBe(10);
    expect((await db.collection('bookings').doc(created.body._id).get()).exists).toBe(false);

    const again = await api().delete(API.cancelBooking(owner.email, created.body._id)).set(bearer(owner.token)).expect(404);
    expectError(again.body, 'not-found');
    expect(await stockOf(toolId)).toBe(10);
  });

  it('cancels only the booking named by id', async () => {
    const a = (await book(owner, { toolId, quantity: 2, ...GOOD_CONTACT }).expect(201)).body._id;
    const b = (await book(owner, { toolId, quantity: 3, ...GOOD_CONTACT }).expect(201)).body._id;
    await api().delete(API.cancelBooking(owner.email, b)).set(bearer(owner.token)).expect(200);
    expect((await db.collection('bookings').doc(a).get()).exists).toBe(true);
    expect(await stockOf(toolId)).toBe(8);
  });

  it('refuses a booking with a transactionId with 409, changing nothing', async () => {
    const paid = await makeBooking(owner, toolId, { paid: true, transactionId: 'pi_123' });
    const before = await dumpFirestore();
    expectError((await api().delete(API.cancelBooking(owner.email, paid)).set(bearer(owner.token)).expect(409)).body, 'conflict');
    expect(await dumpFirestore()).toEqual(before);
  });

  it('deletes a booking whose tool was removed meanwhile, without recreating the tool', async () => {
    const id = await makeBooking(owner, toolId);
    await db.collection('tools').doc(toolId).delete();
    await api().delete(API.cancelBooking(owner.email, id)).set(bearer(owner.token)).expect(200);
    expect((await db.collection('tools').doc(toolId).get()).exists).toBe(false);
  });

  it('refuses another customer: 403 for their email, 404 for their booking id under one’s own email', async () => {
    const id = await makeBooking(owner, toolId);
    const before = await dumpFirestore();
    expectError((await api().delete(API.cancelBooking(owner.email, id)).set(bearer(other.token)).expect(403)).body, 'permission-denied');
    expectError((await api().delete(API.cancelBooking(other.email, id)).set(bearer(other.token)).expect(404)).body, 'not-found');
    expect(await dumpFirestore()).toEqual(before);
  });

  it.each(ANONYMOUS_CALLERS)('refuses $label with 401, changing nothing', async ({ headers }) => {
    const id = await makeBooking(owner, toolId);
    const before = await dumpFirestore();
    await api().delete(API.cancelBooking(owner.email, id)).set(headers).expect(401);
    expect(await dumpFirestore()).toEqual(before);
  });

  it('refuses a missing id or email with 400', async () => {
    expectError(
      (
        await api()
          .delete(`/booking?email=${encodeURIComponent(owner.email)}`)
          .set(bearer(owner.token))
          .expect(400)
      ).body,
      'invalid-argument',
      /id of the booking is required/,
    );
    expectError((await api().delete('/booking?id=abc').set(bearer(owner.token)).expect(400)).body, 'invalid-argument', /Email is Required/);
  });
});
