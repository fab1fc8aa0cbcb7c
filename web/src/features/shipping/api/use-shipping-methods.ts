import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { API } from '@fridgeparts/common/api-paths';
import type { ShippingMethod, ShippingMethodList } from '@fridgeparts/common/shipping/methods.answers';
import type { ShippingMethodInput } from '@fridgeparts/common/shipping/methods.schema';
import type { DeletedCountResponse } from '@fridgeparts/common/responses';
import { ApiError, apiFetch } from '../../../lib/infra/api-client';

/**
 * The shop's shipping methods (GET /shipping/methods, admin). The key lives here rather than in
 * lib/query-keys.ts: nothing outside this feature reads or changes the admin's list (a buyer's
 * options come from GET /shipping/options), and the buyer-side shipping work adds its own keys there.
 */
export const shippingMethodsKey = ['shipping', 'methods'] as const;

/**
 * Every method (at most 50, one answer). Read past the browser's cache, because the form saves
 * with the version it shows. Quiet: the table shows the failure with Try again.
 */
export function useShippingMethods() {
  return useQuery({
    queryKey: shippingMethodsKey,
    queryFn: ({ signal }) => apiFetch<ShippingMethodList>(API.shippingMethods, { auth: true, fresh: true, quiet: true, signal }),
  });
}

/** The list with `method` as the server now has it (replaced, or added in id order as the API lists them). */
export function withMethod(list: ShippingMethodList | undefined, method: ShippingMethod): ShippingMethodList | undefined {
  if (!list) return list;
  const others = list.methods.filter((m) => m.id !== method.id);
  return { methods: [...others, method].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)) };
}

const settle = (queryClient: QueryClient, method: ShippingMethod) =>
  queryClient.setQueryData<ShippingMethodList>(shippingMethodsKey, (list) => withMethod(list, method));

/** The method a 412 carries (the API answers the method as it now is, nothing written). */
export function movedMethodOf(err: unknown): ShippingMethod | undefined {
  return err instanceof ApiError && err.status === 412 ? (err.details.method as ShippingMethod | undefined) : undefined;
}

/**
 * After a refused write: a 412's method is the current one, which the table shows at once; a 404
 * (someone else deleted it) reads the list again.
 */
function settleFailure(queryClient: QueryClient, err: unknown): void {
  const current = movedMethodOf(err);
  if (current) settle(queryClient, current);
  else if (err instanceof ApiError && err.status === 404) void queryClient.invalidateQueries({ queryKey: shippingMethodsKey });
}

/**
 * PUT /shipping/methods/{id}: a new method without If-Match, an edit with the version the form was
 * filled from, so an edit another admin saved meanwhile is refused (412), never overwritten. Quiet:
 * the form places field messages at their fields, explains a 412, and toasts anything else itself.
 */
export function useSaveShippingMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body, version }: { id: string; body: ShippingMethodInput; version: string | null }) =>
      apiFetch<ShippingMethod>(API.shippingMethod(id), { method: 'PUT', auth: true, body, quiet: true, ...(version === null ? {} : { ifMatch: version }) }),
    onSuccess: (method) => settle(queryClient, method),
    onError: (err) => settleFailure(queryClient, err),
  });
}

/**
 * DELETE /shipping/methods/{id} with the version the table shows: a method changed since is not
 * removed (412), and the table then shows it as it is now; the API client has toasted why.
 */
export function useDeleteShippingMethod() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (method: ShippingMethod) =>
      apiFetch<DeletedCountResponse>(API.shippingMethod(method.id), { method: 'DELETE', auth: true, ifMatch: method.version }),
    onSuccess: (_answer, method) =>
      queryClient.setQueryData<ShippingMethodList>(shippingMethodsKey, (list) => list && { methods: list.methods.filter((m) => m.id !== method.id) }),
    onError: (err) => settleFailure(queryClient, err),
  });
}
