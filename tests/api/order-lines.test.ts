import '../support/env';
import { formatCents } from '../../common/src/money';
import { Timestamp } from 'firebase-admin/firestore';
import type Stripe from 'stripe';
import { getDocumentProxy } from 'unpdf';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { API } from '../../common/src/api-paths';
import { localOrigin } from '../../common/src/local-stack';
import { sweepReservations } from '../../functions/src/services/sweep/reservation-sweep';
import { api, bearer } from '../support/api';
import type { TestUser } from '../support/auth';
import { db } from '../support/firestore';
import {
  ADMIN,
  bookingDoc,
  catalogued,
  CUSTOMER,
  GOOD_CONTACT,
  dumpFirestoreWithoutMail as dumpFirestore,
  eventOf,
  expectError,
  HOUR,
  intentIdOf,
  makeBooking,
  orderDocument,
  payWithCard as payAs,
  pdfText,
  postWebhook,
  quickOrder as quick,
  signedEvent,
  stockOf,
  stripe,
  useCast,
  oneLineTaxCents,
  oneLineTotal,
  oneLineTotalCents,
} from './fixtures';
import { mailSettled } from './mail-inbox';
import { catalogueParts, stocksOf } from './order-fixtures';

/**
 * Orders with many lines (CONTRACT §8) through HTTP: a quick order is one order, paid with one
 * PaymentIntent for its total; cancel, expiry and refund act on the whole order and return each
 * line's stock exactly once; the PDF has a row per line; documents written before orders had
 * lines read as one-line orders.
 */
const { owner, other, admin } = useCast({ owner: { name: 'Lee Lines' }, other: CUSTOMER, admin: ADMIN });

afterAll(() => mailSettled());

let gasket: { id: string; partNumber: string };
let relay: { id: string; partNumber: string };
let fan: { id: string; partNumber: string };
/** Stock of the three tools, in that order. */
const stocks = async () => stocksOf(gasket, relay, fan);

beforeEach(async () => {
  await mailSettled();
  ({ gasket, relay, fan } = await catalogueParts());
});

/** Gasket 3 ($59.97), relay 100 ($1,200.00), fan 2 ($179.00), relay 10 ($150.00): $1,588.97, and Illinois' tax of each line (the one-line address). */
const FOUR_LINES_CENTS = [5997, 120_000, 17_900, 15_000];
const FOUR_LINES_TOTAL_CENTS = oneLineTotalCents(FOUR_LINES_CENTS);
async function orderOfFourLines(user = owner): Promise<{ id: string; body: Record<string, unknown> }> {
  const res = await quick(user, {
    lines: [
      { partNumber: gasket.partNumber, quantity: 3 },
      { partNumber: relay.partNumber, quantity: 100 },
      { partNumber: fan.partNumber, quantity: 2 },
      { partNumber: relay.partNumber, quantity: 10 },
    ],
    ...GOOD_CONTACT,
    poNumber: 'PO-LINES-1',
  }).expect(201);
  return { id: res.body._id as string, body: res.body };
}

const payWithCard = (bookingId: string, user = owner) => payAs(user, bookingId);

