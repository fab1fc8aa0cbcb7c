import { useCallback } from 'react';
import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData, type QueryClient, type QueryKey, type UseInfiniteQueryResult } from '@tanstack/react-query';
import { apiFetchPage, type ApiOptions, type ApiPage } from './api-client';

/** The cached pages of a server-paginated list: each page's rows and the cursor of the next. */
export type Pages<T> = InfiniteData<ApiPage<T>, string | null>;

/** The state and actions of a server-paginated list, whatever shows it (a table, the catalogue grid). */
export interface PagedListState {
  /** The first page is loading. */
  loading: boolean;
  /** A further page is loading. */
  loadingMore: boolean;
  /** The first page could not be read (a failed "Load more" is toasted and can be tried again). */
  error: Error | undefined;
  hasMore: boolean;
  loadMore: () => void;
  /** Reads the first page again after it failed. */
  retry: () => void;
}

/** What a dashboard table reads of a paged list (components/table.tsx). */
export interface PagedList<T> extends PagedListState {
  items: T[];
}

function withPage(path: string, limit: number, cursor: string | null): string {
  const sep = path.includes('?') ? '&' : '?';
  return `${path}${sep}limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
}

/**
 * A server-paginated list (limit + X-Next-Cursor, decision 0005) as infinite query options under
 * `queryKey`: the first page, then one more per "Load more".
 */
export function pagedQueryOptions<T>(queryKey: QueryKey, path: string, pageSize: number, api: Pick<ApiOptions, 'auth' | 'signOutOn403'> = {}) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) =>
      // The first page's error is shown by the table with a retry; a later page's is toasted.
      apiFetchPage<T>(withPage(path, pageSize, pageParam), { ...api, quiet: pageParam === null, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last: ApiPage<T>) => last.nextCursor,
  });
}

export type PagedQueryOptions<T> = ReturnType<typeof pagedQueryOptions<T>>;

/** A paged list's rows for a table. `enabled` false waits (e.g. for the session). */
export function usePagedList<T>(options: PagedQueryOptions<T>, enabled = true): PagedList<T> {
  const query = useInfiniteQuery({ ...options, enabled });
  return { items: query.data?.pages.flatMap((p) => p.items) ?? [], ...usePagedListState(query, enabled) };
}

/**
 * The loading, error and "Load more" of any infinite query, whether its cursor comes in a header
 * (usePagedList) or in the answer's body (the appliance models' lists). `enabled` false waits.
 */
export function usePagedListState<TData>(query: UseInfiniteQueryResult<TData, Error>, enabled = true): PagedListState {
  const { data, hasNextPage, isFetchingNextPage, fetchNextPage, refetch } = query;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  const retry = useCallback(() => void refetch(), [refetch]);
  return {
    loading: enabled && query.isPending,
    loadingMore: isFetchingNextPage,
    error: data ? undefined : (query.error ?? undefined),
    hasMore: hasNextPage,
    loadMore,
    retry,
  };
}

/**
 * After a write the server confirmed: edits the rows of the cached pages in place, so the table
 * keeps every page it has loaded instead of reading them again from page one.
 */
export function editPagedItems<T>(queryClient: QueryClient, queryKey: QueryKey, change: (items: T[]) => T[]): void {
  queryClient.setQueryData<Pages<T>>(queryKey, (old) => old && { ...old, pages: old.pages.map((p) => ({ ...p, items: change(p.items) })) });
}

export function updatePagedItem<T>(queryClient: QueryClient, queryKey: QueryKey, match: (item: T) => boolean, patch: Partial<T>): void {
  editPagedItems<T>(queryClient, queryKey, (items) => items.map((i) => (match(i) ? { ...i, ...patch } : i)));
}

export function removePagedItem<T>(queryClient: QueryClient, queryKey: QueryKey, match: (item: T) => boolean): void {
  editPagedItems<T>(queryClient, queryKey, (items) => items.filter((i) => !match(i)));
}
