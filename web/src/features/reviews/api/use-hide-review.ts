import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API } from '@fridgeparts/common/api-paths';
import type { HiddenReviewResponse } from '@fridgeparts/common/responses';
import type { Review } from '@fridgeparts/common/review.answers';
import { apiFetch } from '../../../lib/infra/api-client';
import { queryKeys } from '../../../lib/infra/query-keys';

/**
 * DELETE /reviews/{id} (admin, CONTRACT §9): the review leaves every list. It is taken out of every
 * cached review list (the home page's, each tool page's) at once, and they are marked stale. Not
 * read again at once: GET /reviewsget is anonymous and Hosting's CDN may still hold the previous
 * answer for up to a minute (security.ts PUBLIC_CACHE), which would bring the review back. A
 * refusal is toasted by the API client and rejects.
 */
export function useHideReview(): (id: string) => Promise<HiddenReviewResponse> {
  const queryClient = useQueryClient();
  const hide = useMutation({
    mutationFn: (id: string) => apiFetch<HiddenReviewResponse>(API.hideReview(id), { method: 'DELETE', auth: true }),
    onSuccess: (_res, id) => {
      queryClient.setQueriesData<Review[]>({ queryKey: queryKeys.reviews.all }, (list) => list?.filter((r) => r._id !== id));
      return queryClient.invalidateQueries({ queryKey: queryKeys.reviews.all, refetchType: 'none' });
    },
  });
  return hide.mutateAsync;
}
