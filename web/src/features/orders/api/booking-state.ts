import type { Booking, BookingState } from '@fridgeparts/common/booking';

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
