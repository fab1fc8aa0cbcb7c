import { useQueryClient } from '@tanstack/react-query';
import { API } from '@fridgeparts/common/api-paths';
import type { Tool } from '@fridgeparts/common/tool';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * Reads one tool for Reorder through the cache (the tool page's entry), fresh rather than cached:
 * today's price, pack size and stock apply.
 */
export function useFetchTool(): (id: string) => Promise<Tool> {
  const queryClient = useQueryClient();
  return (id) => queryClient.fetchQuery({ queryKey: queryKeys.tools.one(id), queryFn: ({ signal }) => apiFetch<Tool>(API.tool(id), { signal }), staleTime: 0 });
}
