import { API } from '@fridgeparts/common/api-paths';
import type { Tool } from '@fridgeparts/common/tool';
import { apiFetch } from '../../../lib/api-client';
import { useLiveQuery, type Live } from '../../../lib/use-live-query';
import { queryKeys } from '../../../lib/query-keys';

/** The newest `count` tools, newest first (home page). Components asking at once share one request. */
export function useNewestTools(count: number): Live<Tool[]> {
  return useLiveQuery(
    queryKeys.tools.newest(count),
    (signal) => apiFetch<Tool[]>(`${API.tools}?sort=newest&limit=${count}`, { signal, quiet: true }),
    async (onData, onError) => (await import('./firestore-tools')).watchNewestTools(count, onData, onError),
  );
}

/** One tool; `data` is null when it does not exist. */
export function useTool(id: string | undefined): Live<Tool | null> {
  return useLiveQuery(
    id ? queryKeys.tools.one(id) : null,
    (signal) =>
      apiFetch<Tool>(API.tool(id ?? ''), { signal, quiet: true }).catch((e: { status?: number }) => {
        if (e.status === 404) return null;
        throw e;
      }),
    async (onData, onError) => (await import('./firestore-tools')).watchTool(id ?? '', onData, onError),
  );
}
