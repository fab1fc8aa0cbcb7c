import { describe, expect, it } from 'vitest';
import { parseQuickOrder } from './parse-quick-order';

describe('parseQuickOrder', () => {
  it('reads part numbers and quantities separated by spaces, tabs, commas or semicolons', () => {
    const lines = parseQuickOrder('fp-cmp-134a-033 5\nFP-THM-CC-036\t25\n\nFP-DFT-8H25, 20\nFP-TL-GM4V;3');
    expect(lines.map((l) => [l.partNumber, l.quantity, l.problem])).toEqual([
      ['FP-CMP-134A-033', 5, null],
      ['FP-THM-CC-036', 25, null],
      ['FP-DFT-8H25', 20, null],
      ['FP-TL-GM4V', 3, null],
    ]);
    expect(lines.map((l) => l.lineNumber)).toEqual([1, 2, 4, 5]);
  });

  it('skips a CSV header and reads quoted cells', () => {
    expect(parseQuickOrder('partNumber,quantity\r\n"FP-CAP-15UF-370","50"\r\n').map((l) => [l.partNumber, l.quantity])).toEqual([['FP-CAP-15UF-370', 50]]);
  });

  it('says what is wrong with each bad line', () => {
    const [noQty, badQty, zero, badPart, extra] = parseQuickOrder('FP-A-1\nFP-A-1 2.5\nFP-A-1 0\nFP A 1\nFP-A-1 2 3');
    expect(noQty.problem).toMatch(/Add a quantity/);
    expect(badQty.problem).toMatch(/whole number/);
    expect(zero.problem).toMatch(/whole number/);
    expect(badPart.problem).toMatch(/One part number|whole number|capitals/);
    expect(extra.problem).toMatch(/One part number/);
  });

  it('flags lines beyond the 50 a quick order takes', () => {
    const lines = parseQuickOrder(Array.from({ length: 52 }, (_, i) => `FP-P-${i} 1`).join('\n'));
    expect(lines.filter((l) => l.problem)).toHaveLength(2);
  });
});
