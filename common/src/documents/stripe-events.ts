import type { StoredTime } from './time';

/** stripeEvents/{eventId}: a processed webhook event, written with the order update it caused (deduplication, CONTRACT §5). */
export interface StripeEventDoc<Time extends StoredTime = StoredTime> {
  type: string;
  bookingId: string | null;
  processedAt: Time;
}
