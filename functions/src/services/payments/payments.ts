import { Timestamp, type DocumentReference, type Transaction } from 'firebase-admin/firestore';
import type { Booking } from '@fridgeparts/common/booking';
import type { PaymentIntentResponse } from '@fridgeparts/common/payment.answers';
import { collections, db, type BookingDoc } from '../../data/firestore';
import { conflict } from '../../errors';
import type { Caller } from '../caller';
import { logs } from '../../logs';
import { readOrderStock } from '../stock/order-stock';
import { bookingFromDoc, bookingStateOf, isSettled, orderLinesOf } from '@fridgeparts/common/documents/bookings';
import { OVER_SPENDING_LIMIT_WORDS } from '@fridgeparts/common/spending-limit';
import { bookingRef, NO_SUCH_BOOKING, orderMove } from '../booking-records';
import { CURRENCY, idempotencyKeys, isPayableIntent, paymentProblem, type IntentFacts } from './payment-rules';
import { atProvider, isMissingResource, isUnexpectedState, retrieveIntentOrNull, type Stripe } from '../stripe-client';
import { queueOrderEmail } from '../mail/mail-outbox';
import { needsTaxReversal, recordTaxTransactionSafely, taxPendingOnPay } from '../tax/transactions';

/**
 * Card payments, exactly once (CONTRACT §5). The provider's word is the only proof of payment:
 * nothing is recorded before the PaymentIntent has been read back from Stripe (or has arrived in a
 * signed webhook event), and every change happens in a Firestore transaction that re-reads the
 * booking, so the browser's PATCH, the webhook and a cancel can race without a double or lost
 * payment. Stock moves only where the booking's state moves, so it comes back exactly once.
 */

export type PaymentSource = 'client' | 'webhook' | 'cancel';

/** The processed webhook event, written in the same transaction as its effect. */
export interface EventMark {
  id: string;
  type: string;
}

/** Runs `work` in a transaction; with an event, only if that event has not taken effect before. */
export async function inPaymentTransaction<T>(
  event: EventMark | null,
  bookingId: string | null,
  work: (tx: Transaction) => Promise<T>,
): Promise<T | 'duplicate'> {
  const result = await db.runTransaction(async (tx) => {
    const eventRef = event ? collections.stripeEvents().doc(event.id) : null;
    if (eventRef && (await tx.get(eventRef)).exists) return 'duplicate' as const;
    const result = await work(tx);
    if (eventRef && event) tx.create(eventRef, { type: event.type, bookingId, processedAt: Timestamp.now() });
    return result;
  });
  // The work may have decided to refund a late payment (recordSucceeded): make that refund now.
  // An order email it queued (paid, refunded) is sent by the mail trigger (decision 0038).
  if (bookingId && result !== 'duplicate') {
    await refundLatePaymentSafely(bookingId);
    // CONTRACT §15: a payment the event recorded has its tax transaction recorded, once.
    await recordTaxTransactionSafely(bookingId);
  }
  return result;
}

/** Runs `run` in `tx` when given (the caller commits), else in its own transaction. */
function inOwnOrGiven(run: (t: Transaction) => Promise<BookingDoc>, tx?: Transaction): Promise<BookingDoc> {
  return tx ? run(tx) : db.runTransaction(run);
}

const unpayableMessage = (b: BookingDoc): string | null => {
  // A warranty replacement charged because the failed part was late (decision 0087): payable whatever it has shipped.
  if (isChargedReplacement(b)) return null;
  switch (bookingStateOf(b)) {
    case 'paid':
    case 'shipped':
    case 'partially-shipped':
    case 'delivered':
      return 'This booking is already paid.';
    case 'refunded':
      return 'This booking was paid and refunded, so it can not be paid again.';
    case 'expired':
      return 'This booking expired before it was paid, and its items went back on sale. Please book again.';
    case 'awaiting-approval':
      return `${OVER_SPENDING_LIMIT_WORDS} We email you when they decide.`;
    case 'declined':
      return 'A company admin declined this order, so it can not be paid. Its items went back on sale.';
    case 'confirmed':
      return "This order is on your company's account: pay its invoice (the link is on the order page) instead of paying by card.";
    default:
      return isSettled(b) ? 'This booking is already paid.' : null;
  }
};

