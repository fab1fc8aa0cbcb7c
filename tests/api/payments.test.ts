import '../support/env';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { API } from '../../common/src/api-paths';
import { localOrigin } from '../../common/src/local-stack';
import { createApp } from '../../functions/src/http/app';
import { api, bearer } from '../support/api';
import type { TestUser } from '../support/auth';
import { makeTool } from '../support/firestore';
import {
  ADMIN,
  ANONYMOUS_CALLERS,
  bookingDoc,
  CUSTOMER,
  eventOf,
  GOOD_CONTACT,
  dumpFirestore,
  expectError,
  intentIdOf,
  paymentIntentFor as intentFor,
  payWithCard,
  placeBooking,
  postWebhook,
  signedEvent,
  stockOf,
  stripe,
  useCast,
  oneLineTotalCents,
} from './fixtures';

/**
 * Card payments through HTTP (CONTRACT §5), against the local Stripe double that the API tier
 * starts: the function's real stripe SDK code path, the provider's word checked every time.
 */
const DOUBLE = localOrigin('stripe');

const { customer, other, admin } = useCast({ customer: { name: 'Pat Buyer' }, other: CUSTOMER, admin: ADMIN });

async function book(user: TestUser, toolId: string, quantity = 4): Promise<string> {
  const res = await placeBooking(user, { toolId, quantity, ...GOOD_CONTACT }).expect(201);
  return res.body._id as string;
}

/** What the browser does with Stripe.js: confirm the intent with a test payment method. */
async function confirm(piId: string, paymentMethod = 'pm_card_visa') {
  return stripe.paymentIntents.confirm(piId, { payment_method: paymentMethod });
}

async function bookAndPay(user: TestUser, toolId: string, quantity = 4): Promise<{ bookingId: string; pi: string }> {
  const bookingId = await book(user, toolId, quantity);
  return { bookingId, pi: await payWithCard(user, bookingId) };
}

describe('POST /create-payment-intent', () => {
  let toolId: string;
  beforeEach(async () => {
    toolId = await makeTool({ priceCents: 1250, minimumQuantity: 2, availableQuantity: 100 });
  });

  it('answers a client secret for the booking total in cents, usd, with one intent per booking', async () => {
    const bookingId = await book(customer, toolId, 4);
    const first = await intentFor(customer, bookingId).expect(200);
    // 4 x $12.50 and Illinois' tax of it (the one-line address: CONTRACT §14, §15).
    const amount = oneLineTotalCents([5000]);
    expect(first.body).toMatchObject({ amount, currency: 'usd' });
    expect(first.body.clientSecret).toMatch(/^pi_\w+_secret_\w+$/);
    const again = await intentFor(customer, bookingId).expect(200);
    expect(again.body.clientSecret).toBe(first.body.clientSecret);
    const pi = await stripe.paymentIntents.retrieve(intentIdOf(first.body.clientSecret));
    expect(pi).toMatchObject({ amount, currency: 'usd', metadata: { bookingId, uid: customer.uid }, payment_method_types: ['card'] });
    expect((await bookingDoc(bookingId))?.paymentIntentId).toBe(pi.id);
  });

  it('ignores a price or amount the client sends', async () => {
    const bookingId = await book(customer, toolId, 2);
    const res = await api().post(API.createPaymentIntent).set(bearer(customer.token)).send({ bookingId, amount: 1, price: 0.01, total: 0.5 }).expect(200);
    expect(res.body.amount).toBe(oneLineTotalCents([2500]));
  });

  it('concurrent requests for one booking share one intent', async () => {
    const bookingId = await book(customer, toolId);
    const answers = await Promise.all(Array.from({ length: 6 }, () => intentFor(customer, bookingId)));
    const secrets = new Set(answers.map((a) => (expect(a.status).toBe(200), a.body.clientSecret)));
    expect(secrets.size).toBe(1);
  });

  it("answers 404 for someone else's booking or an unknown one, and changes nothing", async () => {
    const bookingId = await book(customer, toolId);
    const before = await dumpFirestore();
    expectError((await intentFor(other, bookingId).expect(404)).body, 'not-found');
    expectError((await intentFor(admin, bookingId).expect(404)).body, 'not-found');
    expectError((await intentFor(customer, 'nope0000000000000000').expect(404)).body, 'not-found');
    expect(await dumpFirestore()).toEqual(before);
  });

  it('answers 400 without a booking id and 401 without a token', async () => {
    expectError((await api().post(API.createPaymentIntent).set(bearer(customer.token)).send({}).expect(400)).body, 'invalid-argument');
    for (const { headers } of ANONYMOUS_CALLERS) await api().post(API.createPaymentIntent).set(headers).send({ bookingId: 'x' }).expect(401);
  });

  it('answers 409 for a paid booking', async () => {
    const { bookingId } = await bookAndPay(customer, toolId);
    expectError((await intentFor(customer, bookingId).expect(409)).body, 'conflict', /already paid/);
  });
});

