import { API } from '@fridgeparts/common/api-paths';
import type { Tool } from '@fridgeparts/common/tool';
import { apiFetch } from '../../../lib/api-client';
import { useLive, type Live } from '../../../lib/use-live';

/** Components that ask for the same newest tools at once share one request. */
const newestInFlight = new Map<number, Promise<Tool[]>>();

function fetchNewest(count: number): Promise<Tool[]> {
  let request = newestInFlight.get(count);
  if (!request) {
    request = apiFetch<Tool[]>(`${API.tools}?sort=newest&limit=${count}`, { quiet: true }).finally(() => newestInFlight.delete(count));
    newestInFlight.set(count, request);
  }
  return request;
}

/** The newest `count` tools, newest first (home page). */
export function useNewestTools(count: number): Live<Tool[]> {
  return useLive(
    `newest:${count}`,
    () => fetchNewest(count),
    async (onData, onError) => (await import('./firestore-tools')).watchNewestTools(count, onData, onError),
  );
}

/** One tool; `data` is null when it does not exist. */
export function useTool(id: string | undefined): Live<Tool | null> {
  return useLive(
    id ? `tool:${id}` : null,
    (signal) =>
      apiFetch<Tool>(API.tool(id ?? ''), { signal, quiet: true }).catch((e: { status?: number }) => {
        if (e.status === 404) return null;
        throw e;
      }),
    async (onData, onError) => (await import('./firestore-tools')).watchTool(id ?? '', onData, onError),
  );
}
