import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { centsToDollars, dollarsToCents, formatCents, formatDollars, formatWholeDollars, lineTotalCents } from './money';

describe('money', () => {
  it('parses dollar text to exact cents without float error', () => {
    expect(dollarsToCents('19.99')).toBe(1999);
    expect(dollarsToCents('0.1')).toBe(10);
    expect(dollarsToCents('12')).toBe(1200);
    expect(dollarsToCents(' 4.05 ')).toBe(405);
    expect(dollarsToCents(1.15)).toBe(115);
  });
  it('rejects negatives, more than two decimals and junk', () => {
    for (const bad of ['-1', '1.999', 'abc', '', '1e3', '12.', NaN, Infinity]) expect(dollarsToCents(bad as string)).toBeNull();
  });
  it('multiplies in cents and formats as USD', () => {
    expect(lineTotalCents(1999, 3)).toBe(5997);
    expect(centsToDollars(5997)).toBe(59.97);
    expect(formatCents(123450)).toBe('$1,234.50');
    expect(() => lineTotalCents(1.5, 2)).toThrow(RangeError);
  });
  it('formats money exactly as Intl does, without Intl', () => {
    const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    const whole = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
    for (const cents of [0, 1, 5, 99, 100, 101, 99999, 100000, 123450, 100000000, -1, -75, -123450]) {
      expect(formatCents(cents)).toBe(usd.format(cents / 100));
      expect(formatDollars(cents / 100)).toBe(usd.format(cents / 100));
    }
    // Up to ten billion dollars either way: far past any order, within a double's exact cents.
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (cents) => {
        expect(formatCents(cents)).toBe(usd.format(cents / 100));
        expect(formatDollars(centsToDollars(cents))).toBe(usd.format(cents / 100));
      }),
      { numRuns: 2000 },
    );
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e12 }), (dollars) => {
        expect(formatWholeDollars(dollars)).toBe(whole.format(dollars));
      }),
    );
  });
});
