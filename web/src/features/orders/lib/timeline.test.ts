import { describe, expect, it } from 'vitest';
import type { BookingApproval, BookingEvent } from '@fridgeparts/common/booking';
import { timelineOf } from './timeline';

const booked: BookingEvent = { type: 'booked', at: '2026-11-27T10:00:00.000Z' };
const decided = (decision: 'approved' | 'declined', decidedAt: string | null): BookingApproval => ({
  spendingLimit: 500,
  decision,
  decidedBy: { uid: 'u-office', email: 'office@northwind.test' },
  decidedAt,
  note: null,
  expiresAt: null,
});

describe('timelineOf', () => {
  it('is the server’s events for an order nobody decided (no approval, or still waiting)', () => {
    expect(timelineOf({ events: [booked], approval: null })).toEqual([booked]);
    expect(timelineOf({ events: [booked], approval: { ...decided('approved', null), decision: null, decidedBy: null } })).toEqual([booked]);
  });

  it('puts the decision, with who made it, at its time among the events', () => {
    const paid: BookingEvent = { type: 'paid', at: '2026-11-27T12:00:00.000Z' };
    const shipped: BookingEvent = { type: 'shipped', at: null };
    const timeline = timelineOf({ events: [booked, paid, shipped], approval: decided('approved', '2026-11-27T11:00:00.000Z') });
    expect(timeline).toEqual([booked, { type: 'approved', at: '2026-11-27T11:00:00.000Z', by: 'office@northwind.test' }, paid, shipped]);
    // Decided after everything recorded: last.
    expect(timelineOf({ events: [booked], approval: decided('declined', '2026-11-27T11:00:00.000Z') }).map((e) => e.type)).toEqual(['booked', 'declined']);
  });

  it('puts a decision without a time after the booking, and never twice', () => {
    const expired: BookingEvent = { type: 'expired', at: '2026-11-28T10:00:00.000Z' };
    expect(timelineOf({ events: [booked, expired], approval: decided('declined', null) }).map((e) => [e.type, e.at])).toEqual([
      ['booked', booked.at],
      ['declined', null],
      ['expired', expired.at],
    ]);
    const listed = [booked, { type: 'approved', at: '2026-11-27T11:00:00.000Z' }] as unknown as BookingEvent[];
    expect(timelineOf({ events: listed, approval: decided('approved', '2026-11-27T11:00:00.000Z') })).toHaveLength(2);
  });
});
