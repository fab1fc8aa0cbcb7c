import { API } from '@fridgeparts/common/api-paths';
import type { CompanyInvoice } from '@fridgeparts/common/invoice.answers';
import { pagedQueryOptions, usePagedList, type PagedList } from '../../../lib/infra/paged-query';
import { queryKeys } from '../../../lib/infra/query-keys';
import type { InvoiceFilter } from '../lib/invoice-status';

/** Invoices per page (GET /companies/{id}/invoices takes up to 100). */
export const INVOICE_PAGE_SIZE = 20;

/**
 * GET /companies/{id}/invoices (shop admin, decision 0058): the company's orders on account and
 * their invoices, newest first, one status or all, "Load more" on the API's cursor.
 */
export function useCompanyInvoices(companyId: string, filter: InvoiceFilter): PagedList<CompanyInvoice> {
  const path = filter === 'all' ? API.companyInvoices(companyId) : `${API.companyInvoices(companyId)}?status=${filter}`;
  return usePagedList(pagedQueryOptions<CompanyInvoice>(queryKeys.orders.companyInvoices(companyId, filter), path, INVOICE_PAGE_SIZE, { auth: true }));
}
