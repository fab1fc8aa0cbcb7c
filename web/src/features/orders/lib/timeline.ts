import type { ApprovalDecision, Booking, BookingEventType } from '@fridgeparts/common/booking';

/** One line of the order page's timeline: the server's events, and a company admin's decision. */
export interface TimelineEntry {
  type: BookingEventType | ApprovalDecision;
  /** ISO time, or null when it was not recorded. */
  at: string | null;
  /** Who decided, for a decision. */
  by?: string;
}

/**
 * The order's timeline, oldest first: the server's events (CONTRACT §8) and, for an order a company
 * admin approved or declined (decision 0056), the decision at its time, which the server's events
 * do not carry (0061 "left open"); the order page reads it from `approval`. It goes before the first
 * event recorded after it (an event without a time keeps its place after the one before it); one
 * without a time follows the booking. Were the server to list the decision itself, it is not added.
 */
export function timelineOf(order: Pick<Booking, 'events' | 'approval'>): TimelineEntry[] {
  const entries: TimelineEntry[] = order.events.map((e) => ({ type: e.type, at: e.at }));
  const approval = order.approval;
  if (!approval?.decision || entries.some((e) => e.type === approval.decision)) return entries;
  const decided: TimelineEntry = { type: approval.decision, at: approval.decidedAt, ...(approval.decidedBy ? { by: approval.decidedBy.email } : {}) };
  const at = approval.decidedAt ? Date.parse(approval.decidedAt) : NaN;
  const later = Number.isFinite(at) ? entries.findIndex((e) => e.at !== null && Date.parse(e.at) > at) : Math.min(1, entries.length);
  entries.splice(later < 0 ? entries.length : later, 0, decided);
  return entries;
}
