import { useInfiniteQuery, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { API } from '@fridgeparts/common/api-paths';
import type { ModelDeleteResponse, ModelImportResponse, ModelListResponse, ModelSummary } from '@fridgeparts/common/models/appliance-model.answers';
import { apiFetch } from '../../../lib/infra/api-client';
import { usePagedListState, type PagedList } from '../../../lib/infra/paged-query';
import { queryKeys } from '../../../lib/infra/query-keys';

/**
 * After an import or a delete: every view of the models reads again (this list, Find by model, a
 * model's page), and the tools' "Fits N models" with them. Awaited, so the list on screen is the
 * new one when the caller says it is done.
 */
function refreshModels(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.models.all }), queryClient.invalidateQueries({ queryKey: queryKeys.tools.all })]);
}

/**
 * Every appliance model for the admin (GET /models without a filter: key order, 20 a page, the
 * cursor in the answer), or, given a model key (`modelKeyOf` of what was typed, at least
 * MODEL_QUERY_MIN characters), the models GET /models?q= finds for it (those whose key starts with
 * it, then those that contain it: one page, its cursor null). With Delete. Read signed in and past
 * the browser's cache: a public read is CDN-cached for a minute, and the list must show an import
 * or a delete at once.
 */
export function useManagedModels(key = ''): PagedList<ModelSummary> & { deleteModel: (model: ModelSummary) => Promise<void> } {
  const queryClient = useQueryClient();
  const query = useInfiniteQuery({
    queryKey: queryKeys.models.managed(key),
    queryFn: ({ pageParam, signal }) =>
      // The first page's error is shown by the table with a retry; a later page's is toasted.
      apiFetch<ModelListResponse>(API.models(key ? { q: key } : { cursor: pageParam ?? undefined }), {
        auth: true,
        fresh: true,
        signal,
        quiet: pageParam === null,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.cursor,
  });
  const remover = useMutation({
    mutationFn: (model: ModelSummary) => apiFetch<ModelDeleteResponse>(API.model(model.modelKey), { method: 'DELETE', auth: true }),
    // Settled, not only done: a model another admin deleted meanwhile (404) leaves the list too.
    onSettled: () => refreshModels(queryClient),
  });
  return {
    items: query.data?.pages.flatMap((p) => p.models) ?? [],
    ...usePagedListState(query),
    deleteModel: async (model) => void (await remover.mutateAsync(model)),
  };
}

/**
 * POST /models/import (admin): all or nothing. Quiet: the form shows a refusal's every line and
 * any other failure with Try again itself. Every view of the models reads again after it.
 */
export function useImportModels(): { importModels: (body: unknown) => Promise<ModelImportResponse>; importing: boolean } {
  const queryClient = useQueryClient();
  const importer = useMutation({
    mutationFn: (body: unknown) => apiFetch<ModelImportResponse>(API.importModels, { method: 'POST', auth: true, body, quiet: true }),
    onSuccess: () => refreshModels(queryClient),
  });
  return { importModels: importer.mutateAsync, importing: importer.isPending };
}
