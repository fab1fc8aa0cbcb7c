import { queryOptions, useQuery } from '@tanstack/react-query';
import { API } from '@fridgeparts/common/api-paths';
import type { Booking } from '@fridgeparts/common/booking';
import { apiFetch } from '../infra/api-client';
import { queryKeys } from '../infra/query-keys';
import { useSession } from '../infra/session';

/** GET /booking?email=&limit=: the customer's latest `limit` bookings, one list (not paged). */
export const recentBookingsQuery = (email: string, limit: number) =>
  queryOptions({
    queryKey: queryKeys.orders.recent(email, limit),
    queryFn: ({ signal }) => apiFetch<Booking[]>(`${API.myBookings(email)}&limit=${limit}`, { auth: true, quiet: true, signal }),
  });

/**
 * The signed-in customer's latest `limit` bookings, newest first (GET /booking?email=&limit=):
 * the booking modal prefills contact details from the last one and the review form lists the
 * tools bought. Shared (lib/) because both features read it; quiet, because both only enrich a
 * form. `enabled` false waits.
 */
export function useRecentBookings(limit: number, enabled = true): Booking[] | undefined {
  const { user } = useSession();
  const email = user?.email ?? '';
  const query = useQuery({ ...recentBookingsQuery(email, limit), enabled: enabled && Boolean(email) });
  return query.data;
}