/** A card buyer's warranty replacement the sweep made payable (decision 0087): not paid, not on account. */
const isChargedReplacement = (b: BookingDoc): boolean => !!b.replacementFor && !isSettled(b) && !b.payment && b.totalCents > 0;

/** The caller's own booking, or 404 (someone else's answers like an unknown id: decision 0007). */
async function ownBooking(caller: Caller, id: string): Promise<{ ref: DocumentReference<BookingDoc>; b: BookingDoc }> {
  const ref = bookingRef(id);
  const b = (await ref.get()).data();
  if (!b || b.uid !== caller.uid) throw NO_SUCH_BOOKING(id);
  return { ref, b };
}

/** The fields the verification reads (payment-rules.ts). */
export const intentFacts = (pi: Stripe.PaymentIntent): IntentFacts => ({
  id: pi.id,
  status: pi.status,
  amount: pi.amount,
  currency: pi.currency,
  metadata: pi.metadata,
});

/**
 * POST /create-payment-intent: one PaymentIntent per booking, for its stored total in cents
 * (whatever the client thinks the price is). An intent that can still be paid is reused; one the
 * customer or a cancel stopped is replaced by a new one with its own idempotency key.
 */
export async function createPaymentIntent(caller: Caller, bookingId: string): Promise<PaymentIntentResponse> {
  const { ref, b } = await ownBooking(caller, bookingId);
  const refusal = unpayableMessage(b);
  if (refusal) throw conflict(refusal);

  let replaced: string | null = null;
  if (b.paymentIntentId) {
    const current = await retrieveIntentOrNull(b.paymentIntentId);
    if (current && isPayableIntent(current.status) && current.client_secret) return answer(current);
    if (current?.status === 'succeeded') {
      await recordSucceeded(ref, intentFacts(current), 'client');
      throw conflict('This booking is already paid.');
    }
    replaced = b.paymentIntentId;
  }

  const pi = await atProvider((s) =>
    s.paymentIntents.create(
      {
        amount: b.totalCents,
        currency: CURRENCY,
        // CONTRACT §5's payment_method_types ['card'], under its current API name.
        allowed_payment_method_types: ['card'],
        metadata: { bookingId, uid: b.uid },
        description: `${b.orderNumber ? `${b.orderNumber}: ` : ''}${intentDescription(b)}`.slice(0, 300),
      },
      { idempotencyKey: idempotencyKeys.createIntent(bookingId, replaced) },
    ),
  );

  const stored = await db.runTransaction(async (tx) => {
    const now = (await tx.get(ref)).data();
    if (!now) return 'gone' as const;
    const problem = unpayableMessage(now);
    if (problem) return problem;
    if (now.paymentIntentId === pi.id) return 'ok' as const;
    if (now.paymentIntentId !== (replaced ?? null) && now.paymentIntentId) return 'raced' as const;
    tx.update(ref, { paymentIntentId: pi.id });
    return 'ok' as const;
  });
  if (stored === 'gone') {
    // Cancelled while the intent was being created: stop it so it can never be paid.
    await atProvider((s) => s.paymentIntents.cancel(pi.id)).catch(() => undefined);
    throw NO_SUCH_BOOKING(bookingId);
  }
  if (stored === 'raced') throw conflict('Another payment for this booking has just started. Please reload the page.');
  if (stored !== 'ok') throw conflict(stored);
  return answer(pi);
}

/** What the card statement's description says: the one item, or how many lines the order has. */
function intentDescription(b: BookingDoc): string {
  const lines = orderLinesOf(b);
  return lines.length === 1 ? `${b.quantity} x ${b.name}` : `${lines.length} lines, first ${b.quantity} x ${b.name}`;
}

