import '../support/env';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { API } from '../../common/src/api-paths';
import { CART_EMPTY_MESSAGE } from '../../common/src/cart';
import { api, bearer } from '../support/api';
import type { TestUser } from '../support/auth';
import { db } from '../support/firestore';
import {
  ADMIN,
  ANONYMOUS_CALLERS,
  CUSTOMER,
  GOOD_CONTACT,
  catalogued,
  dumpFirestore,
  expectError,
  signedUpUser,
  stockOf,
  stripe,
  useCast,
  oneLineTotal,
  oneLineTotalCents,
} from './fixtures';
import { mailSettled, settledInboxOf } from './mail-inbox';
import { bookedLine, catalogueParts, stocksOf } from './order-fixtures';
import { MESSAGES } from '../../common/src/messages';

/**
 * POST /booking/checkout (CONTRACT §8) through HTTP: the cart booked as one order in one
 * transaction (every line's stock reserved, the cart emptied, one booked email, one payment for
 * the total), or nothing changes and `fields` name the cart lines that stopped it.
 */

const { owner, other, admin } = useCast({ owner: { name: 'Chris Checkout' }, other: CUSTOMER, admin: ADMIN });

afterAll(() => mailSettled());

const putCart = (user: TestUser, lines: unknown[]) => api().put(API.cart).set(bearer(user.token)).send({ lines });
const checkout = (user: TestUser, body: Record<string, unknown> = GOOD_CONTACT) => api().post(API.checkout).set(bearer(user.token)).send(body);
const cartLines = async (uid: string) => (await db.collection('carts').doc(uid).get()).get('lines') as unknown[] | undefined;
const ordersOf = async (uid: string) => (await db.collection('bookings').where('uid', '==', uid).get()).docs;

let gasket: { id: string; partNumber: string };
let relay: { id: string; partNumber: string };
let fan: { id: string; partNumber: string };
const stocks = async () => stocksOf(gasket, relay, fan);

beforeEach(async () => {
  await mailSettled();
  ({ gasket, relay, fan } = await catalogueParts());
});

/** Gasket 3 ($59.97), relay 100 ($1,200.00 after the break), fan 2 ($179.00): $1,438.97. */
const threeLines = () => [
  { toolId: gasket.id, quantity: 3 },
  { partNumber: relay.partNumber, quantity: 100 },
  { toolId: fan.id, quantity: 2 },
];

describe('who may check out', () => {
  it.each(ANONYMOUS_CALLERS)('$label: 401, nothing changed', async ({ headers }) => {
    await putCart(owner, threeLines()).expect(200);
    const before = await dumpFirestore();
    expectError((await api().post(API.checkout).set(headers).send(GOOD_CONTACT).expect(401)).body, 'unauthenticated');
    expect(await dumpFirestore()).toEqual(before);
  });

  it("a checkout books the caller's own cart only; an admin checks out their own", async () => {
    await putCart(owner, threeLines()).expect(200);
    await putCart(admin, [{ toolId: fan.id, quantity: 1 }]).expect(200);
    const before = await dumpFirestore();
    const res = await checkout(other).expect(400);
    expectError(res.body, 'invalid-argument', CART_EMPTY_MESSAGE);
    expect(await dumpFirestore()).toEqual(before);
    const adminOrder = await checkout(admin).expect(201);
    expect(adminOrder.body).toMatchObject({ email: admin.email, lineCount: 1, toolId: fan.id, quantity: 1 });
    expect(await cartLines(owner.uid)).toHaveLength(3);
    expect(await cartLines(admin.uid)).toEqual([]);
  });
});

