import type Stripe from 'stripe';
import StripeSdk from 'stripe';
import type { BookingDoc } from '../../data/firestore';
import { SHIPPING_TAX_CODE } from '@fridgeparts/common/tax/tax';

/**
 * The Net 30 invoice's shipping line (CONTRACT §14, decision 0075): one invoice item for the
 * order's shipping, after its parts, in Stripe's shape (quantity 1, the amount as unit price),
 * marked `line: shipping` so a retried issue finds it on the draft, with its own idempotency key.
 * None for an order without shipping or shipped free.
 */
export const SHIPPING_INVOICE_LINE = 'shipping';
export const shippingItemKey = (bookingId: string) => `order-${bookingId}-invoice-line-shipping`;

export function shippingInvoiceItem(
  bookingId: string,
  b: Pick<BookingDoc, 'shipping'>,
  customer: string,
  invoice: string,
  currency: string,
): { params: Stripe.InvoiceItemCreateParams; options: Stripe.RequestOptions } | null {
  if (!b.shipping || b.shipping.amountCents === 0) return null;
  return {
    params: {
      customer,
      invoice,
      currency,
      quantity: 1,
      unit_amount_decimal: StripeSdk.Decimal.from(String(b.shipping.amountCents)),
      description: `Shipping: ${b.shipping.name}`.slice(0, 500),
      // CONTRACT §15: taxed as shipping where the ship-to's state taxes it.
      tax_code: SHIPPING_TAX_CODE,
      metadata: { bookingId, line: SHIPPING_INVOICE_LINE },
    },
    options: { idempotencyKey: shippingItemKey(bookingId) },
  };
}
