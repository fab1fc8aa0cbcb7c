/**
 * Pay on account (CONTRACT §10, decision 0058): an order of a member of a net30 company is placed
 * `confirmed` and paid by a Stripe invoice due in 30 days. `pending` is the shop's own status for
 * an order whose invoice is not finalized yet (the provider failed midway; the next read of the
 * order or the sweep completes it with the same idempotency keys); the others are Stripe's.
 *
 * Zod-free (decision 0073): the statuses and their rules, which the web reads. The schemas, and the
 * answer types as their `z.infer`, are in invoice.schema.ts.
 */
export const INVOICE_PAYMENT_STATUSES = ['pending', 'open', 'paid', 'void', 'uncollectible'] as const;
export type InvoicePaymentStatus = (typeof INVOICE_PAYMENT_STATUSES)[number];

/** Whether an invoice in this status still counts against the company's credit limit (decision 0058). */
export const countsAgainstCredit = (status: InvoicePaymentStatus): boolean => status === 'pending' || status === 'open' || status === 'uncollectible';
