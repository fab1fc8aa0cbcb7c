import { describe, expect, it } from 'vitest';
import { countOf, plural } from './plural';

describe('plural', () => {
  it('is singular for exactly one and plural for zero and more', () => {
    expect(plural(1, 'line')).toBe('line');
    expect(plural(0, 'line')).toBe('lines');
    expect(plural(2, 'line')).toBe('lines');
  });

  it('takes an irregular plural', () => {
    expect(plural(3, 'box', 'boxes')).toBe('boxes');
    expect(countOf(1, 'box', 'boxes')).toBe('1 box');
  });

  it('counts: "1 line", "50 lines"', () => {
    expect(countOf(1, 'line')).toBe('1 line');
    expect(countOf(50, 'line')).toBe('50 lines');
  });
});
