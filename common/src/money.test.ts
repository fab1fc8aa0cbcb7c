import { describe, expect, it } from 'vitest';
import { centsToDollars, dollarsToCents, formatCents, lineTotalCents } from './money';

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
});
