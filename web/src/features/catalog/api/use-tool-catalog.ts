import { useCallback, useMemo } from 'react';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { API } from '@fridgeparts/common/api-paths';
import { DEFAULT_PAGE_SIZE } from '@fridgeparts/common/constants';
import type { Tool, ToolSort } from '@fridgeparts/common/tool';
import { apiFetchPage } from '../../../lib/api-client';
import type { PagedListState } from '../../../lib/paged-query';
import { queryKeys } from '../../../lib/query-keys';

/** The catalogue's pages for the current search and sort. */
export interface ToolCatalog extends PagedListState {
  tools: Tool[];
}

/** The catalogue's orders: the API's sorts, and relevance (a search's hits best first: no sort sent). */
export type CatalogOrder = ToolSort | 'relevance';

/** GET /tools for one page of a search; the prerender preloads the first page of the default one. */
export function catalogPagePath(q: string, sort: CatalogOrder, limit: number, cursor: string | null): string {
  const params = new URLSearchParams(sort === 'relevance' ? { limit: String(limit) } : { sort, limit: String(limit) });
  if (q) params.set('q', q);
  if (cursor) params.set('cursor', cursor);
  return `${API.tools}?${params}`;
}

/**
 * The whole catalogue for a search and sort, one server page at a time (GET /tools with sort, q,
 * limit and the X-Next-Cursor cursor). Always REST: the server owns search terms and the keyset
 * cursor, on Firestore and on the stand-in alike.
 */
export const toolCatalogQuery = (q: string, sort: CatalogOrder) =>
  infiniteQueryOptions({
    queryKey: queryKeys.tools.catalog(q, sort),
    queryFn: ({ pageParam, signal }) => apiFetchPage<Tool>(catalogPagePath(q, sort, DEFAULT_PAGE_SIZE, pageParam), { signal, quiet: true }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

/** The catalogue page's list: "Load more" reads the next page of the same search. */
export function useToolCatalog(q: string, sort: CatalogOrder): ToolCatalog {
  const query = useInfiniteQuery(toolCatalogQuery(q, sort));
  const { data, hasNextPage, isFetchingNextPage, fetchNextPage, refetch } = query;
  // A page can repeat a tool when the catalogue changed between pages: show it once.
  const tools = useMemo(() => {
    const seen = new Set<string>();
    return (data?.pages.flatMap((p) => p.items) ?? []).filter((t) => !seen.has(t._id) && seen.add(t._id));
  }, [data]);
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  // A failed first page reads again; a failed further page is asked for again.
  const retry = useCallback(() => void (data ? fetchNextPage() : refetch()), [data, fetchNextPage, refetch]);

  return { tools, loading: query.isPending, loadingMore: isFetchingNextPage, error: query.error ?? undefined, hasMore: hasNextPage, loadMore, retry };
}
