import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API } from '@fridgeparts/common/api-paths';
import type { ReviewInput } from '@fridgeparts/common/review';
import type { Review } from '@fridgeparts/common/review.answers';
import { apiFetch } from '../../../lib/infra/api-client';
import { queryKeys } from '../../../lib/infra/query-keys';

/** POST /reviews; the reviewer's name comes from the token on the server. The review lists read again. */
export function useAddReview(): (input: ReviewInput) => Promise<Review> {
  const queryClient = useQueryClient();
  const add = useMutation({
    mutationFn: (input: ReviewInput) => apiFetch<Review>(API.addReview, { method: 'POST', auth: true, body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.reviews.all }),
  });
  return add.mutateAsync;
}
