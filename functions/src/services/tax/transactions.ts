import { bookingStateOf, isSettled } from '@fridgeparts/common/documents/bookings';
import { collections, db, type BookingDoc } from '../../data/firestore';
import { logs } from '../../logs';
import { bookingRef } from '../booking-records';
import StripeSdk from 'stripe';
import { atProvider } from '../stripe-client';

/**
 * A card order's tax transaction (CONTRACT §15, decision 0083): once the order is paid, its
 * calculation is recorded at Stripe as a transaction (`reference` = the order number), once: the
 * Idempotency-Key is the order's, so the browser's report and the webhook racing, or the webhook
 * replayed, make one transaction, and its id is kept on the order (`tax.transactionId`). The
 * payment's transaction marks the order `taxTransactionPending`; this clears it, and the sweep
 * records any Stripe could not take at the time. An order on account records none here: its
 * invoice carries the tax (Stripe records an invoice's tax itself). A card order refunded whole has
 * its transaction reversed in full, once (reverseTaxTransaction): the refund marks it pending again.
 */

export const taxTransactionKey = (bookingId: string) => `tax-transaction-${bookingId}`;

/** States in which a card order has been paid and not given back. */
const PAID_STATES = new Set(['paid', 'partially-shipped', 'shipped', 'delivered']);

/**
 * Whether the order's tax transaction is still to be recorded now. A card warranty replacement the
 * sweep charged (decision 0087) stands in its state unpaid until its payment: only then.
 */
export function needsTaxTransaction(b: BookingDoc): boolean {
  return !!b.tax && !b.tax.transactionId && !b.payment && !b.lateRefund && PAID_STATES.has(bookingStateOf(b)) && isSettled(b);
}

/** The fields the payment's transaction adds to a paid order with tax: the transaction is pending. */
export const taxPendingOnPay = (b: Pick<BookingDoc, 'tax' | 'payment'>): Pick<BookingDoc, 'taxTransactionPending'> =>
  b.tax && !b.tax.transactionId && !b.payment ? { taxTransactionPending: true } : {};

/**
 * Settles the order's tax books at Stripe, once: a paid order's transaction is recorded; a card
 * order refunded whole has its transaction reversed in full. Answers the transaction's id (null
 * when there is none). Throws when Stripe fails (the order stays pending for the sweep).
 */
export async function recordTaxTransaction(bookingId: string): Promise<string | null> {
  const ref = bookingRef(bookingId);
  const b = (await ref.get()).data();
  if (!b) return null;
  if (needsTaxReversal(b)) return reverseTaxTransaction(bookingId, b);
  if (!needsTaxTransaction(b)) {
    if (b.taxTransactionPending) await clearPending(bookingId, b.tax?.transactionId ?? null);
    return b.tax?.transactionId ?? null;
  }
  const transactionId = await createTransaction(bookingId, b);
  await clearPending(bookingId, transactionId);
  logs.taxTransactionRecorded(bookingId, transactionId);
  // A refund that landed while Stripe was recording it finds the same transaction (the same key);
  // if it had not yet, the order refunded meanwhile is reversed here.
  const now = (await ref.get()).data();
  if (now && needsTaxReversal(now)) await reverseTaxTransaction(bookingId, now);
  return transactionId;
}

/** The order's transaction at Stripe, made once from its calculation (the same key answers the one made before). */
async function createTransaction(bookingId: string, b: BookingDoc): Promise<string> {
  const calculation = b.tax!.calculationId;
  const record = (reference: string, idempotencyKey: string) =>
    atProvider((s) => s.tax.transactions.createFromCalculation({ calculation, reference, metadata: { bookingId } }, { idempotencyKey }));
  try {
    return (await record(b.orderNumber || bookingId, taxTransactionKey(bookingId))).id;
  } catch (err) {
    // A reference names one transaction for good. Order numbers are unique in a shop's life, but a
    // local stack whose Firestore was cleared numbers its orders again while Stripe (the double)
    // remembers: then the order's id makes the reference unique, with its own key.
    if (!isReferenceTaken(err)) throw err;
    return (await record(`${b.orderNumber}-${bookingId}`, `${taxTransactionKey(bookingId)}-by-id`)).id;
  }
}

