import { useQueryClient } from '@tanstack/react-query';
import { API } from '@fridgeparts/common/api-paths';
import type { Tool } from '@fridgeparts/common/tool';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * Reads one tool for Reorder, fresh rather than cached (today's price, pack size and stock apply),
 * into the entry the tool page reads: the same answer there (null for a tool that is gone, which
 * the API client has toasted and the promise rejects).
 */
export function useFetchTool(): (id: string) => Promise<Tool> {
  const queryClient = useQueryClient();
  return async (id) => {
    const tool = await queryClient.fetchQuery({
      queryKey: queryKeys.tools.one(id),
      queryFn: ({ signal }) =>
        apiFetch<Tool>(API.tool(id), { signal }).catch((e: { status?: number }) => {
          if (e.status === 404) return null;
          throw e;
        }),
      staleTime: 0,
    });
    if (!tool) throw new Error('The tool is no longer in the catalogue.');
    return tool;
  };
}
