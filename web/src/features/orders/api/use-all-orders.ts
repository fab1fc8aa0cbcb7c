import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API, type OrderFilterParams } from '@fridgeparts/common/api-paths';
import type { Booking } from '@fridgeparts/common/booking';
import { apiFetch } from '../../../lib/infra/api-client';
import { pagedQueryOptions, removePagedItem, updatePagedItem, usePagedList, type PagedList } from '../../../lib/infra/paged-query';
import { invalidateOthers } from '../../../lib/infra/query-client';
import { queryKeys } from '../../../lib/infra/query-keys';
import { afterChange, requestRefund, requestShipped, requestVoidInvoice } from './order-actions';

export const ALL_ORDERS_PAGE_SIZE = 20;

/** GET /bookingOrder (admin): every booking, filtered by state and date, newest first. */
export const allOrdersQuery = (filter: OrderFilterParams) =>
  pagedQueryOptions<Booking>(queryKeys.orders.everyone(filter), API.filteredOrders(filter), ALL_ORDERS_PAGE_SIZE, { auth: true });

/**
 * Manage All Orders: the list, with ship, refund and delete. A change shows on its row where it
 * is (the table keeps its pages); every other view of the orders (other filters, the customer's
 * My Orders, a payment page) reads again, and the catalogue too when stock came back.
 */
export function useAllOrders(filter: OrderFilterParams = {}): PagedList<Booking> & {
  markShipped: (booking: Booking) => Promise<void>;
  refund: (booking: Booking) => Promise<void>;
  deleteOrder: (booking: Booking) => Promise<void>;
  voidInvoice: (booking: Booking) => Promise<void>;
} {
  const queryClient = useQueryClient();
  const options = allOrdersQuery(filter);
  const list = usePagedList<Booking>(options);
  const key = options.queryKey;
  const othersChanged = (stockBack: boolean) => {
    void invalidateOthers(queryClient, queryKeys.orders.all, key);
    if (stockBack) void queryClient.invalidateQueries({ queryKey: queryKeys.tools.all });
  };

  const ship = useMutation({
    mutationFn: requestShipped,
    onSuccess: (answer, booking) => {
      // Only what shipping changed: the row's quantities are the tool's stock now, which the answer does not carry.
      const events = answer && answer._id === booking._id ? { events: answer.events } : {};
      updatePagedItem<Booking>(queryClient, key, (b) => b._id === booking._id, { status: 'shipped', state: 'shipped', ...events });
      othersChanged(false);
    },
  });

  const refunder = useMutation({
    mutationFn: requestRefund,
    onSuccess: (answer, booking) => {
      updatePagedItem<Booking>(queryClient, key, (b) => b._id === booking._id, afterChange(answer, booking, { state: 'refunded' }));
      othersChanged(true);
    },
  });

  // The row takes the released order as answered (state, invoice status, timeline); its stock came back.
  const voider = useMutation({
    mutationFn: requestVoidInvoice,
    onSuccess: (answer, booking) => {
      updatePagedItem<Booking>(queryClient, key, (b) => b._id === booking._id, afterChange(answer, booking, { state: 'expired' }));
      othersChanged(true);
    },
  });

  const remover = useMutation({
    mutationFn: (booking: Booking) => apiFetch<unknown>(API.deleteOrder(booking._id), { method: 'DELETE', auth: true }),
    onSuccess: (_answer, booking) => {
      removePagedItem<Booking>(queryClient, key, (b) => b._id === booking._id);
      othersChanged(true);
    },
  });

  return {
    ...list,
    markShipped: async (booking) => void (await ship.mutateAsync(booking)),
    refund: async (booking) => void (await refunder.mutateAsync(booking)),
    deleteOrder: async (booking) => void (await remover.mutateAsync(booking)),
    voidInvoice: async (booking) => void (await voider.mutateAsync(booking)),
  };
}
