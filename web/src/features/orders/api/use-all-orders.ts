import { useCallback } from 'react';
import { API, type OrderFilterParams } from '@fridgeparts/common/api-paths';
import type { Booking } from '@fridgeparts/common/booking';
import { apiFetch } from '../../../lib/api-client';
import { usePagedList, type PagedList } from '../../../lib/use-paged-list';

export const ALL_ORDERS_PAGE_SIZE = 20;

/** Every booking for the admin (GET /bookingOrder, filtered by state and date), with ship, refund and delete. */
export function useAllOrders(filter: OrderFilterParams = {}): PagedList<Booking> & {
  markShipped: (booking: Booking) => Promise<void>;
  refund: (booking: Booking) => Promise<void>;
  deleteOrder: (booking: Booking) => Promise<void>;
} {
  const list = usePagedList<Booking>(API.filteredOrders(filter), ALL_ORDERS_PAGE_SIZE, { auth: true });
  const { remove, update } = list;

  const markShipped = useCallback(
    async (booking: Booking) => {
      await apiFetch<unknown>(API.markShipped(booking._id), { method: 'PATCH', auth: true, body: { status: 'shipped' } });
      update((b) => b._id === booking._id, { status: 'shipped', state: 'shipped' });
    },
    [update],
  );

  // A full refund through the provider (CONTRACT §5); the server answers 409 for unpaid or shipped orders.
  const refund = useCallback(
    async (booking: Booking) => {
      const answer = await apiFetch<Booking | undefined>(API.refundOrder(booking._id), { method: 'POST', auth: true });
      update((b) => b._id === booking._id, answer && answer._id === booking._id ? answer : { state: 'refunded' });
    },
    [update],
  );

  const deleteOrder = useCallback(
    async (booking: Booking) => {
      await apiFetch<unknown>(API.deleteOrder(booking._id), { method: 'DELETE', auth: true });
      remove((b) => b._id === booking._id);
    },
    [remove],
  );

  return { ...list, markShipped, refund, deleteOrder };
}
