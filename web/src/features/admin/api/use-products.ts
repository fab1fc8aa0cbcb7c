import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API } from '@fridgeparts/common/api-paths';
import type { DeletedCountResponse } from '@fridgeparts/common/responses';
import type { Tool, ToolEditForm, ToolInputForm } from '@fridgeparts/common/tool';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { usePagedList, type PagedList } from '../../../lib/use-paged-list';

export const PRODUCTS_PAGE_SIZE = 20;

/** The catalogue for Manage All Products, newest first so a product just added is on top. */
export function useManagedProducts(): PagedList<Tool> & { deleteProduct: (tool: Tool) => Promise<void>; editProduct: (tool: Tool, values: ToolEditForm) => Promise<void> } {
  const queryClient = useQueryClient();
  const list = usePagedList<Tool>(queryKeys.tools.managed(), `${API.tools}?sort=newest`, PRODUCTS_PAGE_SIZE, { auth: true });
  const { remove, update } = list;
  // Every other view of the catalogue (home, catalogue, tool pages) reads again.
  const refreshOtherViews = () => queryClient.invalidateQueries({ queryKey: queryKeys.tools.all, predicate: (q) => q.queryKey[1] !== 'managed' });

  // PATCH /manage/{id} (CONTRACT §7); field errors come back to the dialog quietly.
  const edit = useMutation({
    mutationFn: ({ tool, values }: { tool: Tool; values: ToolEditForm }) => apiFetch<Tool>(API.editTool(tool._id), { method: 'PATCH', auth: true, body: values, quiet: true }),
    onSuccess: (saved, { tool }) => {
      update((t) => t._id === tool._id, saved);
      void refreshOtherViews();
    },
  });
  const remover = useMutation({
    mutationFn: (tool: Tool) => apiFetch<DeletedCountResponse>(API.deleteTool(tool._id), { method: 'DELETE', auth: true }),
    onSuccess: (_answer, tool) => {
      remove((t) => t._id === tool._id);
      void refreshOtherViews();
    },
  });
  return {
    ...list,
    deleteProduct: async (tool) => void (await remover.mutateAsync(tool)),
    editProduct: async (tool, values) => void (await edit.mutateAsync({ tool, values })),
  };
}

/** POST /addItem (admin). The form's text goes up as typed; the server parses it with the same schema. */
export function useAddProduct(): (input: ToolInputForm) => Promise<Tool> {
  const queryClient = useQueryClient();
  const add = useMutation({
    mutationFn: (input: ToolInputForm) => apiFetch<Tool>(API.addTool, { method: 'POST', auth: true, body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.tools.all }),
  });
  return add.mutateAsync;
}
