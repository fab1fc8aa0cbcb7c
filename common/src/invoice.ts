import { z } from 'zod';
import { pageQuerySchema } from './pagination';

/**
 * Pay on account (CONTRACT §10, decision 0058): an order of a member of a net30 company is placed
 * `confirmed` and paid by a Stripe invoice due in 30 days. `pending` is the shop's own status for
 * an order whose invoice is not finalized yet (the provider failed midway; the next read of the
 * order or the sweep completes it with the same idempotency keys); the others are Stripe's.
 */
export const INVOICE_PAYMENT_STATUSES = ['pending', 'open', 'paid', 'void', 'uncollectible'] as const;
export type InvoicePaymentStatus = (typeof INVOICE_PAYMENT_STATUSES)[number];

/** How an order on account is paid: its invoice, as the API answers it (null fields while pending). */
export interface OrderPayment {
  method: 'invoice';
  invoiceId: string | null;
  /** The number Stripe printed on the invoice when it was finalized (what a bank remittance quotes); null until then. */
  number: string | null;
  /** Stripe's hosted invoice page: where the company pays or downloads the invoice. */
  hostedInvoiceUrl: string | null;
  /** ISO time the invoice is due (30 days after it was finalized). */
  dueDate: string | null;
  status: InvoicePaymentStatus;
}

/** One row of GET /companies/{id}/invoices (shop admin): an order on account and its invoice. */
export interface CompanyInvoice {
  orderId: string;
  orderNumber: string;
  invoiceId: string | null;
  /** The invoice's printed number (a remittance quotes it); null until the invoice is finalized. */
  invoiceNumber: string | null;
  /** Dollars. */
  amount: number;
  dueDate: string | null;
  status: InvoicePaymentStatus;
  hostedInvoiceUrl: string | null;
  createdAt: string;
}

/**
 * GET /companies/{id}/invoices query: paged like the shop's other lists; `status` narrows to one
 * status (`open` is what the shop admin chases), every invoice of the company without it.
 */
export const companyInvoicesQuerySchema = pageQuerySchema.extend({
  status: z.enum(INVOICE_PAYMENT_STATUSES, { error: `status must be one of ${INVOICE_PAYMENT_STATUSES.join(', ')}` }).optional(),
});
export type CompanyInvoicesQuery = z.output<typeof companyInvoicesQuerySchema>;

/** Whether an invoice in this status still counts against the company's credit limit (decision 0058). */
export const countsAgainstCredit = (status: InvoicePaymentStatus): boolean => status === 'pending' || status === 'open' || status === 'uncollectible';
