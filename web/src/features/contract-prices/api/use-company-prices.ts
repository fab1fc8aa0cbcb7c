import { useMutation, useQueries, useQueryClient } from '@tanstack/react-query';
import { API } from '@fridgeparts/common/api-paths';
import type { CompanyContractPrice } from '@fridgeparts/common/contract-prices.answers';
import type { Tool } from '@fridgeparts/common/tool';
import { ApiError, apiFetch } from '../../../lib/infra/api-client';
import { pagedQueryOptions, usePagedList, type PagedList } from '../../../lib/infra/paged-query';
import { queryKeys } from '../../../lib/infra/query-keys';
import { useSearchHits } from '../../../lib/domain/use-search-hits';
import type { PriceBody } from '../lib/price-form';

/** Prices per page of the editor (GET /companies/{id}/prices takes up to 100). */
export const PRICE_PAGE_SIZE = 20;

/** GET /companies/{id}/prices (shop admin): oldest first, "Load more" on the API's cursor (decision 0057). */
export function useCompanyPrices(companyId: string): PagedList<CompanyContractPrice> {
  return usePagedList(
    pagedQueryOptions<CompanyContractPrice>(queryKeys.contractPrices.ofCompany(companyId), API.companyPrices(companyId), PRICE_PAGE_SIZE, { auth: true }),
  );
}

/**
 * The tools of the prices listed (part number, name, list price and breaks), one GET /tool/{id}
 * each: the price list names tools by id only. At most a page's worth (20) per "Load more", each
 * answer the public, cacheable catalogue read; null for a tool that is gone (its price can still
 * be deleted). Decision 0062 says why not a wider list answer.
 */
export function usePricedTools(toolIds: readonly string[]): { tools: ReadonlyMap<string, Tool | null>; settled: ReadonlySet<string> } {
  return useQueries({
    queries: toolIds.map((id) => ({
      queryKey: queryKeys.contractPrices.tool(id),
      queryFn: async ({ signal }: { signal: AbortSignal }) => {
        try {
          return await apiFetch<Tool>(API.tool(id), { quiet: true, signal });
        } catch (err) {
          if (err instanceof ApiError && err.status === 404) return null;
          throw err;
        }
      },
      staleTime: 60_000,
    })),
    combine: (results) => {
      const tools = new Map<string, Tool | null>();
      // Answered, or failed (the row then shows its id): either way the row will not change again.
      const settled = new Set<string>();
      results.forEach((r, i) => {
        if (r.data !== undefined) tools.set(toolIds[i]!, r.data);
        if (!r.isPending) settled.add(toolIds[i]!);
      });
      return { tools, settled };
    },
  });
}

/** Hits shown when the admin looks for a tool to price. */
export const TOOL_HITS = 8;

/** The catalogue's search (GET /search, CONTRACT §11) for the tool to price: a part number (any of its numbers) or words of its name. */
export const useToolSearch = (q: string) => useSearchHits(q, TOOL_HITS, q.length >= 2);

/**
 * PUT and DELETE /companies/{id}/prices/{toolId} (shop admin). Each refreshes the list; the
 * caller's own overlay is per account and unaffected (a shop admin is in no company). PUT is
 * quiet: the form puts the server's field messages at their fields and toasts the rest itself.
 */
export function usePriceActions(companyId: string): {
  save: (change: { toolId: string; body: PriceBody }) => Promise<CompanyContractPrice>;
  remove: (toolId: string) => Promise<{ deletedCount: number }>;
} {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.contractPrices.ofCompany(companyId) });
  const save = useMutation({
    mutationFn: ({ toolId, body }: { toolId: string; body: PriceBody }) =>
      apiFetch<CompanyContractPrice>(API.companyPrice(companyId, toolId), { method: 'PUT', auth: true, body, quiet: true }),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (toolId: string) => apiFetch<{ deletedCount: number }>(API.companyPrice(companyId, toolId), { method: 'DELETE', auth: true }),
    // A 404 (already gone, another admin deleted it) leaves a row that is no longer there: read again.
    onSettled: refresh,
  });
  return { save: save.mutateAsync, remove: remove.mutateAsync };
}