describe('a quick order is one order', () => {
  it('of every line, with lines, lineCount and total, and every line reserved', async () => {
    const { id, body } = await orderOfFourLines();
    expect(body).toMatchObject({
      _id: id,
      lineCount: 4,
      total: FOUR_LINES_TOTAL_CENTS / 100,
      toolId: gasket.id,
      partNumber: gasket.partNumber,
      quantity: 3,
      price: 19.99,
      poNumber: 'PO-LINES-1',
      state: 'reserved',
    });
    expect((body.lines as { partNumber: string }[]).map((l) => l.partNumber)).toEqual([gasket.partNumber, relay.partNumber, fan.partNumber, relay.partNumber]);
    expect(await stocks()).toEqual([7, 390, 18]);
    expect((await db.collection('bookings').where('uid', '==', owner.uid).where('orderNumber', '==', body.orderNumber).get()).size).toBe(1);
  });

  it.each([
    ['a quantity below the minimum', () => ({ partNumber: gasket.partNumber, quantity: 1 }), 'lines.1.quantity', /can not be less than MinimumQuantity/],
    ['a quantity that is not whole packs', () => ({ partNumber: relay.partNumber, quantity: 15 }), 'lines.1.quantity', /multiple of the pack size \(10\)/],
    ['more than the stock', () => ({ partNumber: fan.partNumber, quantity: 20 }), 'lines.1.quantity', /19 available after earlier lines/],
    ['an unknown part number', () => ({ partNumber: 'FP-NO-SUCH-PART', quantity: 1 }), 'lines.1.partNumber', /Unknown part number FP-NO-SUCH-PART/],
  ])('books nothing when one line has %s: 400 naming that line, no stock changed', async (_label, bad, field, why) => {
    const before = await dumpFirestore();
    const res = await quick(owner, {
      lines: [{ partNumber: fan.partNumber, quantity: 1 }, bad(), { partNumber: relay.partNumber, quantity: 10 }],
      ...GOOD_CONTACT,
    }).expect(400);
    expectError(res.body, 'invalid-argument', /nothing was booked/);
    expect(Object.keys(res.body.error.fields)).toEqual([field]);
    expect(res.body.error.fields[field]).toMatch(why);
    expect(await dumpFirestore()).toEqual(before);
    expect(await stocks()).toEqual([10, 500, 20]);
  });
});

describe('one payment for the whole order', () => {
  it('one PaymentIntent for the total; paying it pays the order once', async () => {
    const { id } = await orderOfFourLines();
    const first = await api().post(API.createPaymentIntent).set(bearer(owner.token)).send({ bookingId: id }).expect(200);
    expect(first.body).toMatchObject({ amount: FOUR_LINES_TOTAL_CENTS, currency: 'usd' });
    const again = await api().post(API.createPaymentIntent).set(bearer(owner.token)).send({ bookingId: id }).expect(200);
    expect(again.body.clientSecret).toBe(first.body.clientSecret);
    const pi = await stripe.paymentIntents.retrieve(intentIdOf(first.body.clientSecret));
    expect(pi).toMatchObject({ amount: FOUR_LINES_TOTAL_CENTS, currency: 'usd', metadata: { bookingId: id, uid: owner.uid } });
    expect(pi.description).toMatch(/4 lines/);

    await stripe.paymentIntents.confirm(pi.id, { payment_method: 'pm_card_visa' });
    const paid = await api().patch(API.recordPayment(id)).set(bearer(owner.token)).send({ transactionId: pi.id }).expect(200);
    expect(paid.body).toMatchObject({ paid: true, transactionId: pi.id, state: 'paid', lineCount: 4, total: FOUR_LINES_TOTAL_CENTS / 100 });
    // Paying takes no more stock: it was reserved when the order was booked.
    expect(await stocks()).toEqual([7, 390, 18]);
  });
});

