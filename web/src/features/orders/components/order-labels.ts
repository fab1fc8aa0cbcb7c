import type { ApprovalDecision, Booking, BookingEventType } from '@fridgeparts/common/booking';
import { countOf } from '../../../lib/domain/plural';

// What each state is called and how it looks: common/order-state-view.ts stateView (one map).

/**
 * What each timeline event is called (CONTRACT §8: booked, paid, shipped, refunded, released), and
 * a company admin's decision on an order over the buyer's limit (decision 0056).
 */
export const EVENT_LABELS: Record<BookingEventType | ApprovalDecision, string> = {
  booked: 'Booked',
  paid: 'Paid',
  shipped: 'Shipped',
  refunded: 'Refunded',
  expired: 'Reservation released',
  approved: 'Approved',
  declined: 'Declined',
};

/** Units ordered over every line. */
export function totalQuantity(booking: Pick<Booking, 'lines'>): number {
  return booking.lines.reduce((sum, l) => sum + l.quantity, 0);
}

/** "Door Gasket + 2 more lines": the first item and how many lines follow it. */
export function itemsSummary(booking: Pick<Booking, 'name' | 'lineCount'>): string {
  const more = booking.lineCount - 1;
  if (more <= 0) return booking.name;
  return `${booking.name} + ${countOf(more, 'more line', 'more lines')}`;
}
