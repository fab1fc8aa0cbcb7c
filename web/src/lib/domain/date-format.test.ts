import { describe, expect, it } from 'vitest';
import { shopDay } from './date-format';

describe('shopDay', () => {
  it('prints the day of a stored time as the shop does everywhere ("Dec 27, 2026"), and a dash for none', () => {
    expect(shopDay('2026-12-27T10:00:00.000Z')).toBe('Dec 27, 2026');
    expect(shopDay(null)).toBe('—');
    expect(shopDay('not a time')).toBe('—');
  });
});
