import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { API } from '@fridgeparts/common/api-paths';
import type {
  ApplianceModel,
  ModelListResponse,
  ModelNotFoundBody,
  ModelSummary,
  ToolModelsResponse,
} from '@fridgeparts/common/models/appliance-model.answers';
import { checkDrawingSvg } from '@fridgeparts/common/models/drawing-svg';
import { isModelQuery, modelKeyOf } from '@fridgeparts/common/models/model-basics';
import { ApiError, apiFetch, apiFetchText } from '../../../lib/infra/api-client';
import { usePagedListState } from '../../../lib/infra/paged-query';
import { queryKeys } from '../../../lib/infra/query-keys';
import { DRAWING_ACCEPT, modelBrowsePath, modelPath, modelSearchPath } from './model-paths';

/** What the model page reads: the model, or the nearest models when there is none by that number. */
export type ModelAnswer = { found: true; model: ApplianceModel } | { found: false; suggestions: ModelSummary[] };

/** The models GET /models?q= finds for the typed number; nothing is asked below 3 letters or digits (the API would answer 400). */
export function useModelSearch(typed: string) {
  const key = modelKeyOf(typed.trim());
  const asked = isModelQuery(typed);
  const query = useQuery({
    queryKey: queryKeys.models.search(key),
    queryFn: ({ signal }) => apiFetch<ModelListResponse>(modelSearchPath(key), { signal, quiet: true }),
    enabled: asked,
    // The list stays while the next answer is on its way, so typing one more character does not flash a skeleton.
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
  return {
    asked,
    models: asked ? (query.data?.models ?? []) : [],
    loading: asked && query.isPending,
    updating: asked && query.isPlaceholderData,
    error: asked && !query.data ? (query.error ?? undefined) : undefined,
    retry: () => void query.refetch(),
  };
}

/** Browsing (GET /models?brand=&applianceType=&cursor=): a page at a time, "Load more" for the next. */
export function useModelBrowse(filter: { brand: string; applianceType: string }) {
  const query = useInfiniteQuery({
    queryKey: queryKeys.models.browse(filter),
    queryFn: ({ pageParam, signal }) =>
      apiFetch<ModelListResponse>(modelBrowsePath(filter, pageParam), {
        signal,
        // The first page's error is shown in place with Try again; a later page's is toasted.
        quiet: pageParam === null,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.cursor,
    staleTime: 60_000,
  });
  return {
    models: query.data?.pages.flatMap((p) => p.models) ?? [],
    brands: query.data?.pages[0]?.brands ?? [],
    ...usePagedListState(query),
  };
}

/** GET /models/{modelKey}: the model, or (404) the nearest models by number. */
export function useApplianceModel(modelKey: string) {
  const key = modelKeyOf(modelKey);
  return useQuery({
    queryKey: queryKeys.models.one(key),
    queryFn: ({ signal }): Promise<ModelAnswer> =>
      apiFetch<ApplianceModel>(modelPath(key), { signal, quiet: true }).then(
        (model) => ({ found: true as const, model }),
        (e: unknown) => {
          if (e instanceof ApiError && e.status === 404)
            return { found: false as const, suggestions: (e.details as Partial<ModelNotFoundBody>).suggestions ?? [] };
          throw e;
        },
      ),
    enabled: key.length > 0,
  });
}

/**
 * A section's drawing as SVG text, checked again here with the import's own allow-list before the
 * page places it inline (its callouts become controls): what the server stored was checked on
 * import, but the page trusts only what it checked itself. A drawing that fails is an error.
 */
export function useDrawing(path: string) {
  return useQuery({
    queryKey: queryKeys.models.drawing(path),
    queryFn: async ({ signal }) => {
      const svg = await apiFetchText(path, { signal, quiet: true, headers: { Accept: DRAWING_ACCEPT } });
      const check = checkDrawingSvg(svg);
      if (!check.ok) throw new Error(`The drawing cannot be shown: it ${check.problem}.`);
      return svg;
    },
    staleTime: 5 * 60_000,
  });
}

/** GET /tool/{id}/models: the models a tool fits (through the numbers it replaces too), a page at a time. */
export function useToolModels(toolId: string, enabled: boolean) {
  const query = useInfiniteQuery({
    queryKey: queryKeys.models.ofTool(toolId),
    queryFn: ({ pageParam, signal }) => apiFetch<ToolModelsResponse>(API.toolModels(toolId, pageParam ?? undefined), { signal, quiet: pageParam === null }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.cursor,
    enabled,
  });
  return {
    models: query.data?.pages.flatMap((p) => p.models) ?? [],
    ...usePagedListState(query, enabled),
  };
}