describe('cancel, refund and expiry act on the whole order', () => {
  it('a cancel returns every line once; a second cancel finds nothing', async () => {
    const { id } = await orderOfFourLines();
    await api().delete(API.cancelBooking(owner.email, id)).set(bearer(owner.token)).expect(200);
    expect(await stocks()).toEqual([10, 500, 20]);
    expect(await bookingDoc(id)).toBeUndefined();
    await api().delete(API.cancelBooking(owner.email, id)).set(bearer(owner.token)).expect(404);
    expect(await stocks()).toEqual([10, 500, 20]);
  });

  it('racing cancels (owner and admin) return every line exactly once', async () => {
    const { id } = await orderOfFourLines();
    const answers = await Promise.all([
      ...[0, 1, 2].map(() => api().delete(API.cancelBooking(owner.email, id)).set(bearer(owner.token))),
      ...[0, 1].map(() => api().delete(API.deleteOrder(id)).set(bearer(admin.token))),
    ]);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    for (const a of answers.filter((x) => x.status !== 200)) expect([404, 409]).toContain(a.status);
    expect(await stocks()).toEqual([10, 500, 20]);
  });

  it('an admin refund of a paid order returns every line once; refunding again is refused', async () => {
    const { id } = await orderOfFourLines();
    await payWithCard(id);
    const answers = await Promise.all([0, 1, 2].map(() => api().post(API.refundOrder(id)).set(bearer(admin.token))));
    // Refunds racing the first all answer as it did (one refund at the provider) or 409.
    expect(answers.filter((a) => a.status === 200).length).toBeGreaterThanOrEqual(1);
    for (const a of answers) expect([200, 409]).toContain(a.status);
    expect(await bookingDoc(id)).toMatchObject({ state: 'refunded' });
    expect(await stocks()).toEqual([10, 500, 20]);
    const intent = (await bookingDoc(id))!.paymentIntentId as string;
    const refunds = (await (await fetch(`${localOrigin('stripe')}/_double/refunds?payment_intent=${intent}`)).json()) as { data: { amount: number }[] };
    expect(refunds.data.map((r) => r.amount)).toEqual([FOUR_LINES_TOTAL_CENTS]);
    await api().post(API.refundOrder(id)).set(bearer(admin.token)).expect(409);
    expect(await stocks()).toEqual([10, 500, 20]);
  });

  it('an overdue order expires whole: every line back once, however many sweeps run', async () => {
    const { id } = await orderOfFourLines();
    await db
      .collection('bookings')
      .doc(id)
      .update({ createdAt: Timestamp.fromMillis(Date.now() - 49 * HOUR) });
    const runs = await Promise.all([sweepReservations(), sweepReservations()]);
    expect(runs.reduce((n, r) => n + r.expired, 0)).toBe(1);
    expect(await bookingDoc(id)).toMatchObject({ state: 'expired', paid: false });
    expect(await stocks()).toEqual([10, 500, 20]);
    await sweepReservations();
    expect(await stocks()).toEqual([10, 500, 20]);
  });
});

