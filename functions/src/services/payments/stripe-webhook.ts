import { isDocumentId } from '@fridgeparts/common/ids';
import { collections } from '../../data/firestore';
import { badRequest } from '../../errors';
import { logs } from '../../logs';
import { inPaymentTransaction, intentFacts, recordRefunded, recordSucceeded } from './payments';
import { paymentProblem } from './payment-rules';
import { handleInvoiceEvent, INVOICE_EVENTS, type InvoiceEventType } from './invoice-events';
import { atProvider, intentIdOfCharge, stripe, stripeSettings, type Stripe } from '../stripe-client';

/**
 * POST /stripe/webhook (CONTRACT §5). The signature is checked on the raw bytes with the SDK's own
 * constructEvent; each event id takes effect at most once, recorded in the same transaction as
 * its effect; a failure throws, so the answer is 5xx and Stripe retries.
 */

/** The events the endpoint must be subscribed to; anything else is acknowledged and ignored. */
export const HANDLED_EVENTS = [
  'payment_intent.succeeded',
  'payment_intent.payment_failed',
  'payment_intent.canceled',
  'charge.refunded',
  ...INVOICE_EVENTS,
] as const;

/** The verified event, or 400 (nothing happens) when the header is missing or does not match. */
export function verifiedEvent(rawBody: Buffer | undefined, signature: string | undefined): Stripe.Event {
  const { webhookSecret } = stripeSettings();
  if (!webhookSecret) throw new Error('STRIPE_WEBHOOK_SECRET is not set: refusing webhook events so that Stripe retries them.');
  if (!signature) throw badRequest('The Stripe-Signature header is missing.');
  if (!rawBody) throw badRequest('The webhook body is missing.');
  try {
    return stripe().webhooks.constructEvent(rawBody, signature, webhookSecret);
  } catch {
    throw badRequest('The Stripe-Signature header does not match this body.');
  }
}

export type WebhookOutcome = 'recorded' | 'refunded' | 'no-change' | 'duplicate' | 'ignored' | 'unknown-booking';

const bookingIdOf = (metadata: Stripe.Metadata | null | undefined): string | null => {
  const id = metadata?.bookingId;
  return typeof id === 'string' && isDocumentId(id) ? id : null;
};

/** The booking a refunded charge belongs to: its metadata, or its PaymentIntent's. */
async function bookingOfCharge(charge: Stripe.Charge): Promise<string | null> {
  const direct = bookingIdOf(charge.metadata);
  if (direct) return direct;
  const intentId = intentIdOfCharge(charge);
  if (!intentId) return null;
  return bookingIdOf((await atProvider((s) => s.paymentIntents.retrieve(intentId))).metadata);
}

/** Applies one verified event. Safe to call with the same event any number of times, concurrently. */
export async function handleStripeEvent(event: Stripe.Event): Promise<WebhookOutcome> {
  const mark = { id: event.id, type: event.type };
  if (!(HANDLED_EVENTS as readonly string[]).includes(event.type)) {
    logs.webhookIgnored(event.id, event.type, 'not subscribed');
    return 'ignored';
  }

  // Orders on account (decision 0058): their invoice names the order in its metadata.
  if ((INVOICE_EVENTS as readonly string[]).includes(event.type)) {
    const invoice = event.data.object as Stripe.Invoice;
    const outcome = await handleInvoiceEvent({ id: event.id, type: event.type as InvoiceEventType, invoice });
    if (outcome === 'unknown-booking') logs.webhookIgnored(event.id, event.type, `no order on account for invoice ${invoice.id ?? ''}`);
    else logs.webhookApplied(event.id, event.type, invoice.metadata?.bookingId ?? null, outcome);
    return outcome;
  }

  let bookingId: string | null;
  if (event.type === 'charge.refunded') bookingId = await bookingOfCharge(event.data.object);
  else bookingId = bookingIdOf((event.data.object as Stripe.PaymentIntent).metadata);

  const ref = bookingId ? collections.bookings().doc(bookingId) : null;
  const outcome = await inPaymentTransaction(mark, bookingId, async (tx): Promise<WebhookOutcome> => {
    if (!ref) return 'unknown-booking';
    const b = (await tx.get(ref)).data();
    if (!b) return 'unknown-booking';
    switch (event.type) {
      case 'payment_intent.succeeded': {
        const pi = event.data.object;
        const problem = paymentProblem(intentFacts(pi), ref.id, b.totalCents);
        if (problem) {
          logs.paymentRejected(ref.id, `webhook ${event.id}: ${problem}`);
          return 'no-change';
        }
        const before = b.state;
        const after = await recordSucceeded(ref, pi, 'webhook', tx);
        return after.state !== before ? 'recorded' : 'no-change';
      }
      case 'charge.refunded': {
        const charge = event.data.object;
        // Only a full refund ends the order; the shop itself never refunds part of one.
        if (!charge.refunded) return 'no-change';
        const intentId = intentIdOfCharge(charge) ?? '';
        if (b.paymentIntentId && intentId !== b.paymentIntentId) return 'no-change';
        const before = b.state;
        const after = await recordRefunded(ref, { paymentIntentId: intentId, refundId: charge.refunds?.data?.[0]?.id ?? null }, tx);
        return after.state !== before ? 'refunded' : 'no-change';
      }
      default:
        // payment_failed and canceled: the booking stays unpaid and payable (a new intent is
        // made if needed when the customer tries again).
        return 'no-change';
    }
  });
  if (outcome === 'unknown-booking') logs.webhookIgnored(event.id, event.type, `no booking ${bookingId ?? '(none in metadata)'}`);
  else logs.webhookApplied(event.id, event.type, bookingId, outcome);
  return outcome;
}
