import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API } from '@fridgeparts/common/api-paths';
import type { Booking } from '@fridgeparts/common/booking';
import { apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session';
import { usePagedList, type PagedList } from '../../../lib/use-paged-list';

export const MY_BOOKINGS_PAGE_SIZE = 10;

/**
 * The signed-in customer's bookings (GET /booking?email=), page by page. A 401 or 403 here ends
 * the session and goes home (SPEC §4, §8): the API client does it on `signOutOn403`.
 */
export function useMyBookings(): PagedList<Booking> & { cancel: (booking: Booking) => Promise<void> } {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const email = user?.email ?? '';
  const list = usePagedList<Booking>(queryKeys.orders.mine(email), user ? API.myBookings(user.email) : null, MY_BOOKINGS_PAGE_SIZE, { auth: true, signOutOn403: true });
  const { remove } = list;

  const canceller = useMutation({
    mutationFn: (booking: Booking) => {
      if (!email) throw new Error('No user is signed in.');
      return apiFetch<unknown>(API.cancelBooking(email, booking._id), { method: 'DELETE', auth: true });
    },
    onSuccess: (_answer, booking) => {
      remove((b) => b._id === booking._id);
      // The reserved stock is back in the catalogue.
      void queryClient.invalidateQueries({ queryKey: queryKeys.tools.all });
    },
  });

  return { ...list, cancel: async (booking) => void (await canceller.mutateAsync(booking)) };
}
