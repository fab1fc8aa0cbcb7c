import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SearchResponse } from '@fridgeparts/common/responses';
import { apiFetch } from '../infra/api-client';
import { queryKeys } from '../infra/query-keys';
import { searchPath } from './search-path';

/**
 * The best `limit` hits of GET /search (CONTRACT §11) for the text typed: the navigation bar's
 * suggestions and the contract-price picker ask it alike (decision 0071). While the next answer
 * loads, the last one stays. The catalogue pages through its own query (features/catalog/api), on
 * the same path builder (searchPath).
 */
export function useSearchHits(q: string, limit: number, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.tools.hits(q, limit),
    queryFn: ({ signal }) => apiFetch<SearchResponse>(searchPath({ q, limit }), { signal, quiet: true }),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
