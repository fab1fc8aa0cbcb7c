import type { CompanyInvoice } from '../invoice.answers';
import { centsToDollars } from '../money';
import { orderPaymentFromDoc, type BookingDoc } from './bookings';
import { isoTime } from './time';

/** An order on account as a row of GET /companies/{id}/invoices (decision 0058). */
export function companyInvoiceFromDoc(id: string, b: BookingDoc): CompanyInvoice {
  const p = orderPaymentFromDoc(b.payment) ?? { invoiceId: null, number: null, hostedInvoiceUrl: null, dueDate: null, status: 'pending' as const };
  return {
    orderId: id,
    orderNumber: b.orderNumber ?? '',
    invoiceId: p.invoiceId,
    invoiceNumber: p.number,
    amount: centsToDollars(b.totalCents),
    dueDate: p.dueDate,
    status: p.status,
    hostedInvoiceUrl: p.hostedInvoiceUrl,
    createdAt: isoTime(b.createdAt),
  };
}
