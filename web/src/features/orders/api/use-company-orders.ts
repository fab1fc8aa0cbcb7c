import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API } from '@fridgeparts/common/api-paths';
import type { ApprovalDecision, Booking } from '@fridgeparts/common/booking';
import { apiFetch } from '../../../lib/infra/api-client';
import { pagedQueryOptions, usePagedList, type PagedList } from '../../../lib/infra/paged-query';
import { queryKeys } from '../../../lib/infra/query-keys';

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
export function useDecideApproval(): (request: DecisionRequest) => Promise<Booking> {
  const queryClient = useQueryClient();
  const decide = useMutation({
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
  return decide.mutateAsync;
}

/** The company admin's orders waiting for approval, as the dashboard counts them. */
export interface WaitingApprovals {
  /** Orders on the first page: the count while `more` is false. */
  count: number;
  /** More wait than the first page holds: "20 or more". */
  more: boolean;
}

/**
 * How many orders wait for the signed-in company admin's approval, for the dashboard's menu badge
 * and its home page (decision 0067): the Approvals page's own first page (the same query, so the
 * page opens on it and a decision there updates the count), one bounded read; no count is kept on
 * the server. Null for anyone who is not a company admin; 'loading' until the answer is in, and
 * 'failed' when the read failed (the count is then not shown; Approvals itself offers a retry).
 */
export function useWaitingApprovals(companyId: string | null): WaitingApprovals | 'loading' | 'failed' | null {
  const list = useApprovals(companyId ?? '');
  if (!companyId) return null;
  if (list.error) return 'failed';
  if (list.loading) return 'loading';
  return { count: list.items.length, more: list.hasMore };
}

/** "2 orders wait for your approval", "20 or more orders wait…", "No order waits…". */
export function waitingText({ count, more }: WaitingApprovals): string {
  if (more) return `${count} or more orders wait for your approval`;
  if (count === 0) return 'No order waits for your approval';
  return count === 1 ? '1 order waits for your approval' : `${count} orders wait for your approval`;
}