function answer(pi: Stripe.PaymentIntent): PaymentIntentResponse {
  return { clientSecret: pi.client_secret ?? '', amount: pi.amount, currency: pi.currency };
}

/**
 * PATCH /cardBooking/{id}: the browser reports a payment; the server asks the provider. Only a
 * succeeded intent for this booking, its total and the shop's currency is recorded; anything else
 * is 409 and changes nothing. Reporting the recorded payment again answers 200 and changes nothing.
 */
export async function recordCardPayment(caller: Caller, bookingId: string, transactionId: string): Promise<Booking> {
  const { ref, b } = await ownBooking(caller, bookingId);
  if (isSettled(b) && b.transactionId === transactionId) return bookingFromDoc(bookingId, b);
  if (isSettled(b)) throw conflict('This booking is already paid with another payment.');
  const state = bookingStateOf(b);
  if (state === 'refunded') throw conflict('This booking was refunded.');
  if (state === 'awaiting-approval' || state === 'declined') throw conflict(unpayableMessage(b) ?? 'This order can not be paid.');

  const pi = await retrieveIntentOrNull(transactionId);
  if (!pi) {
    logs.paymentRejected(bookingId, 'unknown payment intent');
    throw conflict('The card provider does not know this payment, so it was not recorded.');
  }
  const problem = paymentProblem(intentFacts(pi), bookingId, b.totalCents);
  if (problem) {
    logs.paymentRejected(bookingId, problem);
    throw conflict(`${problem} It was not recorded.`);
  }
  const after = await recordSucceeded(ref, intentFacts(pi), 'client');
  if (after.lateRefund && after.transactionId === pi.id) throw conflict(LATE_PAYMENT_REFUNDED);
  return bookingFromDoc(bookingId, after);
}

export const LATE_PAYMENT_REFUNDED =
  'This order was released before the payment arrived, and its items are no longer in stock, so your payment is being refunded in full. We have emailed you.';

/**
 * Records a verified, succeeded PaymentIntent on its booking (in `tx` if given: the webhook's
 * transaction with its event mark). States only move forward. A payment that arrives after the
 * order was released (expired) takes every line's stock again if all of it is still there; if not,
 * the shop neither oversells nor keeps the money (CONTRACT §8): the order is marked refunded in
 * this transaction, the buyer's email queued, and the refund made at the provider right after the
 * commit (refundLatePayment; the sweep retries one that failed).
 */
