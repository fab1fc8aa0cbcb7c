import { useCallback, useEffect, useRef, useState } from 'react';
import { apiFetchPage, type ApiOptions } from './api-client';

export interface PagedList<T> {
  items: T[];
  /** First page loading (or reloading). */
  loading: boolean;
  loadingMore: boolean;
  error: Error | undefined;
  hasMore: boolean;
  loadMore: () => void;
  reload: () => void;
  /** Local edits after a successful write, so the table does not jump back to page one. */
  remove: (predicate: (item: T) => boolean) => void;
  update: (predicate: (item: T) => boolean, patch: Partial<T>) => void;
}

function withPage(path: string, limit: number, cursor: string | null): string {
  const sep = path.includes('?') ? '&' : '?';
  return `${path}${sep}limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
}

/**
 * A server-paginated list (limit + X-Next-Cursor) read page by page with "Load more". `path` null
 * waits (e.g. for the session). Errors are kept for the page to show with a retry.
 */
export function usePagedList<T>(path: string | null, pageSize: number, options: Omit<ApiOptions, 'signal' | 'method' | 'body'> = {}): PagedList<T> {
  const [items, setItems] = useState<T[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [loading, setLoading] = useState(path !== null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [error, setError] = useState<Error | undefined>();
  const [version, setVersion] = useState(0);
  const optionsRef = useRef(options);
  optionsRef.current = options;
  const moreController = useRef<AbortController | null>(null);

  useEffect(() => {
    if (path === null) return;
    const controller = new AbortController();
    moreController.current?.abort();
    setLoading(true);
    setError(undefined);
    apiFetchPage<T>(withPage(path, pageSize, null), { ...optionsRef.current, quiet: true, signal: controller.signal }).then(
      (page) => {
        if (controller.signal.aborted) return;
        setItems(page.items);
        setCursor(page.nextCursor);
        setLoading(false);
      },
      (err: Error) => {
        if (controller.signal.aborted) return;
        setError(err);
        setLoading(false);
      },
    );
    return () => controller.abort();
  }, [path, pageSize, version]);

  const loadMore = useCallback(() => {
    if (path === null || cursor === null || loadingMore) return;
    const controller = new AbortController();
    moreController.current = controller;
    setLoadingMore(true);
    apiFetchPage<T>(withPage(path, pageSize, cursor), { ...optionsRef.current, signal: controller.signal })
      .then((page) => {
        if (controller.signal.aborted) return;
        setItems((prev) => [...prev, ...page.items]);
        setCursor(page.nextCursor);
      })
      .catch(() => undefined) // the API client toasted it; the button stays for another try
      .finally(() => !controller.signal.aborted && setLoadingMore(false));
  }, [path, pageSize, cursor, loadingMore]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  const remove = useCallback((predicate: (item: T) => boolean) => setItems((prev) => prev.filter((i) => !predicate(i))), []);
  const update = useCallback(
    (predicate: (item: T) => boolean, patch: Partial<T>) => setItems((prev) => prev.map((i) => (predicate(i) ? { ...i, ...patch } : i))),
    [],
  );

  return { items, loading, loadingMore, error, hasMore: cursor !== null, loadMore, reload, remove, update };
}
