import { Timestamp } from 'firebase-admin/firestore';
import type { OrderActor } from '@fridgeparts/common/order-lifecycle';
import { isDocumentId } from '@fridgeparts/common/ids';
import { countsAgainstCredit, type InvoicePaymentStatus } from '@fridgeparts/common/invoice';
import { collections, type BookingDoc } from '../../data/firestore';
import { orderMove } from '../booking-records';
import { paymentOf } from './invoices';
import { queueOrderEmail } from '../mail/mail-outbox';
import { readOrderStock } from '../stock/order-stock';
import { inPaymentTransaction } from './payments';
import type { Stripe } from '../stripe-client';

/**
 * The webhook's invoice events (CONTRACT §10 "Pay on account", decision 0058), each taking effect
 * once per event id (the event-id rule of CONTRACT §5, payments.ts inPaymentTransaction).
 */

/** The invoice events the webhook handles (decision 0058: invoice.paid, not invoice.payment_succeeded). */
export const INVOICE_EVENTS = ['invoice.paid', 'invoice.voided', 'invoice.marked_uncollectible'] as const;
export type InvoiceEventType = (typeof INVOICE_EVENTS)[number];

/** Where a payment status may go: paid and void are final; uncollectible may still be paid or voided (as at Stripe). */
export function invoiceStatusMoves(from: InvoicePaymentStatus, to: InvoicePaymentStatus): boolean {
  if (from === to || from === 'paid' || from === 'void') return false;
  return to === 'paid' || to === 'void' || (to === 'uncollectible' && (from === 'open' || from === 'pending'));
}

const STATUS_OF: Record<InvoiceEventType, InvoicePaymentStatus> = {
  'invoice.paid': 'paid',
  'invoice.voided': 'void',
  'invoice.marked_uncollectible': 'uncollectible',
};

/**
 * One verified invoice event, once per event id (the event mark in the same transaction as the
 * effect, CONTRACT §5). invoice.paid: the order paid (state `paid` unless it has shipped), its total
 * off the company's open amount. invoice.voided: off the open amount too, and an order not yet
 * shipped is released (`expired`, its stock back once). invoice.marked_uncollectible: the status
 * only; the amount still counts against the limit until it is paid or voided.
 */
export async function handleInvoiceEvent(
  event: {
    id: string;
    type: InvoiceEventType;
    invoice: Stripe.Invoice;
  },
  /** Stripe's event (the system), or the shop admin's void recorded the same way (invoice-void.ts). */
  actor: OrderActor = 'system',
): Promise<'recorded' | 'no-change' | 'duplicate' | 'unknown-booking'> {
  const id = event.invoice.metadata?.bookingId;
  const ref = typeof id === 'string' && isDocumentId(id) ? collections.bookings().doc(id) : null;
  const bookingId = ref?.id ?? null;
  const to = STATUS_OF[event.type];
  return inPaymentTransaction({ id: event.id, type: event.type }, bookingId, async (tx) => {
    if (!ref) return 'unknown-booking' as const;
    const b = (await tx.get(ref)).data();
    if (!b?.payment || (b.payment.invoiceId && b.payment.invoiceId !== event.invoice.id)) return 'unknown-booking' as const;
    const from = b.payment.status;
    if (!invoiceStatusMoves(from, to)) return 'no-change' as const;
    const companyRef = b.companyId ? collections.companies().doc(b.companyId) : null;
    const company = companyRef ? (await tx.get(companyRef)).data() : undefined;
    // The lifecycle (decision 0070): paid moves a confirmed order to paid (a shipped one stays
    // shipped, now paid); void releases an order not shipped, its stock back once.
    const at = Timestamp.now();
    const move = to === 'paid' ? orderMove(b, 'invoice-paid', actor, at) : to === 'void' ? orderMove(b, 'invoice-voided', actor, at) : null;
    const stock = move?.ok && move.stock === 'return' ? await readOrderStock(tx, b) : null;
    // Writes from here on (every read above).
    const payment = { ...paymentOf(event.invoice, to), hostedInvoiceUrl: event.invoice.hosted_invoice_url ?? b.payment.hostedInvoiceUrl };
    let fields: Partial<BookingDoc> = { payment, invoiceStatus: to };
    if (move?.ok) fields = { ...fields, ...move.set };
    if (to === 'paid') fields = { ...fields, transactionId: event.invoice.id ?? null };
    stock?.move(+1);
    tx.update(ref, fields);
    const freed = countsAgainstCredit(from) && !countsAgainstCredit(to);
    // A return's credit note already gave back what it took off the invoice (CONTRACT §16): only the rest is freed now.
    const stillOpen = Math.max(0, b.totalCents - (b.returnCreditedCents ?? 0));
    if (freed && companyRef && company) tx.update(companyRef, { openInvoiceCents: Math.max(company.openInvoiceCents - stillOpen, 0) });
    if (to === 'paid') queueOrderEmail(tx, 'paid', ref.id, { ...b, ...fields });
    return 'recorded' as const;
  });
}
