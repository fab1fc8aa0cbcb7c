import { describe, expect, it } from 'vitest';
import { shopDay, shopToday } from './date-format';

describe('shopDay', () => {
  it('prints the day of a stored time as the shop does everywhere ("Dec 27, 2026"), and a dash for none', () => {
    expect(shopDay('2026-12-27T10:00:00.000Z')).toBe('Dec 27, 2026');
    expect(shopDay(null)).toBe('—');
    expect(shopDay('not a time')).toBe('—');
  });
});

describe('shopToday', () => {
  it("is the shop's own calendar day (America/Chicago), not the UTC one", () => {
    expect(shopToday(new Date('2026-11-29T03:00:00Z'))).toBe('2026-11-28');
    expect(shopToday(new Date('2026-11-29T06:00:00Z'))).toBe('2026-11-29');
    // Summer time: UTC-5.
    expect(shopToday(new Date('2026-07-01T04:30:00Z'))).toBe('2026-06-30');
    expect(shopToday(new Date('2026-07-01T05:30:00Z'))).toBe('2026-07-01');
  });
});