export async function recordSucceeded(ref: DocumentReference<BookingDoc>, pi: IntentFacts, source: PaymentSource, tx?: Transaction): Promise<BookingDoc> {
  const run = async (t: Transaction): Promise<BookingDoc> => {
    const b = (await t.get(ref)).data();
    if (!b) throw NO_SUCH_BOOKING(ref.id);
    const problem = paymentProblem(pi, ref.id, b.totalCents);
    if (problem) throw conflict(`${problem} It was not recorded.`);
    // The lifecycle (decision 0070): states only move forward, so a payment that arrives late or
    // twice never undoes a later state; the browser reports for the buyer, the webhook is the system.
    const actor = source === 'client' ? 'buyer' : 'system';
    const at = Timestamp.now();
    // A charged warranty replacement is paid where it stands (shipped or not): its state does not
    // move; its own tax calculation is recorded as any card order's (decision 0087).
    if (isChargedReplacement(b)) {
      const settled = { paid: true, paidAt: at, transactionId: pi.id, paymentIntentId: pi.id, ...taxPendingOnPay(b) };
      t.update(ref, settled);
      queueOrderEmail(t, 'paid', ref.id, { ...b, ...settled });
      logs.paymentRecorded(ref.id, pi.id, source);
      return { ...b, ...settled };
    }
    const pay = orderMove(b, 'pay', actor, at);
    if (!pay.ok) return b;
    // Every line's tool is read before any write; only a released order (expired, or declined: it
    // can not have an intent, but a payment is never kept without its stock) takes its stock again.
    const stock = pay.stock === 'take' ? await readOrderStock(t, b, 'take') : null;
    if (stock && !stock.available) {
      const late = orderMove(b, 'late-pay-refunded', actor, at);
      if (!late.ok) return b;
      const refunded = {
        ...late.set!,
        transactionId: pi.id,
        paymentIntentId: pi.id,
        refundId: null,
        lateRefund: true,
        refundPending: true,
      };
      t.update(ref, refunded);
      queueOrderEmail(t, 'refunded', ref.id, { ...b, ...refunded });
      logs.latePaymentRefunded(ref.id, pi.id, source);
      return { ...b, ...refunded };
    }
    const paid = { ...pay.set!, transactionId: pi.id, paymentIntentId: pi.id, ...taxPendingOnPay(b) };
    t.update(ref, paid);
    stock?.move(-1);
    queueOrderEmail(t, 'paid', ref.id, { ...b, ...paid });
    logs.paymentRecorded(ref.id, pi.id, source);
    return { ...b, ...paid };
  };
  if (tx) return run(tx);
  const after = await inOwnOrGiven(run);
  if (after.refundPending) await refundLatePaymentSafely(ref.id);
  if (after.taxTransactionPending) await recordTaxTransactionSafely(ref.id);
  return after;
}

/**
 * Makes the refund of a late payment that could not be honoured (recordSucceeded), once: the
 * idempotency key is the booking's refund key, the one an admin refund would use, so the customer
 * is never refunded twice. Then clears `refundPending`. Throws when the provider fails.
 */
export async function refundLatePayment(bookingId: string): Promise<boolean> {
  const ref = bookingRef(bookingId);
  const b = (await ref.get()).data();
  const intentId = b?.paymentIntentId ?? b?.transactionId;
  if (!b?.refundPending || !intentId) return false;
  let refundId: string | null = null;
  try {
    const refund = await atProvider((s) =>
      s.refunds.create({ payment_intent: intentId, metadata: { bookingId } }, { idempotencyKey: idempotencyKeys.refund(bookingId) }),
    );
    refundId = refund.id;
  } catch (err) {
    if (!(err instanceof Error && 'code' in err && err.code === 'charge_already_refunded')) throw err;
  }
  await db.runTransaction(async (t) => {
    const now = (await t.get(ref)).data();
    if (now?.refundPending) t.update(ref, { refundPending: false, refundId: refundId ?? now.refundId ?? null });
  });
  logs.paymentRefunded(bookingId, intentId);
  // A late payment's order never had its tax recorded; one that had is reversed (needsTaxReversal).
  await recordTaxTransactionSafely(bookingId);
  return true;
}

/** After the commit: a failure is logged and left to the sweep, never turned into the answer. */
async function refundLatePaymentSafely(bookingId: string): Promise<void> {
  await refundLatePayment(bookingId).catch((err: unknown) => logs.lateRefundFailed(bookingId, err));
}

/**
 * Marks a booking refunded (the admin's refund or Stripe's charge.refunded, whichever comes first)
 * and returns every line's stock once: only a booking whose goods are still here (reserved or paid) gives
 * stock back; a shipped one does not, an expired one already did.
 */
