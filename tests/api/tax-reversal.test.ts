import { describe, expect, it } from 'vitest';
import type Stripe from 'stripe';
import { API } from '../../common/src/api-paths';
import { api, bearer } from '../support/api';
import { db } from '../support/firestore';
import {
  ADMIN,
  CUSTOMER,
  GOOD_CONTACT,
  bookingDoc,
  catalogued,
  eventOf,
  expectError,
  payWithCard,
  postWebhook,
  quickOrder,
  signedEvent,
  stripe,
  useCast,
} from './fixtures';

/**
 * A card order refunded whole has its tax transaction reversed in full, once (CONTRACT §15):
 * mode full, reference `<orderNumber>-refund`, the booking's Idempotency-Key, its id on the
 * order's tax (`reversalId`), however the refund is raced or replayed; an order whose transaction
 * Stripe had recorded but the shop had not kept is reversed too, never left standing.
 */

const { customer, shopAdmin } = useCast({ customer: CUSTOMER, shopAdmin: ADMIN });
const NY = { line1: '1 Centre St', city: 'New York', region: 'NY', postalCode: '10007', country: 'US' };

const refund = (id: string) => api().post(API.refundOrder(id)).set(bearer(shopAdmin.token));

/** A paid card order to New York (taxed), numbered where no earlier file's order was (the double remembers every reference). */
async function paidOrderWithTax(): Promise<{ id: string; orderNumber: string; pi: string }> {
  await db
    .collection('counters')
    .doc('orders')
    .set({ year: new Date().getUTCFullYear(), seq: 100_000 + Math.floor(Math.random() * 800_000) });
  const part = await catalogued({ name: 'Evaporator Fan', priceCents: 4250, minimumQuantity: 1, availableQuantity: 50, weight: 1 });
  const order = (
    await quickOrder(customer, { lines: [{ partNumber: part.partNumber, quantity: 2 }], phone: GOOD_CONTACT.phone, shippingAddress: NY }).expect(201)
  ).body;
  expect(order.tax.amount).toBeGreaterThan(0);
  const pi = await payWithCard(customer, order._id);
  return { id: order._id, orderNumber: order.orderNumber, pi };
}

/** The tax of a transaction or reversal: its lines' and its shipping's, in cents. */
async function taxOf(t: Stripe.Tax.Transaction): Promise<number> {
  const lines = await stripe.tax.transactions.listLineItems(t.id, { limit: 100 });
  return lines.data.reduce((sum, l) => sum + l.amount_tax, 0) + (t.shipping_cost?.amount_tax ?? 0);
}

/** The order's one full reversal: of its transaction, with its reference, all its tax; the booking's key answers it again. */
async function expectReversedOnce(id: string, orderNumber: string, transactionId: string): Promise<void> {
  const stored = await bookingDoc(id);
  expect(stored).toMatchObject({ state: 'refunded', taxTransactionPending: false, tax: { transactionId, reversalId: expect.stringMatching(/^tax_/) } });
  const transaction = await stripe.tax.transactions.retrieve(transactionId);
  const reversal = await stripe.tax.transactions.retrieve(stored!.tax.reversalId as string);
  expect(reversal).toMatchObject({ type: 'reversal', reference: `${orderNumber}-refund`, reversal: { original_transaction: transactionId } });
  expect(await taxOf(transaction)).toBe(stored!.tax.amountCents);
  expect(await taxOf(reversal)).toBe(-stored!.tax.amountCents);
  // The booking's key answers the same reversal, not a second one...
  const again = await stripe.tax.transactions.createReversal(
    { mode: 'full', original_transaction: transactionId, reference: `${orderNumber}-refund`, metadata: { bookingId: id } },
    { idempotencyKey: `tax-reversal-${id}` },
  );
  expect(again.id).toBe(reversal.id);
  // ...and nothing is left of the transaction for any other.
  await expect(
    stripe.tax.transactions.createReversal({ mode: 'full', original_transaction: transactionId, reference: `${orderNumber}-probe` }),
  ).rejects.toMatchObject({ statusCode: 400, message: expect.stringMatching(/reversed in full/) });
}

describe('a card order refunded whole', () => {
  it('reverses its tax transaction in full once: the admin’s refunds raced, the webhook, then the refund replayed', async () => {
    const { id, orderNumber, pi } = await paidOrderWithTax();
    const transactionId = (await bookingDoc(id))!.tax.transactionId as string;
    expect(transactionId).toMatch(/^tax_/);
    const answers = await Promise.all([refund(id), refund(id), refund(id)]);
    expect(answers.filter((a) => a.status === 200).length).toBeGreaterThanOrEqual(1);
    for (const a of answers) expect([200, 409]).toContain(a.status);
    const charge = await stripe.charges.retrieve((await stripe.paymentIntents.retrieve(pi)).latest_charge as string);
    const { payload, signature } = signedEvent(eventOf('charge.refunded', charge));
    await postWebhook(payload, signature).expect(200);
    await expectReversedOnce(id, orderNumber, transactionId);
    const reversalId = (await bookingDoc(id))!.tax.reversalId;

    expectError((await refund(id).expect(409)).body, 'conflict', /already refunded/);
    await postWebhook(payload, signature).expect(200);
    expect((await bookingDoc(id))!.tax.reversalId).toBe(reversalId);
  });

  it('whose transaction Stripe recorded but the order never kept (the answer lost): that transaction is the one reversed', async () => {
    const { id, orderNumber } = await paidOrderWithTax();
    const stored = (await bookingDoc(id))!;
    const transactionId = stored.tax.transactionId as string;
    await db
      .collection('bookings')
      .doc(id)
      .update({ tax: { ...stored.tax, transactionId: null }, taxTransactionPending: true });
    await refund(id).expect(200);
    await expectReversedOnce(id, orderNumber, transactionId);
  });
});
