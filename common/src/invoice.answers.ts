import { z } from './zod-setup';
import { dollars, isoTime } from './answer-fields.schema';
import { INVOICE_PAYMENT_STATUSES } from './invoice';

/**
 * Invoices' answers as zod schemas, and the answer types as their `z.infer` (decision 0073),
 * imported by the web as types only; named in the OpenAPI document by openapi/response-schemas.ts.
 */

/** How an order on account is paid: its invoice, as the API answers it (null fields while pending). */
export const orderPaymentAnswerSchema = z.object({
  method: z.literal('invoice'),
  invoiceId: z.string().nullable(),
  /** The number Stripe printed on the invoice when it was finalized (what a bank remittance quotes); null until then. */
  number: z.string().nullable(),
  /** Stripe's hosted invoice page: where the company pays or downloads the invoice. */
  hostedInvoiceUrl: z.string().nullable(),
  /** ISO time the invoice is due (30 days after it was finalized). */
  dueDate: isoTime.nullable(),
  status: z.enum(INVOICE_PAYMENT_STATUSES),
});
export type OrderPayment = z.infer<typeof orderPaymentAnswerSchema>;

/** One row of GET /companies/{id}/invoices (shop admin): an order on account and its invoice. */
export const companyInvoiceAnswerSchema = z.object({
  orderId: z.string(),
  orderNumber: z.string(),
  invoiceId: z.string().nullable(),
  /** The invoice's printed number (a remittance quotes it); null until the invoice is finalized. */
  invoiceNumber: z.string().nullable(),
  amount: dollars,
  dueDate: isoTime.nullable(),
  status: z.enum(INVOICE_PAYMENT_STATUSES),
  hostedInvoiceUrl: z.string().nullable(),
  createdAt: isoTime,
});
export type CompanyInvoice = z.infer<typeof companyInvoiceAnswerSchema>;
