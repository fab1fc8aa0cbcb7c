import type { StoredTime } from './time';

/**
 * backorders/{bookingId}_{lineIndex}: one open backorder, the tool's queue (CONTRACT §14, decision
 * 0080). Written with the order (placing), shrunk or removed when stock arrives (PATCH /manage
 * addStock, oldest `placedAt` first) and removed when the order gives its stock back (cancel,
 * expiry, decline, void, refund). Server only.
 */
export interface BackorderDoc<Time extends StoredTime = StoredTime> {
  toolId: string;
  bookingId: string;
  /** The line's index in the order's `lines`. */
  lineIndex: number;
  /** The order's `createdAt`: the queue's order. */
  placedAt: Time;
  /** Still waiting for stock: the line's `backorderedQuantity`. */
  quantity: number;
}

/** The queue entry's id of an order's line (fixed, so a retried transaction writes the same document). */
export const backorderIdOf = (bookingId: string, lineIndex: number): string => `${bookingId}_${lineIndex}`;