describe('checkout refused, nothing changed', () => {
  it('an empty cart (never written, or emptied): 400 with the empty-cart message', async () => {
    const fresh = await signedUpUser();
    const before = await dumpFirestore();
    expectError((await checkout(fresh).expect(400)).body, 'invalid-argument', CART_EMPTY_MESSAGE);
    await putCart(fresh, []).expect(200);
    const emptied = await dumpFirestore();
    expectError((await checkout(fresh).expect(400)).body, 'invalid-argument', CART_EMPTY_MESSAGE);
    expect(await dumpFirestore()).toEqual(emptied);
    expect(before.bookings).toEqual(emptied.bookings);
  });

  it.each([
    ['no phone', { address: GOOD_CONTACT.address }, 'phone'],
    ['a bad phone', { ...GOOD_CONTACT, phone: 'call me' }, 'phone'],
    ['no address', { phone: GOOD_CONTACT.phone }, 'address'],
    ['a PO number too long', { ...GOOD_CONTACT, poNumber: 'P'.repeat(36) }, 'poNumber'],
  ])('%s: 400 naming the field', async (_label, body, field) => {
    await putCart(owner, threeLines()).expect(200);
    const before = await dumpFirestore();
    const res = await checkout(owner, body).expect(400);
    expect(Object.keys(res.body.error.fields)).toContain(field);
    expect(await dumpFirestore()).toEqual(before);
  });

  it.each([
    [
      'a quantity below the minimum',
      async () =>
        putCart(owner, [
          { toolId: fan.id, quantity: 1 },
          { toolId: gasket.id, quantity: 1 },
          { toolId: relay.id, quantity: 10 },
        ]),
      'lines.1.quantity',
      /can not be less than MinimumQuantity/,
    ],
    [
      'a quantity that is not whole packs',
      async () =>
        putCart(owner, [
          { toolId: fan.id, quantity: 1 },
          { toolId: relay.id, quantity: 15 },
          { toolId: gasket.id, quantity: 2 },
        ]),
      'lines.1.quantity',
      /multiple of the pack size \(10\)/,
    ],
    [
      'more than the stock now (it fell after the line was added)',
      async () => {
        await putCart(owner, [
          { toolId: relay.id, quantity: 10 },
          { toolId: fan.id, quantity: 15 },
          { toolId: gasket.id, quantity: 2 },
        ]).expect(200);
        await db.collection('tools').doc(fan.id).update({ availableQuantity: 12 });
      },
      'lines.1.quantity',
      /12 available/,
    ],
    [
      'a tool removed from the catalogue',
      async () => {
        await putCart(owner, [
          { toolId: relay.id, quantity: 10 },
          { toolId: fan.id, quantity: 2 },
          { toolId: gasket.id, quantity: 2 },
        ]).expect(200);
        await api().delete(API.deleteTool(fan.id)).set(bearer(admin.token)).expect(200);
      },
      'lines.1.toolId',
      /no longer in the catalogue/,
    ],
  ])('one line with %s: 400 naming that cart line; stock, cart and orders unchanged', async (_label, arrange, field, why) => {
    await arrange();
    const stockBefore = await stocks();
    const before = await dumpFirestore();
    const res = await checkout(owner, { ...GOOD_CONTACT, poNumber: 'PO-NOPE' }).expect(400);
    expectError(res.body, 'invalid-argument', /nothing was booked/);
    expect(Object.keys(res.body.error.fields)).toEqual([field]);
    expect(res.body.error.fields[field]).toMatch(why);
    expect(await dumpFirestore()).toEqual(before);
    expect(await stocks()).toEqual(stockBefore);
    expect(await cartLines(owner.uid)).toHaveLength(3);
  });

  it('every bad line is named, not only the first', async () => {
    await putCart(owner, [
      { toolId: gasket.id, quantity: 1 },
      { toolId: fan.id, quantity: 2 },
      { toolId: relay.id, quantity: 5 },
    ]).expect(200);
    const res = await checkout(owner).expect(400);
    expect(Object.keys(res.body.error.fields)).toEqual(['lines.0.quantity', 'lines.2.quantity']);
  });
});

