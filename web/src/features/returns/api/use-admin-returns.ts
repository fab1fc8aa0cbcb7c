import { useInfiniteQuery, useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/infra/api-client';
import { usePagedListState, type PagedList } from '../../../lib/infra/paged-query';
import { invalidateOthers } from '../../../lib/infra/query-client';
import { queryKeys } from '../../../lib/infra/query-keys';
import { API } from '@fridgeparts/common/api-paths';
import type { CoreReceiveBody } from '../lib/admin-forms';
import type { Return, ReturnsPage } from '@fridgeparts/common/returns/returns.answers';
import type { ReturnState } from '@fridgeparts/common/returns/returns';
import type { ReturnApprove, ReturnDecline, ReturnReceive } from '@fridgeparts/common/returns/returns.schema';

/** The bodies of the shop admin's steps (CONTRACT §16). */
export type ApproveBody = ReturnApprove;
export type DeclineBody = ReturnDecline;
/** A part return's counts, or a core return's inspections (decision 0088, amounts in dollars). */
export type ReceiveBody = ReturnReceive | CoreReceiveBody;

export interface AdminReturns extends PagedList<Return> {
  approve: (r: Return, body: ApproveBody) => Promise<Return>;
  decline: (r: Return, body: DeclineBody) => Promise<Return>;
  receive: (r: Return, body: ReceiveBody) => Promise<Return>;
  refund: (r: Return) => Promise<Return>;
}

/**
 * The shop admin's returns in one state (GET /returns?state=: 25 a page, oldest first, the cursor in
 * the answer), with the four steps. A step's answer replaces its row where it is, so the admin sees
 * the return's new state and its next step in place (approve, then receive, then refund); every other
 * list of returns, the order's own returns and the orders read again when next shown, and the
 * catalogue after a receipt, whose resaleable units went back into stock.
 */
export function useAdminReturns(state: ReturnState): AdminReturns {
  const queryClient = useQueryClient();
  const key = queryKeys.returns.list(state);
  const query = useInfiniteQuery({
    queryKey: key,
    queryFn: ({ pageParam, signal }) =>
      // The first page's error is shown by the table with Try again; a later page's is toasted.
      apiFetch<ReturnsPage>(API.returns({ state, cursor: pageParam ?? undefined }), { auth: true, signal, quiet: pageParam === null }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

  const changed = (answer: Return, stockMoved = false) => {
    queryClient.setQueryData<InfiniteData<ReturnsPage, string | null>>(
      key,
      (old) => old && { ...old, pages: old.pages.map((p) => ({ ...p, returns: p.returns.map((r) => (r.id === answer.id ? answer : r)) })) },
    );
    void invalidateOthers(queryClient, queryKeys.returns.all, key);
    void queryClient.invalidateQueries({ queryKey: queryKeys.orders.all });
    if (stockMoved) void queryClient.invalidateQueries({ queryKey: queryKeys.tools.all });
  };
  const post = (path: string, body?: unknown) => apiFetch<Return>(path, { method: 'POST', auth: true, ...(body === undefined ? {} : { body }) });

  const approver = useMutation({
    mutationFn: ({ r, body }: { r: Return; body: ApproveBody }) => post(API.returnApprove(r.bookingId, r.id), body),
    onSuccess: (answer) => changed(answer),
  });
  const decliner = useMutation({
    mutationFn: ({ r, body }: { r: Return; body: DeclineBody }) => post(API.returnDecline(r.bookingId, r.id), body),
    onSuccess: (answer) => changed(answer),
  });
  const receiver = useMutation({
    mutationFn: ({ r, body }: { r: Return; body: ReceiveBody }) => post(API.returnReceive(r.bookingId, r.id), body),
    onSuccess: (answer) => changed(answer, true),
  });
  const refunder = useMutation({
    mutationFn: (r: Return) => post(API.returnRefund(r.bookingId, r.id)),
    onSuccess: (answer) => changed(answer),
  });

  return {
    items: query.data?.pages.flatMap((p) => p.returns) ?? [],
    ...usePagedListState(query),
    approve: (r, body) => approver.mutateAsync({ r, body }),
    decline: (r, body) => decliner.mutateAsync({ r, body }),
    receive: (r, body) => receiver.mutateAsync({ r, body }),
    refund: (r) => refunder.mutateAsync(r),
  };
}