export const taxReversalKey = (bookingId: string) => `tax-reversal-${bookingId}`;

/**
 * A card order refunded whole (the admin's refund, the dashboard's, a late payment's) whose tax is
 * not reversed yet. A late payment's order never had its transaction recorded (the payment was
 * given back at once), so it needs a reversal only if one was.
 */
export function needsTaxReversal(b: BookingDoc): boolean {
  if (!b.tax || b.tax.reversalId || b.payment || bookingStateOf(b) !== 'refunded') return false;
  return !b.lateRefund || !!b.tax.transactionId;
}

/**
 * Reverses the refunded order's tax transaction in full, once (CONTRACT §15): `mode` full,
 * reference `<orderNumber>-refund`, Idempotency-Key the booking's, so the admin's refund, the
 * webhook and the sweep racing, or a refund replayed, make one reversal; its id is kept on the
 * order's tax (`reversalId`). An order whose transaction was not recorded yet (Stripe failed at
 * the payment, the sweep had not retried) has it recorded first with the payment's own key, so a
 * transaction made by a request still in flight is the one reversed, never one left standing.
 */
async function reverseTaxTransaction(bookingId: string, b: BookingDoc): Promise<string | null> {
  const transactionId = b.tax!.transactionId ?? (await createTransaction(bookingId, b));
  const reverse = (reference: string, idempotencyKey: string) =>
    atProvider((s) =>
      s.tax.transactions.createReversal({ mode: 'full', original_transaction: transactionId, reference, metadata: { bookingId } }, { idempotencyKey }),
    );
  const base = b.orderNumber || bookingId;
  let reversalId: string;
  try {
    reversalId = (await reverse(`${base}-refund`, taxReversalKey(bookingId))).id;
  } catch (err) {
    if (!isReferenceTaken(err)) throw err;
    reversalId = (await reverse(`${base}-${bookingId}-refund`, `${taxReversalKey(bookingId)}-by-id`)).id;
  }
  await clearPending(bookingId, transactionId, reversalId);
  logs.taxTransactionReversed(bookingId, transactionId, reversalId);
  return transactionId;
}

/** Stripe refusing a reference another transaction has. */
const isReferenceTaken = (err: unknown): boolean => err instanceof StripeSdk.errors.StripeInvalidRequestError && err.param === 'reference';

/** Keeps the transaction's (and reversal's) id on the order (the first one kept stays) and clears the pending mark. */
async function clearPending(bookingId: string, transactionId: string | null, reversalId: string | null = null): Promise<void> {
  const ref = bookingRef(bookingId);
  await db.runTransaction(async (tx) => {
    const now = (await tx.get(ref)).data();
    if (!now) return;
    const tax = now.tax ? { ...now.tax } : null;
    let changed = false;
    if (tax && !tax.transactionId && transactionId) {
      tax.transactionId = transactionId;
      changed = true;
    }
    if (tax && !tax.reversalId && reversalId) {
      tax.reversalId = reversalId;
      changed = true;
    }
    // A refund recorded since this began leaves the mark for its reversal.
    const pending = !!now.taxTransactionPending && !!tax && needsTaxReversal({ ...now, tax });
    if (now.taxTransactionPending !== pending || changed) tx.update(ref, { ...(changed ? { tax } : {}), taxTransactionPending: pending });
  });
}

/** After a payment's commit: a Stripe failure is logged and left to the sweep, never the payment's answer. */
export async function recordTaxTransactionSafely(bookingId: string): Promise<void> {
  await recordTaxTransaction(bookingId).catch((err: unknown) => logs.taxTransactionFailed(bookingId, err));
}

/** The sweep's part: the paid orders whose transaction (or refunded ones whose reversal) Stripe could not take at the time. */
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