describe('a payment that arrives after the order was released (CONTRACT §8)', () => {
  /** A four-line order the sweep released: expired, every line's stock back. */
  async function releasedOrder(): Promise<string> {
    const { id } = await orderOfFourLines();
    await db
      .collection('bookings')
      .doc(id)
      .update({ createdAt: Timestamp.fromMillis(Date.now() - 49 * HOUR) });
    await sweepReservations();
    expect(await bookingDoc(id)).toMatchObject({ state: 'expired' });
    expect(await stocks()).toEqual([10, 500, 20]);
    return id;
  }

  /** A payment the sweep could not stop (made outside the Payment page), for this order and its total. */
  async function latePayment(bookingId: string): Promise<Stripe.PaymentIntent> {
    const pi = await stripe.paymentIntents.create({ amount: FOUR_LINES_TOTAL_CENTS, currency: 'usd', metadata: { bookingId, uid: owner.uid } });
    return stripe.paymentIntents.confirm(pi.id, { payment_method: 'pm_card_visa' });
  }

  function webhookSucceeded(pi: Stripe.PaymentIntent) {
    const { payload, signature } = signedEvent({ ...eventOf('payment_intent.succeeded', pi), id: `evt_late_${pi.id}` });
    return postWebhook(payload, signature);
  }

  const mailKinds = async (id: string) => {
    await mailSettled();
    return (await db.collection('mail').where('bookingId', '==', id).get()).docs.map((d) => d.get('kind') as string).sort();
  };
  const refundsOf = async (pi: string) =>
    ((await (await fetch(`${localOrigin('stripe')}/_double/refunds?payment_intent=${pi}`)).json()) as { data: { amount: number }[] }).data;

  it('re-reserves every line when the stock is still there: paid once, each line taken once', async () => {
    const id = await releasedOrder();
    const pi = await latePayment(id);
    const answers = await Promise.all([webhookSucceeded(pi), webhookSucceeded(pi)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    await api().patch(API.recordPayment(id)).set(bearer(owner.token)).send({ transactionId: pi.id }).expect(200);
    expect(await bookingDoc(id)).toMatchObject({ state: 'paid', paid: true, transactionId: pi.id });
    expect(await stocks()).toEqual([7, 390, 18]);
    expect(await refundsOf(pi.id)).toEqual([]);
    expect(await mailKinds(id)).toEqual(['booked', 'paid', 'released']);
  });

  it("is refunded at once when a line's stock is gone: marked refunded, one refund of the total, no stock taken, the buyer emailed", async () => {
    const id = await releasedOrder();
    // Someone else bought the fans meanwhile: 1 left, the order needs 2.
    await db.collection('tools').doc(fan.id).update({ availableQuantity: 1 });
    const pi = await latePayment(id);
    const res = await api().patch(API.recordPayment(id)).set(bearer(owner.token)).send({ transactionId: pi.id }).expect(409);
    expectError(res.body, 'conflict', /no longer in stock, so your payment is being refunded in full/);
    const stored = (await bookingDoc(id))!;
    expect(stored).toMatchObject({ state: 'refunded', paid: true, transactionId: pi.id, lateRefund: true, refundPending: false });
    expect(stored.refundId).toMatch(/^re_/);
    expect((await refundsOf(pi.id)).map((r) => r.amount)).toEqual([FOUR_LINES_TOTAL_CENTS]);
    expect(await stocks()).toEqual([10, 500, 1]);
    // The webhook for the same payment, and an admin refund, change nothing more.
    await webhookSucceeded(pi).expect(200);
    await api().post(API.refundOrder(id)).set(bearer(admin.token)).expect(409);
    expect(await refundsOf(pi.id)).toHaveLength(1);
    expect(await stocks()).toEqual([10, 500, 1]);
    expect(await bookingDoc(id)).toMatchObject({ state: 'refunded' });
    expect(await mailKinds(id)).toEqual(['booked', 'refunded', 'released']);
    const mail = (await db.collection('mail').doc(`${id}-refunded`).get()).data()!;
    expect(mail.subject).toMatch(/payment refunded, the items are no longer available/);
    expect(mail.text).toContain(fan.partNumber);
    const mine = await api().get(API.myBooking(id)).set(bearer(owner.token)).expect(200);
    expect(mine.body).toMatchObject({ state: 'refunded', lineCount: 4 });
  });

  it('through the webhook alone, the refund is made once however often the event comes', async () => {
    const id = await releasedOrder();
    await db.collection('tools').doc(gasket.id).update({ availableQuantity: 0 });
    const pi = await latePayment(id);
    const answers = await Promise.all([webhookSucceeded(pi), webhookSucceeded(pi), webhookSucceeded(pi)]);
    for (const a of answers) expect(a.status).toBe(200);
    expect(await bookingDoc(id)).toMatchObject({ state: 'refunded', refundPending: false });
    expect((await refundsOf(pi.id)).map((r) => r.amount)).toEqual([FOUR_LINES_TOTAL_CENTS]);
    expect(await stocks()).toEqual([0, 500, 20]);
  });
});

const fetchDocument = (id: string, user: TestUser) => orderDocument(user, id).expect(200);

describe('the order PDF', () => {
  it('has a row per line (part number, name, quantity, unit price, line total) and the total', async () => {
    const { id, body } = await orderOfFourLines();
    const text = await pdfText((await fetchDocument(id, owner)).body as Buffer);
    for (const piece of [
      body.orderNumber as string,
      'PO-LINES-1',
      gasket.partNumber,
      relay.partNumber,
      fan.partNumber,
      'Door Gasket',
      'Start Relay',
      'Condenser Fan Motor',
      '$19.99',
      '$59.97',
      '$12.00',
      '$1,200.00',
      '$89.50',
      '$179.00',
      '$15.00',
      '$150.00',
      `Sales tax (IL 6.25%): ${formatCents(oneLineTaxCents(...FOUR_LINES_CENTS))}`,
      `Total: ${formatCents(FOUR_LINES_TOTAL_CENTS)}`,
    ]) {
      expect(text).toContain(piece);
    }
    // The relay is on two lines: it appears twice.
    expect(text.split(relay.partNumber)).toHaveLength(3);
  });

  it('lists all of 50 lines, over more than one page', async () => {
    const parts = await Promise.all(
      Array.from({ length: 5 }, (_, i) => catalogued({ name: `Bulk Part ${i}`, priceCents: 100, minimumQuantity: 1, availableQuantity: 100 })),
    );
    const lines = Array.from({ length: 50 }, (_, i) => ({ partNumber: parts[i % 5].partNumber, quantity: 1 }));
    const res = await quick(owner, { lines, ...GOOD_CONTACT }).expect(201);
    // Each $1.00 line is taxed on its own: 6.25 cents rounds to 6, so $3.00 in all, not $3.13.
    expect(res.body).toMatchObject({ lineCount: 50, total: oneLineTotal(Array.from({ length: 50 }, () => 100)) });
    expect(res.body.tax).toMatchObject({ amount: 3, state: 'IL', rate: '6.25', reason: 'standard_rated', shipping: 0 });
    const pdf = await getDocumentProxy(new Uint8Array((await fetchDocument(res.body._id, admin)).body as Buffer));
    expect(pdf.numPages).toBeGreaterThan(1);
    const text = await pdfText((await fetchDocument(res.body._id, admin)).body as Buffer);
    for (const p of parts) expect(text.split(p.partNumber)).toHaveLength(11);
    expect(text).toContain('Total: $53.00');
  });
});

/** Rewrites a booking as documents were stored before orders had lines: no lines, no toolIds. */
async function withoutLines(id: string, over: Record<string, unknown> = {}): Promise<void> {
  const { lines: _lines, toolIds: _toolIds, ...older } = (await bookingDoc(id))!;
  // Deleted first: the offline stand-in's set() keeps fields the new data leaves out.
  await db.collection('bookings').doc(id).delete();
  await db
    .collection('bookings')
    .doc(id)
    .set({ ...older, ...over });
  const stored = await bookingDoc(id);
  expect(stored).not.toHaveProperty('lines');
  expect(stored).not.toHaveProperty('toolIds');
}

describe('documents written before orders had lines', () => {
  /** A one-line booking as stored before this change: no lines, no toolIds. */
  async function olderBooking(over: Parameters<typeof makeBooking>[2] = {}): Promise<string> {
    const id = await makeBooking(owner, fan.id, { quantity: 4, unitPriceCents: 8950, ...over });
    await withoutLines(id, { partNumber: fan.partNumber });
    return id;
  }

  it('read as one-line orders in GET /mybooking/{id}, My Orders and Manage All Orders', async () => {
    const id = await olderBooking();
    const line = { toolId: fan.id, partNumber: fan.partNumber, name: 'Test Part', quantity: 4, price: 89.5, lineTotal: 358 };
    const one = await api().get(API.myBooking(id)).set(bearer(owner.token)).expect(200);
    expect(one.body).toMatchObject({ _id: id, toolId: fan.id, quantity: 4, price: 89.5, total: 358, lineCount: 1, lines: [line] });
    const mine = await api().get(API.myBookings(owner.email)).set(bearer(owner.token)).expect(200);
    expect(mine.body.find((b: { _id: string }) => b._id === id)).toEqual(one.body);
    const all = await api().get(`${API.allOrders}?limit=100`).set(bearer(admin.token)).expect(200);
    expect(all.body.find((b: { _id: string }) => b._id === id)).toMatchObject({ lineCount: 1, lines: [line], total: 358 });
  });

  it('cancel returns their stock once, and their PDF has their one row', async () => {
    const id = await olderBooking();
    const text = await pdfText((await fetchDocument(id, owner)).body as Buffer);
    for (const piece of [fan.partNumber, 'Test Part', '$89.50', 'Total: $358.00']) expect(text).toContain(piece);
    await api().delete(API.cancelBooking(owner.email, id)).set(bearer(owner.token)).expect(200);
    expect(await stockOf(fan.id)).toBe(24);
  });

  it('a paid one is refunded whole, its stock back once', async () => {
    const res = await api()
      .post(API.booking)
      .set(bearer(owner.token))
      .send({ toolId: fan.id, quantity: 4, ...GOOD_CONTACT })
      .expect(201);
    const id = res.body._id as string;
    await withoutLines(id);
    await payWithCard(id);
    expect(await stockOf(fan.id)).toBe(16);
    await api().post(API.refundOrder(id)).set(bearer(admin.token)).expect(200);
    expect(await bookingDoc(id)).toMatchObject({ state: 'refunded' });
    expect(await stockOf(fan.id)).toBe(20);
  });
});

describe('who may read an order', () => {
  it('another customer gets 404 for a many-line order and its PDF', async () => {
    const { id } = await orderOfFourLines();
    await api().get(API.myBooking(id)).set(bearer(other.token)).expect(404);
    await api().get(API.bookingDocument(id)).set(bearer(other.token)).expect(404);
  });
});
