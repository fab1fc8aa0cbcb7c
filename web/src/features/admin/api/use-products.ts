import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API } from '@fridgeparts/common/api-paths';
import type { DeletedCountResponse } from '@fridgeparts/common/responses';
import type { Tool, ToolEditForm, ToolInputForm } from '@fridgeparts/common/tool';
import { apiFetch } from '../../../lib/api-client';
import { pagedQueryOptions, removePagedItem, updatePagedItem, usePagedList, type PagedList } from '../../../lib/paged-query';
import { invalidateOthers } from '../../../lib/query-client';
import { queryKeys } from '../../../lib/query-keys';

export const PRODUCTS_PAGE_SIZE = 20;

/** The catalogue for Manage All Products, newest first so a product just added is on top. */
export const managedProductsQuery = () => pagedQueryOptions<Tool>(queryKeys.tools.managed(), `${API.tools}?sort=newest`, PRODUCTS_PAGE_SIZE, { auth: true });

/**
 * Manage All Products: the list, with edit and delete. A change shows on its row where it is;
 * every other view of the catalogue (home, catalogue, tool pages) reads again.
 */
export function useManagedProducts(): PagedList<Tool> & { deleteProduct: (tool: Tool) => Promise<void>; editProduct: (tool: Tool, values: ToolEditForm) => Promise<void> } {
  const queryClient = useQueryClient();
  const options = managedProductsQuery();
  const list = usePagedList<Tool>(options);
  const key = options.queryKey;

  // PATCH /manage/{id} (CONTRACT §7); field errors come back to the dialog quietly.
  const edit = useMutation({
    mutationFn: ({ tool, values }: { tool: Tool; values: ToolEditForm }) => apiFetch<Tool>(API.editTool(tool._id), { method: 'PATCH', auth: true, body: values, quiet: true }),
    onSuccess: (saved, { tool }) => {
      updatePagedItem<Tool>(queryClient, key, (t) => t._id === tool._id, saved);
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
    editProduct: async (tool, values) => void (await edit.mutateAsync({ tool, values })),
  };
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
