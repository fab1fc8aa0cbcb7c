import { bookingFromDoc, bookingStateOf } from '@fridgeparts/common/documents/bookings';
import type { Booking } from '@fridgeparts/common/booking';
import type { InvoicePaymentStatus } from '@fridgeparts/common/invoice';
import { canVoidInvoice } from '@fridgeparts/common/order-actions';
import { conflict } from '../../errors';
import { logs } from '../../logs';
import { bookingRef, NO_SUCH_BOOKING } from '../booking-records';
import { handleInvoiceEvent } from './invoice-events';
import { atProvider, type Stripe } from '../stripe-client';
import StripeSdk from 'stripe';

/**
 * POST /booking/{id}/invoice/void (shop admin; decision 0066): the one way to stop a confirmed order
 * on account, whose cancel the server refuses (bookings.ts ON_ACCOUNT_CANCEL). Stripe voids the
 * invoice (POST /v1/invoices/{id}/void, with a key derived from the order, so a retried or raced
 * void is one call), and the shop records it as CONTRACT §10's `invoice.voided` does, through the
 * webhook's own handler: the status moves to void once (void is final there), the order is
 * released and its stock comes back in that same transaction, the amount leaves the company's open
 * total. The webhook's invoice.voided, arriving before or after, then finds the status void and
 * changes nothing, so stock never comes back twice.
 */

export const voidKey = (bookingId: string) => `order-${bookingId}-invoice-void`;

/** The event mark of the shop's own void (one per invoice): a raced second recording is a duplicate. */
const voidMark = (invoiceId: string) => `shop-void-${invoiceId}`;

/** Why this order's invoice can not be voided now, or null. */
export function voidProblem(
  b: Parameters<typeof bookingStateOf>[0] & { payment?: { status: InvoicePaymentStatus; invoiceId: string | null } | null },
): string | null {
  if (!b.payment) return 'This order is not on account, so it has no invoice to void. Cancel it or refund it instead.';
  const state = bookingStateOf(b);
  switch (b.payment.status) {
    case 'void':
      return 'This order’s invoice is already void.';
    case 'paid':
      return 'This order’s invoice is paid, so it can not be voided. Credit the company’s invoice in Stripe instead.';
    case 'pending':
      return 'This order’s invoice is still being issued. Try again in a minute.';
  }
  if (state === 'shipped' || state === 'partially-shipped' || state === 'delivered')
    return 'This order has shipped, so its invoice stands. Arrange a return before crediting it.';
  if (!canVoidInvoice({ state, payment: b.payment })) return 'This order’s invoice can not be voided now.';
  return null;
}

/** Stripe refused the void because of the invoice's status (voided or paid at the dashboard meanwhile). */
const isNotOpen = (err: unknown): boolean => err instanceof StripeSdk.errors.StripeInvalidRequestError && err.statusCode === 400;

export async function voidOrderInvoice(id: string): Promise<Booking> {
  const ref = bookingRef(id);
  const before = (await ref.get()).data();
  if (!before) throw NO_SUCH_BOOKING(id);
  const problem = voidProblem(before);
  if (problem) throw conflict(problem);
  const invoiceId = before.payment!.invoiceId!;
  let invoice: Stripe.Invoice;
  try {
    invoice = await atProvider((s) => s.invoices.voidInvoice(invoiceId, {}, { idempotencyKey: voidKey(id) }));
  } catch (err) {
    if (!isNotOpen(err)) throw err;
    // Not open at Stripe any more: record what it is if it is void; anything else is the 409 it says.
    invoice = await atProvider((s) => s.invoices.retrieve(invoiceId));
    if (invoice.status !== 'void') throw conflict(`Stripe did not void this invoice: it is ${invoice.status ?? 'not open'}.`);
  }
  const outcome = await handleInvoiceEvent({ id: voidMark(invoiceId), type: 'invoice.voided', invoice }, 'shop-admin');
  logs.invoiceVoided(id, invoiceId, outcome);
  const after = (await ref.get()).data();
  if (!after) throw NO_SUCH_BOOKING(id);
  return bookingFromDoc(id, after);
}
