import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API } from '@fridgeparts/common/api-paths';
import type { Booking } from '@fridgeparts/common/booking';
import { apiFetch } from '../../../lib/infra/api-client';
import { pagedQueryOptions, removePagedItem, usePagedList, type PagedList } from '../../../lib/infra/paged-query';
import { invalidateOthers } from '../../../lib/infra/query-client';
import { queryKeys } from '../../../lib/infra/query-keys';
import { useSession } from '../../../lib/infra/session';

export const MY_BOOKINGS_PAGE_SIZE = 10;

/**
 * GET /booking?email=: the customer's bookings, newest first. A 401 or 403 here ends the session
 * and goes home (SPEC §4, §8): the API client does it on `signOutOn403`.
 */
export const myBookingsQuery = (email: string) =>
  pagedQueryOptions<Booking>(queryKeys.orders.mine(email), API.myBookings(email), MY_BOOKINGS_PAGE_SIZE, { auth: true, signOutOn403: true });

/** My Orders: the signed-in customer's bookings page by page, with cancel. */
export function useMyBookings(): PagedList<Booking> & { cancel: (booking: Booking) => Promise<void> } {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const email = user?.email ?? '';
  const options = myBookingsQuery(email);
  const list = usePagedList<Booking>(options, Boolean(email));
  const key = options.queryKey;

  const canceller = useMutation({
    mutationFn: (booking: Booking) => {
      if (!email) throw new Error('No user is signed in.');
      return apiFetch<unknown>(API.cancelBooking(email, booking._id), { method: 'DELETE', auth: true });
    },
    onSuccess: (_answer, booking) => {
      // Gone from this table where it stood; the other views of orders (the last booking the
      // booking form starts from, an admin's lists) read again, and the reserved stock is back.
      removePagedItem<Booking>(queryClient, key, (b) => b._id === booking._id);
      void invalidateOthers(queryClient, queryKeys.orders.all, key);
      void queryClient.invalidateQueries({ queryKey: queryKeys.tools.all });
    },
  });

  return { ...list, cancel: async (booking) => void (await canceller.mutateAsync(booking)) };
}