describe('checkout with the version of the cart the buyer saw (CONTRACT §13)', () => {
  it.each([
    ['If-Match', (v: string) => ({ headers: { 'If-Match': `"${v}"` }, body: GOOD_CONTACT })],
    ['version in the body', (v: string) => ({ headers: {}, body: { ...GOOD_CONTACT, version: v } })],
  ])('a cart that moved since (%s): 412 with the cart now; no order, no stock moved, the cart intact', async (_label, condition) => {
    const seen = await putCart(owner, threeLines()).expect(200);
    // Another tab adds a line after this page showed the cart.
    const now = await api()
      .post(API.cartLines)
      .set(bearer(owner.token))
      .send({ lines: [{ toolId: fan.id, quantity: 1 }] })
      .expect(200);
    const orders = (await ordersOf(owner.uid)).length;
    const stockBefore = await stocks();
    const before = await dumpFirestore();
    const { headers, body } = condition(seen.body.version);
    const res = await api().post(API.checkout).set(bearer(owner.token)).set(headers).send(body).expect(412);
    const { cart, ...error } = res.body;
    expectError(error, 'precondition-failed', MESSAGES.cartMoved);
    expect(cart).toEqual(now.body);
    expect(res.body.cart.lines.find((l: { toolId: string }) => l.toolId === fan.id)).toMatchObject({ quantity: 3 });
    expect(await dumpFirestore()).toEqual(before);
    expect(await stocks()).toEqual(stockBefore);
    expect((await ordersOf(owner.uid)).length).toBe(orders);
    expect(await cartLines(owner.uid)).toHaveLength(3);
    // With the version it was just shown, the same buyer books it.
    const booked = await api().post(API.checkout).set(bearer(owner.token)).set('If-Match', `"${res.body.cart.version}"`).send(GOOD_CONTACT).expect(201);
    expect(booked.body).toMatchObject({ lineCount: 3 });
  });

  it('the current version books as without one, and the emptied cart has a new version', async () => {
    const seen = await putCart(owner, threeLines()).expect(200);
    await checkout(owner, { ...GOOD_CONTACT, version: seen.body.version }).expect(201);
    const after = await api().get(API.cart).set(bearer(owner.token)).expect(200);
    expect(after.body.lines).toEqual([]);
    expect(after.body.version).not.toBe(seen.body.version);
    // The page that still shows the old cart can not book it again, nor anything else.
    const again = await checkout(owner, { ...GOOD_CONTACT, version: seen.body.version }).expect(412);
    expect(again.body.cart).toEqual(after.body);
  });

  it('an If-Match that is not an entity tag: 400, nothing changed', async () => {
    await putCart(owner, threeLines()).expect(200);
    const before = await dumpFirestore();
    const res = await api().post(API.checkout).set(bearer(owner.token)).set('If-Match', 'latest').send(GOOD_CONTACT).expect(400);
    expect(Object.keys(res.body.error.fields)).toEqual(['If-Match']);
    expect(await dumpFirestore()).toEqual(before);
  });
});

