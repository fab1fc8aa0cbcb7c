import { useCallback } from 'react';
import { useInfiniteQuery, useQueryClient, type InfiniteData, type QueryKey } from '@tanstack/react-query';
import { apiFetchPage, type ApiOptions, type ApiPage } from './api-client';

export interface PagedList<T> {
  items: T[];
  /** The first page is loading. */
  loading: boolean;
  loadingMore: boolean;
  /** The first page could not be read (a failed "Load more" is toasted and can be tried again). */
  error: Error | undefined;
  hasMore: boolean;
  loadMore: () => void;
  reload: () => void;
  /** Edits of the cached pages after a successful write, so the table does not jump back to page one. */
  remove: (predicate: (item: T) => boolean) => void;
  update: (predicate: (item: T) => boolean, patch: Partial<T>) => void;
}

function withPage(path: string, limit: number, cursor: string | null): string {
  const sep = path.includes('?') ? '&' : '?';
  return `${path}${sep}limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
}

/**
 * A server-paginated list (limit + X-Next-Cursor) as an infinite query under `key`, read page by
 * page with "Load more". `path` null waits (e.g. for the session).
 */
export function usePagedList<T>(key: QueryKey, path: string | null, pageSize: number, options: Omit<ApiOptions, 'signal' | 'method' | 'body'> = {}): PagedList<T> {
  const queryClient = useQueryClient();
  const query = useInfiniteQuery({
    queryKey: key,
    queryFn: ({ pageParam, signal }) =>
      // The first page's error is shown by the page with a retry; a later page's is toasted.
      apiFetchPage<T>(withPage(path ?? '', pageSize, pageParam), { ...options, quiet: pageParam === null, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last: ApiPage<T>) => last.nextCursor,
    enabled: path !== null,
  });
  const { data, hasNextPage, isFetchingNextPage, fetchNextPage, refetch } = query;

  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  const reload = useCallback(() => void refetch(), [refetch]);
  const edit = useCallback(
    (change: (items: T[]) => T[]) =>
      queryClient.setQueryData<InfiniteData<ApiPage<T>, string | null>>(key, (old) => old && { ...old, pages: old.pages.map((p) => ({ ...p, items: change(p.items) })) }),
    // The key's content identifies the list; a new array with the same content is the same key.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [queryClient, JSON.stringify(key)],
  );
  const remove = useCallback((predicate: (item: T) => boolean) => edit((items) => items.filter((i) => !predicate(i))), [edit]);
  const update = useCallback((predicate: (item: T) => boolean, patch: Partial<T>) => edit((items) => items.map((i) => (predicate(i) ? { ...i, ...patch } : i))), [edit]);

  return {
    items: data?.pages.flatMap((p) => p.items) ?? [],
    loading: path !== null && query.isPending,
    loadingMore: isFetchingNextPage,
    error: data ? undefined : (query.error ?? undefined),
    hasMore: hasNextPage,
    loadMore,
    reload,
    remove,
    update,
  };
}
