import { describe, expect, it } from 'vitest';
import { MAX_ORDER_TOTAL_CENTS, MIN_ORDER_TOTAL_CENTS } from './constants';
import { payableTotalProblem } from './order-total';

describe('payableTotalProblem', () => {
  it('accepts the card limits themselves', () => {
    expect(MIN_ORDER_TOTAL_CENTS).toBe(50);
    expect(MAX_ORDER_TOTAL_CENTS).toBe(99_999_999);
    expect(payableTotalProblem(50)).toBeNull();
    expect(payableTotalProblem(99_999_999)).toBeNull();
    expect(payableTotalProblem(12_345)).toBeNull();
  });

  it('refuses a total under $0.50, naming the limit and the total', () => {
    expect(payableTotalProblem(49)).toBe("An order's total must be at least $0.50 to be paid by card; this one is $0.49. Add to the order and try again.");
    expect(payableTotalProblem(1)).toMatch(/at least \$0\.50.*\$0\.01/);
    expect(payableTotalProblem(0)).toMatch(/at least \$0\.50/);
  });

  it('refuses a total over $999,999.99, naming the limit and the total', () => {
    expect(payableTotalProblem(100_000_000)).toBe(
      "An order's total can be at most $999,999.99 to be paid by card; this one is $1,000,000.00. Split it into smaller orders.",
    );
    expect(payableTotalProblem(100_000_000 * 1_000_000)).toMatch(/at most \$999,999\.99/);
  });
});
