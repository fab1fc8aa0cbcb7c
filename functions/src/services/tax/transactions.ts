import { bookingStateOf } from '@fridgeparts/common/documents/bookings';
import { collections, db, type BookingDoc } from '../../data/firestore';
import { logs } from '../../logs';
import { bookingRef } from '../orders/booking-records';
import StripeSdk from 'stripe';
import { atProvider, type Stripe } from '../payments/stripe-client';

/**
 * A card order's tax transaction (CONTRACT §15, decision 0083): once the order is paid, its
 * calculation is recorded at Stripe as a transaction (`reference` = the order number), once: the
 * Idempotency-Key is the order's, so the browser's report and the webhook racing, or the webhook
 * replayed, make one transaction, and its id is kept on the order (`tax.transactionId`). The
 * payment's transaction marks the order `taxTransactionPending`; this clears it, and the sweep
 * records any Stripe could not take at the time. An order on account records none here: its
 * invoice carries the tax (Stripe records an invoice's tax itself).
 */

export const taxTransactionKey = (bookingId: string) => `tax-transaction-${bookingId}`;

/** States in which a card order has been paid and not given back. */
const PAID_STATES = new Set(['paid', 'partially-shipped', 'shipped', 'delivered']);

/** Whether the order's tax transaction is still to be recorded now. */
export function needsTaxTransaction(b: BookingDoc): boolean {
  return !!b.tax && !b.tax.transactionId && !b.payment && !b.lateRefund && PAID_STATES.has(bookingStateOf(b));
}

/** The fields the payment's transaction adds to a paid order with tax: the transaction is pending. */
export const taxPendingOnPay = (b: Pick<BookingDoc, 'tax' | 'payment'>): Pick<BookingDoc, 'taxTransactionPending'> =>
  b.tax && !b.tax.transactionId && !b.payment ? { taxTransactionPending: true } : {};

/** Records the paid order's tax transaction, once; answers its id (null when there is none to record). Throws when Stripe fails. */
export async function recordTaxTransaction(bookingId: string): Promise<string | null> {
  const ref = bookingRef(bookingId);
  const b = (await ref.get()).data();
  if (!b) return null;
  if (!needsTaxTransaction(b)) {
    if (b.taxTransactionPending) await clearPending(bookingId, b.tax?.transactionId ?? null);
    return b.tax?.transactionId ?? null;
  }
  const calculation = b.tax!.calculationId;
  const record = (reference: string, idempotencyKey: string) =>
    atProvider((s) => s.tax.transactions.createFromCalculation({ calculation, reference, metadata: { bookingId } }, { idempotencyKey }));
  let transaction: Stripe.Tax.Transaction;
  try {
    transaction = await record(b.orderNumber || bookingId, taxTransactionKey(bookingId));
  } catch (err) {
    // A reference names one transaction for good. Order numbers are unique in a shop's life, but a
    // local stack whose Firestore was cleared numbers its orders again while Stripe (the double)
    // remembers: then the order's id makes the reference unique, with its own key.
    if (!isReferenceTaken(err)) throw err;
    transaction = await record(`${b.orderNumber}-${bookingId}`, `${taxTransactionKey(bookingId)}-by-id`);
  }
  await clearPending(bookingId, transaction.id);
  logs.taxTransactionRecorded(bookingId, transaction.id);
  return transaction.id;
}

/** Stripe refusing a reference another transaction has. */
const isReferenceTaken = (err: unknown): boolean => err instanceof StripeSdk.errors.StripeInvalidRequestError && err.param === 'reference';

/** Keeps the transaction's id on the order (the first one kept stays) and clears the pending mark. */
async function clearPending(bookingId: string, transactionId: string | null): Promise<void> {
  const ref = bookingRef(bookingId);
  await db.runTransaction(async (tx) => {
    const now = (await tx.get(ref)).data();
    if (!now) return;
    const keep = now.tax && !now.tax.transactionId && transactionId ? { tax: { ...now.tax, transactionId } } : {};
    if (now.taxTransactionPending || Object.keys(keep).length > 0) tx.update(ref, { ...keep, taxTransactionPending: false });
  });
}

/** After a payment's commit: a Stripe failure is logged and left to the sweep, never the payment's answer. */
export async function recordTaxTransactionSafely(bookingId: string): Promise<void> {
  await recordTaxTransaction(bookingId).catch((err: unknown) => logs.taxTransactionFailed(bookingId, err));
}

/** The sweep's part: the paid orders whose tax transaction Stripe could not take at the time. */
export async function recordPendingTaxTransactions(limit: number): Promise<{ recorded: number; errors: number }> {
  const pending = await collections.bookings().where('taxTransactionPending', '==', true).limit(limit).get();
  let recorded = 0;
  let errors = 0;
  for (const d of pending.docs) {
    try {
      if (await recordTaxTransaction(d.id)) recorded++;
    } catch (err) {
      logs.taxTransactionFailed(d.id, err);
      errors++;
    }
  }
  return { recorded, errors };
}
