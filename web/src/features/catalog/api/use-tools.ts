import { queryOptions, useQuery } from '@tanstack/react-query';
import { API } from '@fridgeparts/common/api-paths';
import type { Tool, ToolPageDetail } from '@fridgeparts/common/tool';
import { apiFetch } from '../../../lib/infra/api-client';
import { useLiveQuery, type Live } from '../../../lib/infra/use-live-query';
import { queryKeys } from '../../../lib/infra/query-keys';
import { newestToolsPath } from './catalogue-paths';

export const newestToolsQuery = (count: number) =>
  queryOptions({
    queryKey: queryKeys.tools.newest(count),
    queryFn: ({ signal }) => apiFetch<Tool[]>(newestToolsPath(count), { signal, quiet: true }),
  });

/** GET /tool/{id}: one tool, or null when it does not exist (the page says so itself). */
const readTool = (id: string, signal: AbortSignal) =>
  apiFetch<ToolPageDetail>(API.tool(id), { signal, quiet: true }).catch((e: { status?: number }) => {
    if (e.status === 404) return null;
    throw e;
  });

/**
 * GET /tool/{id} in the entry every view of one tool shares. Typed as a plain Tool: where the
 * stack has Firestore, the listener writes the stored document there, without the resolved
 * replacement (use `useToolLineage` for that).
 */
export const toolQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.tools.one(id),
    queryFn: ({ signal }): Promise<Tool | null> => readTool(id, signal),
  });

/**
 * What replaces a tool and what it replaces (CONTRACT §11), and how many appliance models list it
 * (CONTRACT §12), as only GET /tool/{id} says them.
 */
export type ToolLineage = Pick<ToolPageDetail, 'replacedBy' | 'replaces' | 'fitsModelCount'>;

/**
 * Whether `tool` is GET /tool/{id}'s answer with its lineage: a stored document has `replacedBy`
 * as the replacement's id (a string), never the `{ _id, partNumber, name }` the API resolves, and
 * no `fitsModelCount`.
 */
function lineageOf(tool: Tool): ToolLineage | undefined {
  const t = tool as Partial<Record<keyof ToolLineage, unknown>>;
  const ref = t.replacedBy;
  const refOk = ref === null || (typeof ref === 'object' && ref !== undefined && typeof (ref as { partNumber?: unknown }).partNumber === 'string');
  if (!refOk || !Array.isArray(t.replaces) || typeof t.fitsModelCount !== 'number') return undefined;
  return {
    replacedBy: ref as ToolLineage['replacedBy'],
    replaces: (t.replaces as unknown[]).filter((n): n is string => typeof n === 'string'),
    fitsModelCount: t.fitsModelCount,
  };
}

/**
 * The lineage of the tool `useTool` gave: taken from its REST answer when that is what the cache
 * holds, otherwise (a live Firestore snapshot replaced it, or never had it) read once over REST
 * under its own key, which a snapshot never overwrites. `lineage` is undefined until known;
 * `pending` is true while it is being read (false too when the read failed: the page then offers
 * what a current tool offers, and the server still refuses a discontinued one).
 */
export function useToolLineage(id: string | undefined, tool: Tool | null | undefined): { lineage: ToolLineage | undefined; pending: boolean } {
  const fromTool = tool ? lineageOf(tool) : undefined;
  const query = useQuery({
    queryKey: queryKeys.tools.lineage(id ?? ''),
    queryFn: async ({ signal }): Promise<ToolLineage | null> => {
      const detail = await readTool(id ?? '', signal);
      return detail && { replacedBy: detail.replacedBy, replaces: detail.replaces, fitsModelCount: detail.fitsModelCount };
    },
    enabled: Boolean(id) && Boolean(tool) && !fromTool,
  });
  const lineage = fromTool ?? query.data ?? undefined;
  return { lineage, pending: Boolean(tool) && !lineage && !query.isError };
}

/** The newest `count` tools (home page), live where the stack has Firestore. Components asking at once share one request. */
export function useNewestTools(count: number): Live<Tool[]> {
  return useLiveQuery(newestToolsQuery(count), async (onData, onError) => (await import('./firestore-tools')).watchNewestTools(count, onData, onError));
}

/** One tool; `data` is null when it does not exist. */
export function useTool(id: string | undefined): Live<Tool | null> {
  return useLiveQuery(toolQuery(id ?? ''), async (onData, onError) => (await import('./firestore-tools')).watchTool(id ?? '', onData, onError), Boolean(id));
}
