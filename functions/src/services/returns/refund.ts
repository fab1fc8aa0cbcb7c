import StripeSdk from 'stripe';
import { Timestamp } from 'firebase-admin/firestore';
import type { ReturnRefundDoc } from '@fridgeparts/common/documents/returns';
import type { RefundBreakdown } from '@fridgeparts/common/returns/returns';
import type { Return } from '@fridgeparts/common/returns/returns.answers';
import { db, type BookingDoc, type ReturnDoc } from '../../data/firestore';
import { conflict } from '../../errors';
import { logs } from '../../logs';
import { atProvider, type Stripe } from '../payments/stripe-client';
import { queueReturnEmail } from '../mail/mail-outbox';
import { readReturn, returnAnswer, returnRef } from './returns';
import { refundCentsOf, refundDueOf } from './return-rules';

/**
 * POST /booking/{id}/returns/{rid}/refund (shop admin; CONTRACT §16, decision 0086): the refund of
 * a received return, made once. What it refunds is a pure function of the counted lines and the
 * order (return-rules.ts refundDueOf, common returns.ts refundBreakdown), so every attempt asks
 * the provider for the same thing under the same Idempotency-Key: two refunds at once, or a retry
 * after a lost answer, make one at Stripe, and the transaction that records it finds the return
 * refunded the second time and answers the same.
 * - A card order: a Stripe Refund of the total on its PaymentIntent (`return-refund-<rid>`), and a
 *   partial reversal of its tax transaction (reference = the RMA number; skipped without one).
 */

export const returnRefundKey = (rid: string) => `return-refund-${rid}`;
export const returnTaxReversalKey = (rid: string) => `return-tax-reversal-${rid}`;

/** Stripe refusing a request as such (not an outage): the shop admin is told why, 409. */
function refused(err: unknown, what: string): never {
  if (err instanceof StripeSdk.errors.StripeInvalidRequestError || err instanceof StripeSdk.errors.StripeIdempotencyError)
    throw conflict(`Stripe refused the ${what}: ${err.message}`);
  throw err;
}

/** The card refund of `due` on the order's PaymentIntent; null when nothing is due. */
async function cardRefund(rid: string, r: ReturnDoc, b: BookingDoc, due: RefundBreakdown): Promise<string | null> {
  if (due.totalCents <= 0) return null;
  const intentId = b.paymentIntentId ?? b.transactionId;
  if (!intentId) throw conflict('This order has no card payment to refund.');
  const refund = await atProvider((s) =>
    s.refunds.create(
      { payment_intent: intentId, amount: due.totalCents, metadata: { bookingId: r.bookingId, returnId: rid, rmaNumber: r.rmaNumber } },
      { idempotencyKey: returnRefundKey(rid) },
    ),
  ).catch((err: unknown) => refused(err, 'refund'));
  return refund.id;
}

/** Stripe refusing a reference another transaction has (a local stack whose Firestore was cleared numbers RMAs again). */
const isReferenceTaken = (err: unknown): boolean => err instanceof StripeSdk.errors.StripeInvalidRequestError && err.param === 'reference';

/**
 * Reverses the tax of what `due` refunds on the order's tax transaction (mode partial): each order
 * line's refunded amount (parts less fee) and tax, and the shipping when refunded. Null when the
 * order has no tax transaction or nothing to reverse.
 */
async function taxReversal(rid: string, r: ReturnDoc, b: BookingDoc, due: RefundBreakdown): Promise<string | null> {
  const original = b.tax?.transactionId;
  if (!original) return null;
  const txn = await atProvider((s) => s.tax.transactions.retrieve(original, { expand: ['line_items'] }));
  const byReference = new Map((txn.line_items?.data ?? []).map((li) => [li.reference, li]));
  const received = new Map(r.lines.map((l) => [l.lineId, l.resaleableQuantity + l.damagedQuantity]));
  const lineItems: Stripe.Tax.TransactionCreateReversalParams.LineItem[] = [];
  for (const l of due.lines) {
    const li = byReference.get(l.lineId);
    const amount = l.partsCents - l.feeCents;
    if (!li || (amount === 0 && l.taxCents === 0)) continue;
    lineItems.push({
      original_line_item: li.id,
      reference: `${r.rmaNumber}-${l.lineId}`,
      amount: -amount,
      amount_tax: -l.taxCents,
      quantity: Math.max(1, Math.min(li.quantity, received.get(l.lineId) ?? 1)),
    });
  }
  const shipping =
    txn.shipping_cost && (due.shippingCents > 0 || due.shippingTaxCents > 0) ? { amount: -due.shippingCents, amount_tax: -due.shippingTaxCents } : null;
  if (lineItems.length === 0 && !shipping) return null;
  const reverse = (reference: string, idempotencyKey: string) =>
    atProvider((s) =>
      s.tax.transactions.createReversal(
        {
          mode: 'partial',
          original_transaction: original,
          reference,
          ...(lineItems.length > 0 ? { line_items: lineItems } : {}),
          ...(shipping ? { shipping_cost: shipping } : {}),
          metadata: { bookingId: r.bookingId, returnId: rid },
        },
        { idempotencyKey },
      ),
    );
  try {
    return (await reverse(r.rmaNumber, returnTaxReversalKey(rid))).id;
  } catch (err) {
    if (!isReferenceTaken(err)) return refused(err, 'tax reversal');
    return (await reverse(`${r.rmaNumber}-${rid}`, `${returnTaxReversalKey(rid)}-by-id`).catch((e: unknown) => refused(e, 'tax reversal'))).id;
  }
}

/** Reads the return and its order, outside a transaction (the provider is called before the record). */
async function readBoth(bookingId: string, rid: string): Promise<{ r: ReturnDoc; b: BookingDoc }> {
  return db.runTransaction((tx) => readReturn(tx, bookingId, rid));
}

/** The refund of a received return, once (see above); a refunded one answers as it is. */
export async function refundReturn(bookingId: string, rid: string): Promise<Return> {
  const { r, b } = await readBoth(bookingId, rid);
  if (r.state === 'refunded') return returnAnswer(rid, r, b);
  if (r.state !== 'received') throw conflict(`Return ${r.rmaNumber} is ${r.state}: its parts must be received before it is refunded.`);
  const due = refundDueOf(r, b);
  if (b.payment?.method === 'invoice') throw conflict('Refunds of orders on account (a credit note on the invoice) are not open yet.');
  const refundId = await cardRefund(rid, r, b, due);
  const taxReversalId = await taxReversal(rid, r, b, due);
  const refund: ReturnRefundDoc = { ...refundCentsOf(due), method: 'card', refundId, creditNoteId: null, taxReversalId };
  return db.runTransaction(async (tx) => {
    const now = await readReturn(tx, bookingId, rid);
    if (now.r.state === 'refunded') return returnAnswer(rid, now.r, now.b);
    if (now.r.state !== 'received') throw conflict(`Return ${now.r.rmaNumber} is ${now.r.state}, so it is not refunded.`);
    const after: ReturnDoc = { ...now.r, state: 'refunded', refund, refundedAt: Timestamp.now(), version: now.r.version + 1 };
    tx.update(returnRef(rid), { state: after.state, refund, refundedAt: after.refundedAt, version: after.version });
    queueReturnEmail(tx, 'refunded', rid, after);
    logs.returnRefunded(bookingId, rid, refund.method, refund.totalCents);
    return returnAnswer(rid, after, now.b);
  });
}
