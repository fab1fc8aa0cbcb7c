import { useCallback } from 'react';
import { API } from '@fridgeparts/common/api-paths';
import type { DeletedCountResponse } from '@fridgeparts/common/responses';
import type { Tool, ToolEditForm, ToolInputForm } from '@fridgeparts/common/tool';
import { apiFetch } from '../../../lib/api-client';
import { usePagedList, type PagedList } from '../../../lib/use-paged-list';

export const PRODUCTS_PAGE_SIZE = 20;

/** The catalogue for Manage All Products, newest first so a product just added is on top. */
export function useManagedProducts(): PagedList<Tool> & { deleteProduct: (tool: Tool) => Promise<void>; editProduct: (tool: Tool, values: ToolEditForm) => Promise<void> } {
  const list = usePagedList<Tool>(`${API.tools}?sort=newest`, PRODUCTS_PAGE_SIZE, { auth: true });
  const { remove, update } = list;
  // PATCH /manage/{id} (CONTRACT §7); field errors come back to the dialog quietly.
  const editProduct = useCallback(
    async (tool: Tool, values: ToolEditForm) => {
      const saved = await apiFetch<Tool>(API.editTool(tool._id), { method: 'PATCH', auth: true, body: values, quiet: true });
      update((t) => t._id === tool._id, saved);
    },
    [update],
  );
  const deleteProduct = useCallback(
    async (tool: Tool) => {
      await apiFetch<DeletedCountResponse>(API.deleteTool(tool._id), { method: 'DELETE', auth: true });
      remove((t) => t._id === tool._id);
    },
    [remove],
  );
  return { ...list, deleteProduct, editProduct };
}

/** POST /addItem (admin). The form's text goes up as typed; the server parses it with the same schema. */
export function useAddProduct(): (input: ToolInputForm) => Promise<Tool> {
  return useCallback((input: ToolInputForm) => apiFetch<Tool>(API.addTool, { method: 'POST', auth: true, body: input }), []);
}
