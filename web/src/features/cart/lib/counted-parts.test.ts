import { describe, expect, it } from 'vitest';
import { countedParts } from './counted-parts';

const ok = (lineTotal: number) => ({ lineTotal, problem: null });

describe('countedParts', () => {
  it('counts every line when none has a problem, in exact cents', () => {
    expect(countedParts([ok(25), ok(200)])).toEqual({ parts: 225, left: 0 });
    // 0.1 + 0.2 in dollars is 0.30000000000000004; in cents it is 30.
    expect(countedParts([ok(0.1), ok(0.2)])).toEqual({ parts: 0.3, left: 0 });
    expect(countedParts([])).toEqual({ parts: 0, left: 0 });
  });

  it('leaves out, as the tax does, the lines the server would refuse: a problem (stock, minimum, discontinued) or no price (gone)', () => {
    const lines = [
      ok(25),
      { lineTotal: 240, problem: 'Only 100 available' },
      { lineTotal: 12, problem: 'This part is discontinued.' },
      { lineTotal: null, problem: 'This part is no longer in the catalogue. Remove it from your cart.' },
      ok(200),
    ];
    expect(countedParts(lines)).toEqual({ parts: 225, left: 3 });
    expect(countedParts([{ lineTotal: 5, problem: 'At least 10' }])).toEqual({ parts: 0, left: 1 });
  });
});
