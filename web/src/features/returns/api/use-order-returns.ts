import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/infra/api-client';
import { queryKeys } from '../../../lib/infra/query-keys';
import { API } from '@fridgeparts/common/api-paths';
import type { BookingReturns, Return } from '@fridgeparts/common/returns/returns.answers';
import type { ReturnRequest } from '@fridgeparts/common/returns/returns.schema';

/**
 * GET /booking/{id}/returns (CONTRACT §16: the order's buyer, a company admin of its company, or
 * the shop admin): the order's returns and what is still returnable, each reason with the last day
 * of its window. Quiet: the order page says itself when it could not be read.
 */
export const orderReturnsQuery = (bookingId: string) =>
  queryOptions({
    queryKey: queryKeys.returns.ofOrder(bookingId),
    queryFn: ({ signal }) => apiFetch<BookingReturns>(API.bookingReturns(bookingId), { auth: true, quiet: true, signal }),
  });

/** The order page's returns; `enabled` false asks nothing (an order with nothing shipped has nothing to return). */
export function useOrderReturns(bookingId: string, enabled = true) {
  return useQuery({ ...orderReturnsQuery(bookingId), enabled: enabled && Boolean(bookingId) });
}

/**
 * POST /booking/{id}/returns with the dialog's own Idempotency-Key, so a double click or a retry
 * after a lost answer makes one return. Afterwards the order's returns, its lines' open quantities
 * and the admin's lists are read again.
 */
export function useRequestReturn(bookingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: ReturnRequest; key: string }) =>
      apiFetch<Return>(API.bookingReturns(bookingId), { method: 'POST', auth: true, body, headers: { 'Idempotency-Key': key } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.returns.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.orders.one(bookingId) });
    },
  });
}
