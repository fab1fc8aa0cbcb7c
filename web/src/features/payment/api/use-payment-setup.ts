import { useCallback } from 'react';
import { API } from '@fridgeparts/common/api-paths';
import type { Booking } from '@fridgeparts/common/booking';
import type { PaymentIntentResponse } from '@fridgeparts/common/payment.answers';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiFetch } from '../../../lib/infra/api-client';
import { invalidateOthers } from '../../../lib/infra/query-client';
import { queryKeys } from '../../../lib/infra/query-keys';

export interface PaymentSetup {
  booking: Booking | undefined;
  /** Loading the booking. */
  loading: boolean;
  /** The booking could not be read (404/403: not found or not the caller's). */
  bookingError: ApiError | Error | undefined;
  /** Present once the PaymentIntent exists; Pay waits for it. */
  clientSecret: string | undefined;
  /** Creating the PaymentIntent failed (409: paid, cancelled or expired meanwhile). */
  intentError: ApiError | Error | undefined;
  /** Reads the booking (and asks for the intent) again after a failure. */
  retry: () => void;
}

/** GET /mybooking/{id}: the caller's booking as it is now (paid elsewhere, expired), never as cached. */
export const bookingQuery = (bookingId: string) =>
  queryOptions({
    queryKey: queryKeys.orders.one(bookingId),
    queryFn: ({ signal }) => apiFetch<Booking>(API.myBooking(bookingId), { auth: true, quiet: true, signal }),
    enabled: Boolean(bookingId),
    staleTime: 0,
  });

/**
 * POST /create-payment-intent: the booking's PaymentIntent, asked for once per visit (again only
 * on Retry) and forgotten when the page goes. The server keeps one per booking.
 */
export const paymentIntentQuery = (bookingId: string) =>
  queryOptions({
    queryKey: queryKeys.paymentIntent(bookingId),
    queryFn: ({ signal }) => apiFetch<PaymentIntentResponse>(API.createPaymentIntent, { method: 'POST', auth: true, quiet: true, signal, body: { bookingId } }),
    staleTime: Infinity,
    gcTime: 0,
  });

/**
 * What the Payment page needs: the caller's booking (GET /mybooking/{id}) and, while it can be
 * paid, its PaymentIntent's client secret (POST /create-payment-intent), created on page load so
 * Pay is ready as soon as the card field is. The server reuses one PaymentIntent per booking, so
 * a reload never creates a second charge. Errors are shown by the page, not toasted.
 */
export function usePaymentSetup(bookingId: string | undefined): PaymentSetup {
  const booking = useQuery(bookingQuery(bookingId ?? ''));
  const payable = Boolean(booking.data && booking.data._id === bookingId && booking.data.state === 'reserved');
  const intent = useQuery({ ...paymentIntentQuery(bookingId ?? ''), enabled: payable });
  const { refetch: refetchBooking } = booking;
  const { refetch: refetchIntent } = intent;
  const retry = useCallback(() => {
    void refetchBooking();
    if (payable) void refetchIntent();
  }, [refetchBooking, refetchIntent, payable]);

  return {
    booking: booking.data,
    loading: Boolean(bookingId) && booking.isPending,
    bookingError: booking.error ?? undefined,
    clientSecret: payable ? intent.data?.clientSecret : undefined,
    intentError: payable ? (intent.error ?? undefined) : undefined,
    retry,
  };
}

/**
 * Records the provider-confirmed payment (PATCH /cardBooking/{id}). The server checks the
 * PaymentIntent with the provider itself; quiet, because the page explains a failure here.
 */
export function useRecordPayment(): (bookingId: string, transactionId: string) => Promise<Booking> {
  const queryClient = useQueryClient();
  const record = useMutation({
    mutationFn: ({ bookingId, transactionId }: { bookingId: string; transactionId: string }) =>
      apiFetch<Booking>(API.recordPayment(bookingId), { method: 'PATCH', auth: true, quiet: true, body: { transactionId } }),
    // The other views of orders read again; this page's own booking does not, so it keeps the
    // receipt on screen instead of turning into "already paid" (it reads again on the next visit).
    onSuccess: (_paid, { bookingId }) => invalidateOthers(queryClient, queryKeys.orders.all, queryKeys.orders.one(bookingId)),
  });
  return (bookingId, transactionId) => record.mutateAsync({ bookingId, transactionId });
}