describe('a good checkout', () => {
  it('books one order of every line at the prices now, reserves each line, empties the cart, sends one booked email', async () => {
    const first = await ordersOf(owner.uid);
    await putCart(owner, threeLines()).expect(200);
    // Prices come from the tools at checkout, not from when the line was added.
    await db.collection('tools').doc(fan.id).update({ priceCents: 9000 });
    const res = await checkout(owner, { ...GOOD_CONTACT, poNumber: 'PO-CART-1' }).expect(201);
    const id = res.body._id as string;
    expect(res.body).toMatchObject({
      lineCount: 3,
      // The lines at the prices now, and the one-line address's tax (Illinois, CONTRACT §14, §15).
      total: oneLineTotal([5997, 120_000, 18_000]),
      state: 'reserved',
      paid: false,
      poNumber: 'PO-CART-1',
      toolId: gasket.id,
      quantity: 3,
      price: 19.99,
      email: owner.email,
      ...GOOD_CONTACT,
    });
    expect(res.body.orderNumber).toMatch(/^FP-\d{4}-\d{6}$/);
    expect(res.body.lines).toEqual([
      bookedLine(gasket, { name: 'Door Gasket', quantity: 3, price: 19.99, lineTotal: 59.97 }),
      bookedLine(relay, { name: 'Start Relay', quantity: 100, price: 12, lineTotal: 1200 }),
      bookedLine(fan, { name: 'Condenser Fan Motor', quantity: 2, price: 90, lineTotal: 180 }),
    ]);
    expect(await stocks()).toEqual([7, 400, 18]);
    expect((await ordersOf(owner.uid)).length).toBe(first.length + 1);
    expect((await api().get(API.myBooking(id)).set(bearer(owner.token)).expect(200)).body).toEqual(res.body);

    const cart = await api().get(API.cart).set(bearer(owner.token)).expect(200);
    expect(cart.body).toMatchObject({ lines: [], lineCount: 0, total: 0, ready: false, updatedAt: expect.any(String) });

    const mails = (await settledInboxOf(owner.email, 1)).filter((m) => m.headers['x-fridgeparts-mail']?.startsWith(id));
    expect(mails.map((m) => m.headers['x-fridgeparts-mail'])).toEqual([`${id}-booked`]);
    expect(mails[0].subject).toContain(res.body.orderNumber);
    expect(mails[0].text).toContain('Items (3 lines):');
    expect(mails[0].text).toContain('PO-CART-1');

    // The cart is empty now: checking out again books nothing more.
    expectError((await checkout(owner).expect(400)).body, 'invalid-argument', CART_EMPTY_MESSAGE);
    expect(await stocks()).toEqual([7, 400, 18]);
  });

  it('is paid with one PaymentIntent for its total', async () => {
    await putCart(owner, threeLines()).expect(200);
    const { body } = await checkout(owner).expect(201);
    const intent = await api().post(API.createPaymentIntent).set(bearer(owner.token)).send({ bookingId: body._id }).expect(200);
    const totalCents = oneLineTotalCents([5997, 120_000, 17_900]);
    expect(intent.body).toMatchObject({ amount: totalCents, currency: 'usd' });
    const pi = await stripe.paymentIntents.retrieve((intent.body.clientSecret as string).split('_secret_')[0]);
    expect(pi).toMatchObject({ amount: totalCents, metadata: { bookingId: body._id, uid: owner.uid } });
    expect(pi.description).toMatch(/3 lines/);
    await stripe.paymentIntents.confirm(pi.id, { payment_method: 'pm_card_visa' });
    const paid = await api().patch(API.recordPayment(body._id)).set(bearer(owner.token)).send({ transactionId: pi.id }).expect(200);
    expect(paid.body).toMatchObject({ paid: true, state: 'paid', lineCount: 3, total: totalCents / 100 });
    expect(await stocks()).toEqual([7, 400, 18]);
  });

  it('a cart of 50 lines is one order of 50 lines', async () => {
    const parts = await Promise.all(
      Array.from({ length: 50 }, (_, i) => catalogued({ name: `Bulk Part ${i}`, priceCents: 100 + i, minimumQuantity: 1, availableQuantity: 5 })),
    );
    await putCart(
      owner,
      parts.map((p) => ({ toolId: p.id, quantity: 2 })),
    ).expect(200);
    const res = await checkout(owner).expect(201);
    expect(res.body).toMatchObject({ lineCount: 50, total: oneLineTotal(Array.from({ length: 50 }, (_, i) => 2 * (100 + i))) });
    expect(await Promise.all(parts.map((p) => stockOf(p.id)))).toEqual(parts.map(() => 3));
    expect(await cartLines(owner.uid)).toEqual([]);
  });

  it('cancelling the order gives every line back once; the cart stays empty', async () => {
    await putCart(owner, threeLines()).expect(200);
    const { body } = await checkout(owner).expect(201);
    await api().delete(API.cancelBooking(owner.email, body._id)).set(bearer(owner.token)).expect(200);
    expect(await stocks()).toEqual([10, 500, 20]);
    expect(await cartLines(owner.uid)).toEqual([]);
  });
});
