import { useCallback, useEffect, useState } from 'react';
import { API } from '@fridgeparts/common/api-paths';
import { DEFAULT_PAGE_SIZE } from '@fridgeparts/common/constants';
import type { Tool, ToolSort } from '@fridgeparts/common/tool';
import { apiFetchPage } from '../../../lib/api-client';

export interface ToolCatalog {
  tools: Tool[];
  /** True while the first page of the current search/sort loads. */
  loading: boolean;
  /** True while a further page loads. */
  loadingMore: boolean;
  error: Error | undefined;
  hasMore: boolean;
  loadMore: () => void;
  retry: () => void;
}

/** GET /tools for one page of a search; the prerender preloads the first page of the default one. */
export function catalogPagePath(q: string, sort: ToolSort, limit: number, cursor: string | null): string {
  const params = new URLSearchParams({ sort, limit: String(limit) });
  if (q) params.set('q', q);
  if (cursor) params.set('cursor', cursor);
  return `${API.tools}?${params}`;
}

/**
 * The whole catalogue, one server page at a time (GET /tools with sort, q, limit and the
 * X-Next-Cursor cursor). Always REST: the server owns search terms and the keyset cursor, on
 * Firestore and on the stand-in alike. A new search or sort starts again from the first page.
 */
export function useToolCatalog(q: string, sort: ToolSort, pageSize = DEFAULT_PAGE_SIZE): ToolCatalog {
  const [state, setState] = useState<{ tools: Tool[]; cursor: string | null; error?: Error; loading: boolean; loadingMore: boolean }>({
    tools: [],
    cursor: null,
    loading: true,
    loadingMore: false,
  });
  const [attempt, setAttempt] = useState(0);
  const [request, setRequest] = useState<{ cursor: string | null; seq: number }>({ cursor: null, seq: 0 });

  // A new query resets to its first page.
  useEffect(() => {
    setRequest((r) => ({ cursor: null, seq: r.seq + 1 }));
  }, [q, sort, pageSize]);

  useEffect(() => {
    if (request.seq === 0) return;
    const controller = new AbortController();
    const first = request.cursor === null;
    setState((s) => ({ ...s, error: undefined, loading: first, loadingMore: !first, ...(first ? { tools: [], cursor: null } : {}) }));
    apiFetchPage<Tool>(catalogPagePath(q, sort, pageSize, request.cursor), { signal: controller.signal, quiet: true }).then(
      (page) =>
        setState((s) => ({
          tools: first ? page.items : [...s.tools, ...page.items.filter((t) => !s.tools.some((o) => o._id === t._id))],
          cursor: page.nextCursor,
          loading: false,
          loadingMore: false,
        })),
      (error: Error) => {
        if (error.name === 'AbortError') return;
        setState((s) => ({ ...s, error, loading: false, loadingMore: false }));
      },
    );
    return () => controller.abort();
    // q/sort/pageSize changes arrive through `request`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [request, attempt]);

  const { cursor, loadingMore } = state;
  const loadMore = useCallback(() => {
    if (cursor && !loadingMore) setRequest((r) => ({ cursor, seq: r.seq + 1 }));
  }, [cursor, loadingMore]);
  const retry = useCallback(() => setAttempt((a) => a + 1), []);

  return { tools: state.tools, loading: state.loading, loadingMore: state.loadingMore, error: state.error, hasMore: state.cursor !== null, loadMore, retry };
}
