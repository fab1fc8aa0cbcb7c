import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API, type OrderFilterParams } from '@fridgeparts/common/api-paths';
import type { Booking } from '@fridgeparts/common/booking';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { usePagedList, type PagedList } from '../../../lib/use-paged-list';

export const ALL_ORDERS_PAGE_SIZE = 20;

/** Every booking for the admin (GET /bookingOrder, filtered by state and date), with ship, refund and delete. */
export function useAllOrders(filter: OrderFilterParams = {}): PagedList<Booking> & {
  markShipped: (booking: Booking) => Promise<void>;
  refund: (booking: Booking) => Promise<void>;
  deleteOrder: (booking: Booking) => Promise<void>;
} {
  const queryClient = useQueryClient();
  const list = usePagedList<Booking>(queryKeys.orders.everyone(filter), API.filteredOrders(filter), ALL_ORDERS_PAGE_SIZE, { auth: true });
  const { remove, update } = list;
  // Stock comes back on a refund or delete: the catalogue's views read again.
  const stockChanged = () => queryClient.invalidateQueries({ queryKey: queryKeys.tools.all });

  const ship = useMutation({
    mutationFn: (booking: Booking) => apiFetch<unknown>(API.markShipped(booking._id), { method: 'PATCH', auth: true, body: { status: 'shipped' } }),
    onSuccess: (_answer, booking) => update((b) => b._id === booking._id, { status: 'shipped', state: 'shipped' }),
  });

  // A full refund through the provider (CONTRACT §5); the server answers 409 for unpaid or shipped orders.
  const refunder = useMutation({
    mutationFn: (booking: Booking) => apiFetch<Booking | undefined>(API.refundOrder(booking._id), { method: 'POST', auth: true }),
    onSuccess: (answer, booking) => {
      update((b) => b._id === booking._id, answer && answer._id === booking._id ? answer : { state: 'refunded' });
      void stockChanged();
    },
  });

  const remover = useMutation({
    mutationFn: (booking: Booking) => apiFetch<unknown>(API.deleteOrder(booking._id), { method: 'DELETE', auth: true }),
    onSuccess: (_answer, booking) => {
      remove((b) => b._id === booking._id);
      void stockChanged();
    },
  });

  return {
    ...list,
    markShipped: async (booking) => void (await ship.mutateAsync(booking)),
    refund: async (booking) => void (await refunder.mutateAsync(booking)),
    deleteOrder: async (booking) => void (await remover.mutateAsync(booking)),
  };
}