describe('PATCH /cardBooking/{id}', () => {
  let toolId: string;
  beforeEach(async () => {
    toolId = await makeTool({ priceCents: 1000, minimumQuantity: 1, availableQuantity: 100 });
  });

  it('records a payment the provider confirms; the same report again changes nothing', async () => {
    const { bookingId, pi } = await bookAndPay(customer, toolId, 3);
    const stored = await bookingDoc(bookingId);
    expect(stored).toMatchObject({ paid: true, transactionId: pi, paymentIntentId: pi, state: 'paid' });
    const again = await api().patch(API.recordPayment(bookingId)).set(bearer(customer.token)).send({ transactionId: pi }).expect(200);
    expect(again.body).toMatchObject({ paid: true, transactionId: pi, state: 'paid' });
    expect(await bookingDoc(bookingId)).toEqual(stored);
    const mine = await api().get(API.myBooking(bookingId)).set(bearer(customer.token)).expect(200);
    expect(mine.body).toMatchObject({ paid: true, transactionId: pi, state: 'paid' });
  });

  it('refuses with 409, changing nothing, a forged, unsucceeded, foreign or wrong-amount transaction id', async () => {
    const bookingId = await book(customer, toolId, 3);
    const unpaid = intentIdOf((await intentFor(customer, bookingId).expect(200)).body.clientSecret);
    // Another customer's real, succeeded payment of the same amount.
    const { pi: foreign } = await bookAndPay(other, toolId, 3);
    // A succeeded payment with the right booking id in its metadata but another amount.
    const wrongAmount = await stripe.paymentIntents.create({ amount: 2999, currency: 'usd', metadata: { bookingId } });
    await confirm(wrongAmount.id);
    const before = await dumpFirestore();
    for (const transactionId of ['pi_forged0000000000000000', unpaid, foreign, wrongAmount.id]) {
      const res = await api().patch(API.recordPayment(bookingId)).set(bearer(customer.token)).send({ transactionId }).expect(409);
      expectError(res.body, 'conflict');
    }
    expect(await dumpFirestore()).toEqual(before);
  });

  it('refuses a declined payment with 409 and the booking stays payable', async () => {
    const bookingId = await book(customer, toolId, 3);
    const pi = intentIdOf((await intentFor(customer, bookingId).expect(200)).body.clientSecret);
    await expect(confirm(pi, 'pm_card_chargeDeclined')).rejects.toThrow(/declined/);
    await api().patch(API.recordPayment(bookingId)).set(bearer(customer.token)).send({ transactionId: pi }).expect(409);
    expect((await intentFor(customer, bookingId).expect(200)).body.clientSecret).toMatch(new RegExp(`^${pi}_secret_`));
    await confirm(pi);
    await api().patch(API.recordPayment(bookingId)).set(bearer(customer.token)).send({ transactionId: pi }).expect(200);
  });

  it("answers 404 for someone else's booking, 400 for a malformed id, 401 without a token", async () => {
    const { bookingId, pi } = await bookAndPay(customer, toolId);
    await api().patch(API.recordPayment(bookingId)).set(bearer(other.token)).send({ transactionId: pi }).expect(404);
    await api().patch(API.recordPayment(bookingId)).set(bearer(customer.token)).send({ transactionId: 'ch_123' }).expect(400);
    await api()
      .patch(API.recordPayment(bookingId))
      .set(bearer(customer.token))
      .send({ transactionId: ['pi_1'] })
      .expect(400);
    for (const { headers } of ANONYMOUS_CALLERS) await api().patch(API.recordPayment(bookingId)).set(headers).send({ transactionId: pi }).expect(401);
  });
});

