import { describe, expect, it } from 'vitest';
import { limitHintBeforeTax, SALES_TAX_CEILING_BP } from './limit-hint';

describe('limitHintBeforeTax', () => {
  it('above the limit before sales tax: waits for certain (the server compares the total with the tax, which only adds)', () => {
    expect(limitHintBeforeTax(500, 500.01)).toEqual({ limit: 500, total: 500.01, taxed: false, kind: 'over' });
    expect(limitHintBeforeTax(0, 0.01)?.kind).toBe('over');
  });

  it('within it by less than the most sales tax could add: may', () => {
    // $480.00 + 15% is $552.00: the tax could take it over $500.00.
    expect(limitHintBeforeTax(500, 480)).toEqual({ limit: 500, total: 480, taxed: false, kind: 'may' });
    expect(limitHintBeforeTax(500, 500)?.kind).toBe('may');
    // The bound in cents, rounded up: $434.79 + 15% (6521.85 cents, so 6522) is $500.01; $434.78 + 6522 cents is $500.00.
    expect(SALES_TAX_CEILING_BP).toBe(1500);
    expect(limitHintBeforeTax(500, 434.79)?.kind).toBe('may');
    expect(limitHintBeforeTax(500, 434.78)).toBeNull();
  });

  it('well within it, with no limit or no total: nothing', () => {
    expect(limitHintBeforeTax(500, 100)).toBeNull();
    expect(limitHintBeforeTax(0, 0)).toBeNull();
    expect(limitHintBeforeTax(null, 10_000)).toBeNull();
    expect(limitHintBeforeTax(undefined, 10_000)).toBeNull();
    expect(limitHintBeforeTax(500, null)).toBeNull();
  });
});
