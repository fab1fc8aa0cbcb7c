import type { DocumentReference } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@fridgeparts/common/messages';
import type { ToolDoc } from '../../data/firestore';
import { toolDoc } from '../../testing/tool-doc';
import type { AppError } from '../../errors';
import { planOrderLines, problemDetails } from './order-lines';
import { resolveQuickLines } from './quick-order';

const catalogue: Record<string, { ref: DocumentReference<ToolDoc>; tool: ToolDoc }> = {
  'FP-A': { ref: { id: 'a' } as DocumentReference<ToolDoc>, tool: toolDoc({ partNumber: 'FP-A', availableQuantity: 3 }) },
  'FP-C': { ref: { id: 'c' } as DocumentReference<ToolDoc>, tool: toolDoc({ partNumber: 'FP-C', priceCents: 24, availableQuantity: 10 }) },
  'FP-D': { ref: { id: 'd' } as DocumentReference<ToolDoc>, tool: toolDoc({ partNumber: 'FP-D', priceCents: 26, availableQuantity: 10 }) },
  'FP-HALF': { ref: { id: 'half' } as DocumentReference<ToolDoc>, tool: toolDoc({ partNumber: 'FP-HALF', priceCents: 49_999_999, availableQuantity: 10 }) },
  'FP-BIG': { ref: { id: 'big' } as DocumentReference<ToolDoc>, tool: toolDoc({ partNumber: 'FP-BIG', priceCents: 50_000_000, availableQuantity: 10 }) },
  'FP-P': {
    ref: { id: 'p' } as DocumentReference<ToolDoc>,
    tool: toolDoc({ partNumber: 'FP-P', packSize: 10, minimumQuantity: 10, availableQuantity: 100, priceBreaks: [{ minQuantity: 50, priceCents: 800 }] }),
  },
};
const plan = (lines: { partNumber: string; quantity: number }[]) => {
  // What placeOrder plans for quick order's lines, without the transaction.
  const { planned, problems } = planOrderLines(resolveQuickLines(lines, (pn) => catalogue[pn]));
  return { planned, problems: problemDetails(problems) };
};

describe('quick order lines, as placeOrder plans them', () => {
  it('prices every good line, with price breaks', () => {
    const { planned, problems } = plan([
      { partNumber: 'FP-A', quantity: 2 },
      { partNumber: 'FP-P', quantity: 50 },
    ]);
    expect(problems).toEqual({});
    expect(planned.map((l) => [l.index, l.plan.unitPriceCents, l.plan.totalCents])).toEqual([
      [0, 1000, 2000],
      [1, 800, 40000],
    ]);
  });

  it('reports every bad line by field, not only the first', () => {
    const { problems } = plan([
      { partNumber: 'FP-NOPE', quantity: 1 },
      { partNumber: 'FP-A', quantity: 4 },
      { partNumber: 'FP-P', quantity: 15 },
      { partNumber: 'FP-A', quantity: 1 },
    ]);
    expect(Object.keys(problems).sort()).toEqual(['lines.0.partNumber', 'lines.1.quantity', 'lines.2.quantity']);
    expect(problems['lines.0.partNumber']).toMatch(/Unknown part number FP-NOPE/);
    expect(problems['lines.1.quantity']).toContain(MESSAGES.quantityOutOfRange);
    expect(problems['lines.1.quantity']).toMatch(/3 available/);
    expect(problems['lines.2.quantity']).toMatch(/multiple of the pack size \(10\)/);
  });

  it('counts the same part number on two lines against the stock together', () => {
    const { problems } = plan([
      { partNumber: 'FP-A', quantity: 2 },
      { partNumber: 'FP-A', quantity: 2 },
    ]);
    expect(Object.keys(problems)).toEqual(['lines.1.quantity']);
    expect(problems['lines.1.quantity']).toMatch(/1 available after earlier lines of FP-A/);
    expect(
      plan([
        { partNumber: 'FP-A', quantity: 2 },
        { partNumber: 'FP-A', quantity: 1 },
      ]).problems,
    ).toEqual({});
  });
});

describe('the order total a card can be charged (CONTRACT §13)', () => {
  const refusal = (lines: { partNumber: string; quantity: number }[]) => {
    try {
      plan(lines);
    } catch (err) {
      return err as AppError;
    }
    return null;
  };

  it('refuses the whole order (400, field total) when its lines add up to over $999,999.99; under $0.50 waits for the tax (make-order.ts)', () => {
    // CONTRACT §15: the minimum is the total with its tax, which makeOrder checks once it is known.
    expect(
      refusal([
        { partNumber: 'FP-C', quantity: 1 },
        { partNumber: 'FP-C', quantity: 1 },
      ]),
    ).toBeNull();
    const big = refusal([
      { partNumber: 'FP-BIG', quantity: 1 },
      { partNumber: 'FP-BIG', quantity: 1 },
    ]);
    expect(big?.status).toBe(400);
    expect(big?.message).toMatch(/at most \$999,999\.99.*\$1,000,000\.00/);
  });

  it('plans the totals at the limits: $0.50 and $999,999.99', () => {
    expect(
      refusal([
        { partNumber: 'FP-C', quantity: 1 },
        { partNumber: 'FP-D', quantity: 1 },
      ]),
    ).toBeNull();
    expect(
      refusal([
        { partNumber: 'FP-BIG', quantity: 1 },
        { partNumber: 'FP-HALF', quantity: 1 },
      ]),
    ).toBeNull();
    expect(
      refusal([
        { partNumber: 'FP-BIG', quantity: 1 },
        { partNumber: 'FP-HALF', quantity: 1 },
        { partNumber: 'FP-C', quantity: 1 },
      ])?.status,
    ).toBe(400);
  });

  it('reports line problems first: the total is checked when every line can be booked', () => {
    expect(plan([{ partNumber: 'FP-C', quantity: 11 }]).problems).toEqual({ 'lines.0.quantity': expect.any(String) });
  });
});
