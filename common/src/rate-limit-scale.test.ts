import { describe, expect, it } from 'vitest';
import { parseRateLimitScale } from './rate-limit-scale';

describe('parseRateLimitScale', () => {
  it('reads a number from 1 to 1000, blanks around it allowed', () => {
    expect(parseRateLimitScale('1')).toBe(1);
    expect(parseRateLimitScale(' 10 ')).toBe(10);
    expect(parseRateLimitScale('2.5')).toBe(2.5);
    expect(parseRateLimitScale('1000')).toBe(1000);
  });

  it('unset or blank is no scale', () => {
    expect(parseRateLimitScale(undefined)).toBeUndefined();
    expect(parseRateLimitScale('')).toBeUndefined();
    expect(parseRateLimitScale('   ')).toBeUndefined();
  });

  it.each(['0', '0.5', '1001', '-3', 'ten', 'Infinity', 'NaN', '1e9', '10x'])('refuses %j', (raw) => {
    expect(parseRateLimitScale(raw)).toBeNull();
  });
});