describe('POST /stripe/webhook', () => {
  let toolId: string;
  beforeEach(async () => {
    toolId = await makeTool({ priceCents: 1000, minimumQuantity: 1, availableQuantity: 100 });
  });

  async function succeededIntent(bookingId: string) {
    const pi = intentIdOf((await intentFor(customer, bookingId).expect(200)).body.clientSecret);
    return confirm(pi);
  }

  it('records a payment when the browser never came back; 5 replays have one effect', async () => {
    const bookingId = await book(customer, toolId, 5);
    const pi = await succeededIntent(bookingId);
    const { payload, signature } = signedEvent(eventOf('payment_intent.succeeded', pi));
    const answers = await Promise.all(Array.from({ length: 5 }, () => postWebhook(payload, signature)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.filter((a) => a.body.outcome === 'recorded')).toHaveLength(1);
    expect(answers.filter((a) => a.body.outcome === 'duplicate').length + 1).toBe(5);
    expect(await bookingDoc(bookingId)).toMatchObject({ paid: true, transactionId: pi.id, state: 'paid' });
    expect(await stockOf(toolId)).toBe(95);
  });

  it('refuses a missing or wrong signature with 400 and no effect', async () => {
    const bookingId = await book(customer, toolId, 5);
    const pi = await succeededIntent(bookingId);
    const { payload } = signedEvent(eventOf('payment_intent.succeeded', pi));
    const before = await dumpFirestore();
    expectError((await postWebhook(payload).expect(400)).body, 'invalid-argument', /Stripe-Signature/);
    expectError((await postWebhook(payload, signedEvent({}, 'whsec_wrong').signature).expect(400)).body, 'invalid-argument');
    expectError((await postWebhook(payload, signedEvent(JSON.parse(payload), 'whsec_wrong').signature).expect(400)).body, 'invalid-argument');
    // A body changed after signing.
    const tampered = payload.replace(`"amount":${oneLineTotalCents([5000])}`, '"amount":1');
    expect(tampered).not.toBe(payload);
    await postWebhook(tampered, signedEvent(JSON.parse(payload)).signature).expect(400);
    expect(await dumpFirestore()).toEqual(before);
  });

  it('a signed event whose amount is not the booking total records nothing', async () => {
    const bookingId = await book(customer, toolId, 5);
    const pi = await succeededIntent(bookingId);
    const { payload, signature } = signedEvent(eventOf('payment_intent.succeeded', { ...pi, amount: 100 }));
    expect((await postWebhook(payload, signature).expect(200)).body.outcome).toBe('no-change');
    expect(await bookingDoc(bookingId)).toMatchObject({ paid: false, state: 'reserved' });
  });

  it('failed and canceled payments leave the booking unpaid and payable', async () => {
    const bookingId = await book(customer, toolId, 5);
    const pi = intentIdOf((await intentFor(customer, bookingId).expect(200)).body.clientSecret);
    const intent = await stripe.paymentIntents.retrieve(pi);
    for (const type of ['payment_intent.payment_failed', 'payment_intent.canceled']) {
      const { payload, signature } = signedEvent(eventOf(type, intent));
      await postWebhook(payload, signature).expect(200);
    }
    expect(await bookingDoc(bookingId)).toMatchObject({ paid: false, state: 'reserved' });
    await intentFor(customer, bookingId).expect(200);
  });

  it('events out of order never move a booking backwards, and stock comes back once', async () => {
    const bookingId = await book(customer, toolId, 5);
    const pi = await succeededIntent(bookingId);
    const refund = await stripe.refunds.create({ payment_intent: pi.id });
    const charge = await stripe.charges.retrieve(refund.charge as string);
    const refunded = signedEvent(eventOf('charge.refunded', charge));
    const succeeded = signedEvent(eventOf('payment_intent.succeeded', pi));
    await postWebhook(refunded.payload, refunded.signature).expect(200);
    expect(await bookingDoc(bookingId)).toMatchObject({ state: 'refunded', paid: true, transactionId: pi.id });
    expect(await stockOf(toolId)).toBe(100);
    expect((await postWebhook(succeeded.payload, succeeded.signature).expect(200)).body.outcome).toBe('no-change');
    expect(await bookingDoc(bookingId)).toMatchObject({ state: 'refunded' });
    expect(await stockOf(toolId)).toBe(100);
  });

  it('acknowledges events the shop does not handle, and unknown bookings, without effect', async () => {
    const before = await dumpFirestore();
    const other = signedEvent(eventOf('customer.created', { id: 'cus_1', object: 'customer' }));
    expect((await postWebhook(other.payload, other.signature).expect(200)).body.outcome).toBe('ignored');
    const orphan = signedEvent(
      eventOf('payment_intent.succeeded', {
        id: 'pi_x',
        object: 'payment_intent',
        status: 'succeeded',
        amount: 100,
        currency: 'usd',
        metadata: { bookingId: 'nosuchbooking0000000' },
      }),
    );
    expect((await postWebhook(orphan.payload, orphan.signature).expect(200)).body.outcome).toBe('unknown-booking');
    const after = await dumpFirestore();
    delete after.stripeEvents;
    delete before.stripeEvents;
    expect(after).toEqual(before);
  });
});

describe('webhooks delivered by the Stripe double', () => {
  let server: http.Server;
  beforeAll(async () => {
    server = http.createServer(createApp());
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as AddressInfo).port;
    await fetch(`${DOUBLE}/_double/config`, { method: 'POST', body: JSON.stringify({ webhookUrl: `http://127.0.0.1:${port}/stripe/webhook` }) });
  });
  afterAll(async () => {
    await fetch(`${DOUBLE}/_double/config`, { method: 'POST', body: JSON.stringify({ webhookUrl: null }) });
    await new Promise((r) => server.close(r));
  });

  it('a payment is recorded from the signed event alone (the browser closed before PATCH)', async () => {
    const toolId = await makeTool({ priceCents: 1000, minimumQuantity: 1, availableQuantity: 100 });
    const bookingId = await book(customer, toolId, 2);
    const pi = intentIdOf((await intentFor(customer, bookingId).expect(200)).body.clientSecret);
    await confirm(pi);
    await fetch(`${DOUBLE}/_double/settle`, { method: 'POST' });
    expect(await bookingDoc(bookingId)).toMatchObject({ paid: true, transactionId: pi, state: 'paid' });
    const events = await (await fetch(`${DOUBLE}/_double/events?type=payment_intent.succeeded&payment_intent=${pi}`)).json();
    expect(events.data[0].state).toBe('delivered');
  });
});

