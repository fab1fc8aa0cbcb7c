import type { Booking } from '@fridgeparts/common/booking';

/** A booking's lifecycle (CONTRACT §7): reserved -> paid -> shipped, or paid -> refunded, or reserved -> expired. */
export type BookingState = 'reserved' | 'paid' | 'shipped' | 'refunded' | 'expired';

/** A booking as read, with its state (answers from before the state existed may lack it). */
export type OrderBooking = Booking & { state?: BookingState };

/** The booking's state, derived from the SPEC §3 fields when the answer carries none. */
export function stateOf(booking: OrderBooking): BookingState {
  if (booking.state) return booking.state;
  if (booking.status === 'shipped') return 'shipped';
  if (booking.paid || booking.transactionId) return 'paid';
  return 'reserved';
}
