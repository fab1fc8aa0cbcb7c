import { useCallback } from 'react';
import { API } from '@fridgeparts/common/api-paths';
import type { Review, ReviewInput } from '@fridgeparts/common/review';
import { apiFetch } from '../../../lib/api-client';

/** POST /reviews; the reviewer's name comes from the token on the server. */
export function useAddReview(): (input: ReviewInput) => Promise<Review> {
  return useCallback((input: ReviewInput) => apiFetch<Review>(API.addReview, { method: 'POST', auth: true, body: input }), []);
}
