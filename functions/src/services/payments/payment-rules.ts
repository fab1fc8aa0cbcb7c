/**
 * The pure rules of card payments (CONTRACT §5): what a PaymentIntent must look like before the
 * shop records it. No I/O here, so the webhook and the browser's PATCH /cardBooking apply exactly
 * the same checks (unit-tested). The order in which a booking's state may move is the lifecycle's
 * (common/order-lifecycle.ts, decision 0070).
 */
import { CURRENCY } from '../currency';

export { CURRENCY };

/** The fields of a Stripe PaymentIntent the verification reads. */
export interface IntentFacts {
  id: string;
  status: string;
  amount: number;
  currency: string;
  metadata: Record<string, string> | null | undefined;
}

/**
 * Why this PaymentIntent does not pay this booking, or null when it does: it must be for this
 * booking (metadata), in the shop's currency, for the booking's total in cents, and succeeded.
 */
export function paymentProblem(pi: IntentFacts, bookingId: string, totalCents: number): string | null {
  if (pi.metadata?.bookingId !== bookingId) return 'This payment belongs to a different booking.';
  if (pi.currency !== CURRENCY) return `This payment is in ${pi.currency.toUpperCase()}, not ${CURRENCY.toUpperCase()}.`;
  if (pi.amount !== totalCents) return "This payment's amount is not the booking's total.";
  if (pi.status !== 'succeeded') return `This payment has not succeeded (its status is ${pi.status}).`;
  return null;
}

/** Statuses in which a PaymentIntent can still be paid by the customer (reused, not replaced). */
export const PAYABLE_INTENT_STATUSES = ['requires_payment_method', 'requires_confirmation', 'requires_action', 'processing'] as const;

export function isPayableIntent(status: string): boolean {
  return (PAYABLE_INTENT_STATUSES as readonly string[]).includes(status);
}

/** Idempotency keys derived from the booking, so a retried or raced call reuses the provider's answer. */
export const idempotencyKeys = {
  /** `after`: the canceled PaymentIntent this one replaces, so the new one gets a fresh key. */
  createIntent: (bookingId: string, after: string | null) => `booking-${bookingId}-payment-intent${after ? `-after-${after}` : ''}`,
  refund: (bookingId: string) => `booking-${bookingId}-refund`,
};
