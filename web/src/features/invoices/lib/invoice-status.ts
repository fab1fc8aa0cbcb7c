import { INVOICE_PAYMENT_STATUSES, type InvoicePaymentStatus } from '@fridgeparts/common/invoice';
import type { CompanyInvoice } from '@fridgeparts/common/invoice.answers';
import { INVOICE_STATUS_LABELS } from '../../../lib/domain/invoice-status-text';

export type InvoiceFilter = InvoicePaymentStatus | 'all';

/**
 * What the status filter offers: each status the API has (the shop's own `pending`, seldom seen,
 * last), or every invoice (`all`: the API's list without `status`).
 */
export const INVOICE_FILTERS: readonly InvoiceFilter[] = [...INVOICE_PAYMENT_STATUSES.filter((s) => s !== 'pending'), 'pending', 'all'];

/** The filter's options: each status as the table's chip says it (one map, lib/invoice-status-text.ts), and All. */
export const INVOICE_FILTER_LABELS: Record<InvoiceFilter, string> = { ...INVOICE_STATUS_LABELS, all: 'All' };

/** The filter a page address asks for (`?status=`); anything else is the default, the open invoices the admin chases. */
export function invoiceFilterOf(value: string | null): InvoiceFilter {
  return (INVOICE_FILTERS as readonly string[]).includes(value ?? '') ? (value as InvoiceFilter) : 'open';
}

/**
 * Whether an invoice is past its due date and still owed: open or uncollectible (still counting
 * against the credit, decision 0058) with a due date before `now`.
 */
export function isOverdue(invoice: Pick<CompanyInvoice, 'status' | 'dueDate'>, now: number): boolean {
  if (invoice.status !== 'open' && invoice.status !== 'uncollectible') return false;
  const due = invoice.dueDate ? Date.parse(invoice.dueDate) : NaN;
  return Number.isFinite(due) && due < now;
}
