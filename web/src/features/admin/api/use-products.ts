import { useMutation, useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { API } from '@fridgeparts/common/api-paths';
import type { DeletedCountResponse } from '@fridgeparts/common/responses';
import type { Tool, ToolDetail, ToolEditForm, ToolInputForm } from '@fridgeparts/common/tool';
import { apiFetch, apiFetchTagged } from '../../../lib/infra/api-client';
import { pagedQueryOptions, removePagedItem, updatePagedItem, usePagedList, type PagedList } from '../../../lib/infra/paged-query';
import { invalidateOthers } from '../../../lib/infra/query-client';
import { queryKeys } from '../../../lib/infra/query-keys';

export const PRODUCTS_PAGE_SIZE = 20;

/** The catalogue for Manage All Products, newest first so a product just added is on top. */
export const managedProductsQuery = () => pagedQueryOptions<Tool>(queryKeys.tools.managed(), `${API.tools}?sort=newest`, PRODUCTS_PAGE_SIZE, { auth: true });

/** A tool as the product form edits it: the values and the ETag of the same read (CONTRACT §13). */
export interface EditableTool {
  /** As GET /tool/{id} answers it: with what replaces it. */
  tool: ToolDetail;
  etag: string;
}

/**
 * What the form sends: the fields the admin changed, text as typed; `addStock` adds, never sets;
 * null clears the category and the replacement.
 */
export type ToolChanges = Partial<Omit<ToolEditForm, 'category' | 'replacedBy'>> & { category?: string | null; replacedBy?: string | null };

/**
 * Manage All Products: the list, with edit and delete. A change shows on its row where it is;
 * every other view of the catalogue (home, catalogue, tool pages) reads again.
 */
export function useManagedProducts(): PagedList<Tool> & {
  deleteProduct: (tool: Tool) => Promise<void>;
  editProduct: (loaded: EditableTool, changes: ToolChanges) => Promise<void>;
} {
  const queryClient = useQueryClient();
  const options = managedProductsQuery();
  const list = usePagedList<Tool>(options);
  const key = options.queryKey;

  // PATCH /manage/{id} (CONTRACT §7, §13) with the ETag the form loaded: a product that changed
  // since answers 412 and nothing is written. Errors come back to the form quietly.
  const edit = useMutation({
    mutationFn: ({ loaded, changes }: { loaded: EditableTool; changes: ToolChanges }) =>
      apiFetchTagged<Tool>(API.editTool(loaded.tool._id), { method: 'PATCH', auth: true, body: changes, ifMatch: loaded.etag, quiet: true }),
    onSuccess: ({ body: saved }) => {
      // The form's read is spent: opening the form again reads the tool again.
      queryClient.removeQueries({ queryKey: queryKeys.toolEdit(saved._id) });
      updatePagedItem<Tool>(queryClient, key, (t) => t._id === saved._id, saved);
      void invalidateOthers(queryClient, queryKeys.tools.all, key);
    },
  });
  const remover = useMutation({
    mutationFn: (tool: Tool) => apiFetch<DeletedCountResponse>(API.deleteTool(tool._id), { method: 'DELETE', auth: true }),
    onSuccess: (_answer, tool) => {
      removePagedItem<Tool>(queryClient, key, (t) => t._id === tool._id);
      void invalidateOthers(queryClient, queryKeys.tools.all, key);
    },
  });
  return {
    ...list,
    deleteProduct: async (tool) => void (await remover.mutateAsync(tool)),
    editProduct: async (loaded, changes) => void (await edit.mutateAsync({ loaded, changes })),
  };
}

/**
 * The tool as it is now, with its ETag, for the product form (CONTRACT §13): read signed in
 * (the API answers private, no-store, never a CDN copy) and past the browser's cache, once per
 * opening. It never refreshes on its own: the values on the form and the tag it saves with must
 * come from one read. `refetch` reads again (after a 412).
 */
export function useEditableTool(id: string): UseQueryResult<EditableTool> {
  return useQuery({
    queryKey: queryKeys.toolEdit(id),
    queryFn: async ({ signal }) => {
      const { body, etag } = await apiFetchTagged<ToolDetail>(API.tool(id), { auth: true, fresh: true, signal, quiet: true });
      if (!etag) throw new Error('The shop did not say which version of this product it sent. Please try again.');
      return { tool: body, etag };
    },
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

/** POST /addItem (admin). The form's text goes up as typed; the server parses it with the same schema. Every view of the catalogue reads again. */
export function useAddProduct(): (input: ToolInputForm) => Promise<Tool> {
  const queryClient = useQueryClient();
  const add = useMutation({
    mutationFn: (input: ToolInputForm) => apiFetch<Tool>(API.addTool, { method: 'POST', auth: true, body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.tools.all }),
  });
  return add.mutateAsync;
}
