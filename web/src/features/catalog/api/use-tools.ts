import { queryOptions } from '@tanstack/react-query';
import { API } from '@fridgeparts/common/api-paths';
import type { Tool } from '@fridgeparts/common/tool';
import { apiFetch } from '../../../lib/api-client';
import { useLiveQuery, type Live } from '../../../lib/use-live-query';
import { queryKeys } from '../../../lib/query-keys';

/** GET /tools?sort=newest&limit=: the newest `count` tools, newest first. */
export const newestToolsPath = (count: number) => `${API.tools}?sort=newest&limit=${count}`;

export const newestToolsQuery = (count: number) =>
  queryOptions({
    queryKey: queryKeys.tools.newest(count),
    queryFn: ({ signal }) => apiFetch<Tool[]>(newestToolsPath(count), { signal, quiet: true }),
  });

/** GET /tools/{id}: one tool, or null when it does not exist (the page says so itself). */
export const toolQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.tools.one(id),
    queryFn: ({ signal }) =>
      apiFetch<Tool>(API.tool(id), { signal, quiet: true }).catch((e: { status?: number }) => {
        if (e.status === 404) return null;
        throw e;
      }),
  });

/** The newest `count` tools (home page), live where the stack has Firestore. Components asking at once share one request. */
export function useNewestTools(count: number): Live<Tool[]> {
  return useLiveQuery(newestToolsQuery(count), async (onData, onError) => (await import('./firestore-tools')).watchNewestTools(count, onData, onError));
}

/** One tool; `data` is null when it does not exist. */
export function useTool(id: string | undefined): Live<Tool | null> {
  return useLiveQuery(toolQuery(id ?? ''), async (onData, onError) => (await import('./firestore-tools')).watchTool(id ?? '', onData, onError), Boolean(id));
}
