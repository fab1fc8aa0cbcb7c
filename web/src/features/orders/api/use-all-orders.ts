import { useCallback } from 'react';
import { API } from '@fridgeparts/common/api-paths';
import type { Booking } from '@fridgeparts/common/booking';
import { apiFetch } from '../../../lib/api-client';
import { usePagedList, type PagedList } from '../../../lib/use-paged-list';

export const ALL_ORDERS_PAGE_SIZE = 20;

/** Every booking for the admin (GET /bookingOrder), with ship and delete. */
export function useAllOrders(): PagedList<Booking> & {
  markShipped: (booking: Booking) => Promise<void>;
  deleteOrder: (booking: Booking) => Promise<void>;
} {
  const list = usePagedList<Booking>(API.allOrders, ALL_ORDERS_PAGE_SIZE, { auth: true });
  const { remove, update } = list;

  const markShipped = useCallback(
    async (booking: Booking) => {
      await apiFetch<unknown>(API.markShipped(booking._id), { method: 'PATCH', auth: true, body: { status: 'shipped' } });
      update((b) => b._id === booking._id, { status: 'shipped' });
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

  return { ...list, markShipped, deleteOrder };
}
