import type { BookingState } from './constants';
import type { InvoicePaymentStatus } from './invoice';
import { allows } from './order-lifecycle';

/**
 * What may be done to an order in each state (decision 0066): one predicate per action, used by
 * the server that refuses the rest (409) and by every screen that offers the action, so a button
 * is never offered that the server would refuse. Decided from `state` (and an on-account order's
 * invoice status), never from the seed's `paid` flag, and derived from the lifecycle's table
 * (order-lifecycle.ts, decision 0070): an order confirmed on account is unpaid and
 * still can not be cancelled. Zod-free, so a page loads no schema for it.
 */

/**
 * Cancel (the buyer's DELETE /booking, the admin's DELETE /bookingOrder/{id}): a reservation not
 * yet paid, or an order still waiting for its company's approval. An order on account is stopped
 * by voiding its invoice instead; paid, shipped and refunded orders are money the shop accounts for.
 */
export function canCancel(order: { state: BookingState; transactionId?: string | null }): boolean {
  return allows(order.state, 'cancel') && !order.transactionId;
}

/** Mark shipped (the shop admin): paid by card, or confirmed on account, which ships before its invoice is due (CONTRACT §10, §14). */
export function canShip(order: { state: BookingState }): boolean {
  return allows(order.state, 'ship');
}

/**
 * Void the invoice (the shop admin, POST /booking/{id}/invoice/void): a confirmed order on account
 * not shipped, whose invoice is issued and still owed (open, or marked uncollectible). Voiding
 * releases the order and returns its stock.
 */
export function canVoidInvoice(order: { state: BookingState; payment: { status: InvoicePaymentStatus; invoiceId: string | null } | null }): boolean {
  const status = order.payment?.status;
  return allows(order.state, 'invoice-voided', 'shop-admin') && !!order.payment?.invoiceId && (status === 'open' || status === 'uncollectible');
}

/**
 * Refund (the shop admin, POST /bookingOrder/{id}/refund): a card order paid and not shipped, whose
 * payment is recorded (the refund goes back through the card provider). An order paid by invoice
 * on account is credited in Stripe instead; the server refuses both (409).
 */
export function canRefund(order: { state: BookingState; transactionId?: string | null; payment: unknown }): boolean {
  return allows(order.state, 'refund', 'shop-admin') && !!order.transactionId && !order.payment;
}

/**
 * Pay by card (the buyer's payment page, CONTRACT §5): a reservation with something to pay (its
 * total, which the payment charges). An order waiting for approval is paid once approved, one on
 * account by its invoice; the lifecycle's late payments of released orders (expired, declined)
 * come from Stripe, never from a screen.
 */
export function canPay(order: { state: BookingState; total: number }): boolean {
  return order.state === 'reserved' && order.total > 0;
}

/**
 * A shipment's own actions (the shop admin, CONTRACT §14, decision 0079): delivery is recorded
 * once, and a shipment is cancelled only before it arrived (a delivered box is a return, §16).
 */
export function canDeliverShipment(shipment: { deliveredAt: string | null }): boolean {
  return !shipment.deliveredAt;
}
export function canCancelShipment(shipment: { deliveredAt: string | null }): boolean {
  return !shipment.deliveredAt;
}