describe('cancel with a payment in flight (DELETE /booking)', () => {
  let toolId: string;
  beforeEach(async () => {
    toolId = await makeTool({ priceCents: 1000, minimumQuantity: 1, availableQuantity: 100 });
  });
  const cancel = (bookingId: string) =>
    api()
      .delete(`${API.booking}?email=${encodeURIComponent(customer.email)}&id=${bookingId}`)
      .set(bearer(customer.token));

  it('cancels the PaymentIntent first, so it can never be paid; stock back once', async () => {
    const bookingId = await book(customer, toolId, 5);
    const pi = intentIdOf((await intentFor(customer, bookingId).expect(200)).body.clientSecret);
    await cancel(bookingId).expect(200);
    expect((await stripe.paymentIntents.retrieve(pi)).status).toBe('canceled');
    await expect(confirm(pi)).rejects.toThrow();
    expect(await stockOf(toolId)).toBe(100);
    await cancel(bookingId).expect(404);
    expect(await stockOf(toolId)).toBe(100);
  });

  it('a payment that succeeded before the cancel is recorded, not lost, and the cancel answers 409', async () => {
    const bookingId = await book(customer, toolId, 5);
    const pi = intentIdOf((await intentFor(customer, bookingId).expect(200)).body.clientSecret);
    await confirm(pi);
    expectError((await cancel(bookingId).expect(409)).body, 'conflict', /paid/);
    expect(await bookingDoc(bookingId)).toMatchObject({ paid: true, transactionId: pi, state: 'paid' });
    expect(await stockOf(toolId)).toBe(95);
  });
});

describe('POST /bookingOrder/{id}/refund (admin)', () => {
  let toolId: string;
  beforeEach(async () => {
    toolId = await makeTool({ priceCents: 1000, minimumQuantity: 1, availableQuantity: 100 });
  });
  const refund = (id: string, user = admin) => api().post(API.refundOrder(id)).set(bearer(user.token));

  it('refunds a paid order once at the provider, marks it refunded and returns its stock once', async () => {
    const { bookingId, pi } = await bookAndPay(customer, toolId, 6);
    expect(await stockOf(toolId)).toBe(94);
    const answers = await Promise.all([refund(bookingId), refund(bookingId), refund(bookingId)]);
    expect(answers.filter((a) => a.status === 200).length).toBeGreaterThanOrEqual(1);
    for (const a of answers) expect([200, 409]).toContain(a.status);
    expect(await stockOf(toolId)).toBe(100);
    expect(await bookingDoc(bookingId)).toMatchObject({ state: 'refunded', paid: true, transactionId: pi });
    const refunds = await (await fetch(`${DOUBLE}/_double/refunds?payment_intent=${pi}`)).json();
    expect(refunds.data).toHaveLength(1);
    expectError((await refund(bookingId).expect(409)).body, 'conflict', /already refunded/);
    expect(await stockOf(toolId)).toBe(100);
    const mine = await api().get(API.myBooking(bookingId)).set(bearer(customer.token)).expect(200);
    expect(mine.body.state).toBe('refunded');
  });

  it('refuses unpaid and shipped orders with 409', async () => {
    const unpaid = await book(customer, toolId, 2);
    expectError((await refund(unpaid).expect(409)).body, 'conflict', /not paid/);
    const { bookingId } = await bookAndPay(customer, toolId, 2);
    await api().patch(API.markShipped(bookingId)).set(bearer(admin.token)).expect(200);
    expectError((await refund(bookingId).expect(409)).body, 'conflict', /shipped/);
  });

  it('refuses customers (403), anonymous callers (401) and unknown orders (404)', async () => {
    const { bookingId } = await bookAndPay(customer, toolId, 2);
    await refund(bookingId, customer).expect(403);
    for (const { headers } of ANONYMOUS_CALLERS) await api().post(API.refundOrder(bookingId)).set(headers).expect(401);
    await refund('nosuchbooking0000000').expect(404);
    expect(await bookingDoc(bookingId)).toMatchObject({ state: 'paid' });
  });
});