export async function recordRefunded(
  ref: DocumentReference<BookingDoc>,
  refund: { paymentIntentId: string; refundId: string | null },
  tx?: Transaction,
): Promise<BookingDoc> {
  const run = async (t: Transaction): Promise<BookingDoc> => {
    const b = (await t.get(ref)).data();
    if (!b) throw NO_SUCH_BOOKING(ref.id);
    // The money has gone back at the provider: the system records it (the shop admin's own
    // refund was decided by refundOrder before it asked the provider).
    const move = orderMove(b, 'refund', 'system');
    if (!move.ok) return b;
    const stock = move.stock === 'return' ? await readOrderStock(t, b) : null;
    const refunded: Partial<BookingDoc> = {
      ...move.set!,
      refundId: refund.refundId,
      transactionId: b.transactionId ?? refund.paymentIntentId,
      paymentIntentId: refund.paymentIntentId,
    };
    // The money went back whole, so the tax it carried is reversed at Stripe (after the commit; the sweep retries).
    if (needsTaxReversal({ ...b, ...refunded })) refunded.taxTransactionPending = true;
    t.update(ref, refunded);
    stock?.move(+1);
    queueOrderEmail(t, 'refunded', ref.id, { ...b, ...refunded });
    return { ...b, ...refunded };
  };
  return inOwnOrGiven(run, tx);
}

/**
 * POST /bookingOrder/{id}/refund (admin): a paid order that has not shipped is refunded in full at
 * the provider (one refund per booking: the idempotency key), then marked refunded with its stock
 * back. Stripe's charge.refunded event for the same refund then changes nothing.
 */
export async function refundOrder(id: string): Promise<Booking> {
  const ref = bookingRef(id);
  const b = (await ref.get()).data();
  if (!b) throw NO_SUCH_BOOKING(id);
  const move = orderMove(b, 'refund', 'shop-admin');
  if (move.from === 'refunded') throw conflict('This order was already refunded.');
  if (move.from === 'shipped' || move.from === 'partially-shipped' || move.from === 'delivered')
    throw conflict('This order has shipped, so it can not be refunded here. Arrange a return first.');
  // Paid by invoice (decision 0058): the money came by transfer, not by a card the shop can refund.
  if (b.payment)
    throw conflict("This order was paid by invoice on account, so it can not be refunded to a card here. Credit the company's invoice in Stripe instead.");
  const intentId = b.paymentIntentId ?? b.transactionId;
  if (!move.ok || !intentId) throw conflict('This order is not paid, so there is nothing to refund.');

  let refundId: string | null = null;
  try {
    const refund = await atProvider((s) =>
      s.refunds.create({ payment_intent: intentId, metadata: { bookingId: id } }, { idempotencyKey: idempotencyKeys.refund(id) }),
    );
    refundId = refund.id;
  } catch (err) {
    // Refunded already (at the dashboard, or by an earlier attempt whose answer was lost).
    if (!(err instanceof Error && 'code' in err && err.code === 'charge_already_refunded')) throw err;
  }
  const after = await recordRefunded(ref, { paymentIntentId: intentId, refundId });
  logs.paymentRefunded(id, intentId);
  // Its tax transaction reversed in full, once (a replayed or raced refund finds it done).
  await recordTaxTransactionSafely(id);
  return bookingFromDoc(id, after);
}

/**
 * Before a reservation is cancelled: its PaymentIntent, if any, is cancelled at the provider, so
 * the customer can no longer pay for stock that goes back on sale. If it has already succeeded,
 * the payment is recorded and the cancel refused (409); if it is mid-way, the cancel waits.
 */
export async function stopPaymentBeforeCancel(bookingId: string, b: BookingDoc): Promise<void> {
  const intentId = b.paymentIntentId;
  if (!intentId) return;
  let pi: Stripe.PaymentIntent | null;
  try {
    pi = await atProvider((s) => s.paymentIntents.cancel(intentId));
  } catch (err) {
    if (isMissingResource(err)) return;
    if (!isUnexpectedState(err)) throw err;
    pi = await atProvider((s) => s.paymentIntents.retrieve(intentId));
  }
  if (pi.status === 'canceled') return;
  if (pi.status === 'succeeded') {
    await recordSucceeded(bookingRef(bookingId), intentFacts(pi), 'cancel').catch(() => undefined);
    throw conflict('This booking has just been paid, so it can not be cancelled.');
  }
  throw conflict('A card payment for this booking is being processed. Please try again in a minute.');
}
