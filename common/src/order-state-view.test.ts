import { describe, expect, it } from 'vitest';
import { BOOKING_STATES } from './constants';
import { stateView } from './order-state-view';

describe('stateView', () => {
  it('names every state once, in the order page’s words', () => {
    const labels = BOOKING_STATES.map((s) => stateView(s).label);
    expect(new Set(labels).size).toBe(BOOKING_STATES.length);
    expect(stateView('expired')).toEqual({ label: 'Released', tone: 'plain' });
    expect(stateView('confirmed').label).toBe('Confirmed, on account');
    expect(stateView('reserved').label).toBe('Reserved, not paid');
  });
});
