import { useCallback } from 'react';
import { API } from '@fridgeparts/common/api-paths';
import type { Booking, BookingState } from '@fridgeparts/common/booking';
import { ApiError, apiFetch } from '../../../lib/api-client';
import { useAsync } from '../../../lib/use-async';

/**
 * The booking's state (CONTRACT §5, §7). The server always sends it; answers written before it
 * existed are read from the SPEC §3 fields, as the server derives them.
 */
export function stateOf(booking: Booking): BookingState {
  if (booking.state) return booking.state;
  if (booking.status === 'shipped') return 'shipped';
  if (booking.paid || booking.transactionId) return 'paid';
  return 'reserved';
}

export interface PaymentIntentAnswer {
  clientSecret: string;
  amount?: number;
  currency?: string;
}

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
  reload: () => void;
}

/**
 * What the Payment page needs: the caller's booking (GET /mybooking/{id}) and, while it can be
 * paid, its PaymentIntent's client secret (POST /create-payment-intent), created on page load so
 * Pay is ready as soon as the card field is. The server reuses one PaymentIntent per booking, so
 * a reload never creates a second charge. Errors are shown by the page, not toasted.
 */
export function usePaymentSetup(bookingId: string | undefined): PaymentSetup {
  const booking = useAsync<Booking>(bookingId ?? null, (signal) =>
    apiFetch<Booking>(API.myBooking(bookingId!), { auth: true, quiet: true, signal }),
  );
  const payable = booking.data && booking.data._id === bookingId && stateOf(booking.data) === 'reserved';
  const intent = useAsync<PaymentIntentAnswer>(payable ? bookingId! : null, (signal) =>
    apiFetch<PaymentIntentAnswer>(API.createPaymentIntent, { method: 'POST', auth: true, quiet: true, signal, body: { bookingId } }),
  );
  const { reload: reloadBooking } = booking;
  const { reload: reloadIntent } = intent;
  const reload = useCallback(() => {
    reloadBooking();
    reloadIntent();
  }, [reloadBooking, reloadIntent]);

  return {
    booking: booking.data,
    loading: booking.loading,
    bookingError: booking.error,
    clientSecret: payable ? intent.data?.clientSecret : undefined,
    intentError: payable ? intent.error : undefined,
    reload,
  };
}

/**
 * Records the provider-confirmed payment (PATCH /cardBooking/{id}). The server checks the
 * PaymentIntent with the provider itself; quiet, because the page explains a failure here.
 */
export function recordPayment(bookingId: string, transactionId: string): Promise<Booking> {
  return apiFetch<Booking>(API.recordPayment(bookingId), { method: 'PATCH', auth: true, quiet: true, body: { transactionId } });
}
