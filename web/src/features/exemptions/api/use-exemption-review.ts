import { useInfiniteQuery, useMutation, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/infra/api-client';
import { usePagedListState, type PagedList } from '../../../lib/infra/paged-query';
import { queryKeys } from '../../../lib/infra/query-keys';
import type { Exemption, ExemptionForReview, ExemptionReviewPage } from '@fridgeparts/common/tax/exemption.answers';
import type { ExemptionStoredStatus } from '@fridgeparts/common/tax/exemption';
import { EXEMPTION_API } from '@fridgeparts/common/tax/exemption.paths';

/**
 * The shop admin's certificates of one status (GET /exemptions?status=, 25 a page, the cursor in
 * the answer): pending oldest first, the others newest first. Read past the browser's cache, since
 * a review changes them.
 */
export function useExemptionReview(status: ExemptionStoredStatus): PagedList<ExemptionForReview> {
  const query = useInfiniteQuery({
    queryKey: queryKeys.exemptions.review(status),
    queryFn: ({ pageParam, signal }) =>
      // The first page's error is shown by the table with Try again; a later page's is toasted.
      apiFetch<ExemptionReviewPage>(EXEMPTION_API.exemptions({ status, cursor: pageParam ?? undefined }), {
        auth: true,
        fresh: true,
        signal,
        quiet: pageParam === null,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
  return { items: query.data?.pages.flatMap((p) => p.exemptions) ?? [], ...usePagedListState(query) };
}

/**
 * After a review the server answered: the certificate leaves the list it was shown in at once (its
 * status changed), and every other list of certificates (the other tabs, the company's page) reads again.
 */
function settleReview(queryClient: QueryClient, shownIn: ExemptionStoredStatus, answer: Exemption): Promise<unknown> {
  const key = queryKeys.exemptions.review(shownIn);
  queryClient.setQueryData<InfiniteData<ExemptionReviewPage, string | null>>(
    key,
    (old) => old && { ...old, pages: old.pages.map((p) => ({ ...p, exemptions: p.exemptions.filter((e) => e.id !== answer.id) })) },
  );
  return queryClient.invalidateQueries({ queryKey: queryKeys.exemptions.all, predicate: (q) => q.queryKey[1] !== 'review' || q.queryKey[2] !== shownIn });
}

/** POST .../approve (shop admin). Refusals (a rejected one: 409) are toasted by the API client. */
export function useApproveExemption(shownIn: ExemptionStoredStatus) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (e: Exemption) => apiFetch<Exemption>(EXEMPTION_API.approveExemption(e.companyId, e.shipToId, e.id), { method: 'POST', auth: true }),
    onSuccess: (answer) => settleReview(queryClient, shownIn, answer),
  });
}

/**
 * POST .../reject { reason } (shop admin); rejecting an approved certificate revokes it. Quiet: the
 * dialog puts a field message at the reason and says any other refusal itself.
 */
export function useRejectExemption(shownIn: ExemptionStoredStatus) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ exemption: e, reason }: { exemption: Exemption; reason: string }) =>
      apiFetch<Exemption>(EXEMPTION_API.rejectExemption(e.companyId, e.shipToId, e.id), { method: 'POST', auth: true, body: { reason }, quiet: true }),
    onSuccess: (answer) => settleReview(queryClient, shownIn, answer),
  });
}
