import { queryOptions } from '@tanstack/react-query';
import { MAX_PAGE_SIZE } from '@fridgeparts/common/constants';
import type { Review } from '@fridgeparts/common/review.answers';
import { apiFetch } from '../../../lib/infra/api-client';
import { queryKeys } from '../../../lib/infra/query-keys';
import { useLiveQuery, type Live } from '../../../lib/infra/use-live-query';
import { reviewsPath } from './review-paths';

export type ReviewsState = Live<Review[]>;

export const reviewsQuery = (count: number, toolId: string | null) =>
  queryOptions({
    queryKey: queryKeys.reviews.list(count, toolId),
    queryFn: ({ signal }) => apiFetch<Review[]>(reviewsPath(count, toolId), { signal, quiet: true }),
  });

/**
 * Customer reviews, newest first (SPEC §7 GET /reviewsget). Through the REST API, or live from
 * Firestore where the stack has it (CONTRACT §1), as the catalogue hooks do. The home page shows
 * "all reviews": capped at the largest page the API serves so the page stays bounded. A tool page
 * asks for that tool's reviews only (CONTRACT §7).
 */
export function useReviews(count: number = MAX_PAGE_SIZE, toolId: string | null = null): ReviewsState {
  return useLiveQuery(reviewsQuery(count, toolId), async (onData, onError) =>
    (await import('./firestore-reviews')).watchReviews(count, toolId, onData, onError),
  );
}
