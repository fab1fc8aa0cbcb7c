import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API } from '@fridgeparts/common/api-paths';
import type { ApprovalDecision, Booking } from '@fridgeparts/common/booking';
import { apiFetch } from '../../../lib/api-client';
import { pagedQueryOptions, usePagedList, type PagedList } from '../../../lib/paged-query';
import { queryKeys } from '../../../lib/query-keys';

/** Rows per page of a company's lists (the API takes up to 100). */
export const COMPANY_ORDERS_PAGE_SIZE = 20;

/**
 * GET /companies/{id}/approvals (company admins): the orders waiting, oldest first, so the one
 * whose hold runs out first is on top. `companyId` empty waits (the company is not known yet).
 */
export function useApprovals(companyId: string): PagedList<Booking> {
  return usePagedList<Booking>(
    pagedQueryOptions<Booking>(queryKeys.orders.approvals(companyId), API.companyApprovals(companyId), COMPANY_ORDERS_PAGE_SIZE, { auth: true }),
    Boolean(companyId),
  );
}

/** GET /companies/{id}/orders (company admins): every order of the company, newest first. */
export function useCompanyOrders(companyId: string): PagedList<Booking> {
  return usePagedList<Booking>(
    pagedQueryOptions<Booking>(queryKeys.orders.company(companyId), API.companyOrders(companyId), COMPANY_ORDERS_PAGE_SIZE, { auth: true }),
    Boolean(companyId),
  );
}

export interface DecisionRequest {
  order: Booking;
  decision: ApprovalDecision;
  /** Approve: optional; decline: required (the server's 400 says so otherwise). */
  note?: string;
}

/**
 * POST /booking/{id}/approve or /decline. Quiet: the dialog shows a refusal where the admin acts
 * on it (the credit limit's 409, "already approved by ..."), not in a toast that fades. Whatever
 * the answer, every list of orders reads again (a 409 means the list was out of date), and the
 * order's own page takes the answer at once.
 */
export function useDecideApproval() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ order, decision, note }: DecisionRequest) =>
      apiFetch<Booking>(decision === 'approved' ? API.approveBooking(order._id) : API.declineBooking(order._id), {
        method: 'POST',
        auth: true,
        quiet: true,
        body: note === undefined ? {} : { note },
      }),
    onSuccess: (answer) => queryClient.setQueryData(queryKeys.orders.one(answer._id), answer),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.orders.all, predicate: (q) => q.queryKey[1] !== 'one' }),
  });
}
