import { useCallback, useMemo } from 'react';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE } from '@fridgeparts/common/constants';
import type { SearchHitResponse, SearchResponse } from '@fridgeparts/common/responses';
import type { Facets } from '@fridgeparts/common/search/catalogue-search';
import type { ToolSort } from '@fridgeparts/common/tool';
import { apiFetch } from '../../../lib/infra/api-client';
import type { PagedListState } from '../../../lib/infra/paged-query';
import { queryKeys } from '../../../lib/infra/query-keys';
import { catalogueSearchPath } from './catalogue-paths';

/** The catalogue's orders: the API's sorts, and relevance (a search's hits best first: no sort sent). */
export type CatalogOrder = ToolSort | 'relevance';

/**
 * What the catalogue shows (CONTRACT §11): the search text, the categories and spec values chosen
 * (values of one key are alternatives, keys must all hold) and the order. Values are sorted and
 * keys in the catalogue's order (catalogueQuery), so one search is one request and one cache entry
 * whatever order the buyer ticked its filters in.
 */
export interface CatalogueQuery {
  q: string;
  category: string[];
  specs: Record<string, string[]>;
  sort: CatalogOrder;
}

export const catalogueSearchQuery = (query: CatalogueQuery) =>
  infiniteQueryOptions({
    queryKey: queryKeys.tools.search(query),
    queryFn: ({ pageParam, signal }) => apiFetch<SearchResponse>(catalogueSearchPath(query, DEFAULT_PAGE_SIZE, pageParam), { signal, quiet: true }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.cursor,
  });

/** The catalogue's hits for a search, its total, its facets, and "Load more". */
export interface CatalogueSearch extends PagedListState {
  hits: SearchHitResponse[];
  /** Every hit of the search, not only those loaded; null until the first answer. */
  total: number | null;
  /** Per category and spec key, how many hits each value would give; null until the first answer. */
  facets: Facets | null;
  /** A new search or filter is on its way: what is shown is the previous one's. */
  updating: boolean;
}

/**
 * The catalogue page's list: one server page at a time (GET /search with the answer's cursor).
 * While a changed search loads, the previous answer stays on screen (marked as updating), so the
 * filters and the grid do not blink to a skeleton at every tick.
 */
export function useCatalogueSearch(query: CatalogueQuery): CatalogueSearch {
  const result = useInfiniteQuery({ ...catalogueSearchQuery(query), placeholderData: keepPreviousData });
  const { data, hasNextPage, isFetchingNextPage, fetchNextPage, refetch, isPlaceholderData } = result;
  // A page can repeat a tool when the catalogue changed between pages: show it once.
  const hits = useMemo(() => {
    const seen = new Set<string>();
    return (data?.pages.flatMap((p) => p.hits) ?? []).filter((t) => !seen.has(t._id) && seen.add(t._id));
  }, [data]);
  // The latest page's total and facets: the freshest count of the same search.
  const last = data?.pages.at(-1);
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage && !isPlaceholderData) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, isPlaceholderData, fetchNextPage]);
  // A failed first page reads again; a failed further page is asked for again.
  const retry = useCallback(() => void (data && !isPlaceholderData ? fetchNextPage() : refetch()), [data, isPlaceholderData, fetchNextPage, refetch]);

  return {
    hits,
    total: last?.total ?? null,
    facets: last?.facets ?? null,
    updating: isPlaceholderData,
    loading: result.isPending,
    loadingMore: isFetchingNextPage,
    error: result.error ?? undefined,
    hasMore: hasNextPage && !isPlaceholderData,
    loadMore,
    retry,
  };
}
