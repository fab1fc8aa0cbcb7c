import { z } from './zod-setup';
import { pageQuerySchema } from './pagination';
import { INVOICE_PAYMENT_STATUSES } from './invoice';

/**
 * GET /companies/{id}/invoices query: paged like the shop's other lists; `status` narrows to one
 * status (`open` is what the shop admin chases), every invoice of the company without it. The
 * answers are in invoice.answers.ts (decision 0073).
 */
export const companyInvoicesQuerySchema = pageQuerySchema.extend({
  status: z.enum(INVOICE_PAYMENT_STATUSES, { error: `status must be one of ${INVOICE_PAYMENT_STATUSES.join(', ')}` }).optional(),
});
export type CompanyInvoicesQuery = z.output<typeof companyInvoicesQuerySchema>;
