import { describe, expect, it } from 'vitest';
import { countedParts } from './counted-parts';

const ok = (lineTotal: number, coreDeposit = 0) => ({ lineTotal, problem: null, coreDeposit });

describe('countedParts', () => {
  it('counts every line when none has a problem, in exact cents', () => {
    expect(countedParts([ok(25), ok(200)])).toEqual({ parts: 225, deposits: 0, charged: 225, left: 0 });
    // 0.1 + 0.2 in dollars is 0.30000000000000004; in cents it is 30.
    expect(countedParts([ok(0.1), ok(0.2)])).toEqual({ parts: 0.3, deposits: 0, charged: 0.3, left: 0 });
    expect(countedParts([])).toEqual({ parts: 0, deposits: 0, charged: 0, left: 0 });
  });

  it('leaves out, as the tax does, the lines the server would refuse: a problem (stock, minimum, discontinued) or no price (gone)', () => {
    const lines = [
      ok(25),
      { lineTotal: 240, problem: 'Only 100 available', coreDeposit: 75 },
      { lineTotal: 12, problem: 'This part is discontinued.', coreDeposit: 0 },
      { lineTotal: null, problem: 'This part is no longer in the catalogue. Remove it from your cart.', coreDeposit: 0 },
      ok(200),
    ];
    expect(countedParts(lines)).toEqual({ parts: 225, deposits: 0, charged: 225, left: 3 });
    expect(countedParts([{ lineTotal: 5, problem: 'At least 10', coreDeposit: 0 }])).toEqual({ parts: 0, deposits: 0, charged: 0, left: 1 });
  });

  it('counts the core deposits of the lines it counts (decision 0088), in exact cents, apart from the parts and with them', () => {
    expect(countedParts([ok(947.5, 375), ok(0.1, 0.2), { lineTotal: 240, problem: 'Only 100 available', coreDeposit: 75 }])).toEqual({
      parts: 947.6,
      deposits: 375.2,
      charged: 1322.8,
      left: 1,
    });
  });
});
