import { describe, expect, it } from 'vitest';
import type { PartResolveResponse } from '@fridgeparts/common/responses';
import { sampleTool } from '@fridgeparts/common/testing/sample-tool';
import type { NumberCheck } from '../../../lib/domain/use-resolved-numbers';
import type { QuickOrderLine } from './parse-quick-order';
import { quickOrderTotal } from './quick-order-total';

const line = (partNumber: string, quantity: number | null, problem: string | null = null): QuickOrderLine => ({
  lineNumber: 1,
  text: partNumber,
  partNumber,
  quantity,
  problem,
});
const found = (id: string, price: number, priceBreaks: { minQuantity: number; price: number }[] = []): NumberCheck => ({
  state: 'found',
  answer: { part: sampleTool(id, { price, priceBreaks }) } as PartResolveResponse,
});

describe('quickOrderTotal', () => {
  const checks = new Map<string, NumberCheck>([
    ['FP-A', found('a', 92)],
    ['FP-B', found('b', 10, [{ minQuantity: 10, price: 8 }])],
  ]);

  it('adds each line at the price break its quantity reaches', () => {
    expect(quickOrderTotal([line('FP-A', 8), line('FP-B', 10)], checks, new Map())).toBe(736 + 80);
  });

  it("takes the member's contract price and its breaks over the list price", () => {
    const contracts = new Map([['a', { toolId: 'a', price: 50, priceBreaks: [{ minQuantity: 5, price: 45 }] }]]);
    expect(quickOrderTotal([line('FP-A', 8)], checks, contracts)).toBe(360);
  });

  it('says nothing until every line names a part found, with a quantity', () => {
    expect(quickOrderTotal([], checks, new Map())).toBeNull();
    expect(quickOrderTotal([line('FP-A', 8), line('FP-C', 1)], checks, new Map())).toBeNull();
    expect(quickOrderTotal([line('FP-A', null)], checks, new Map())).toBeNull();
    expect(quickOrderTotal([line('FP-A', 8, 'Quantity must be a whole number')], checks, new Map())).toBeNull();
    expect(quickOrderTotal([line('FP-A', 8)], new Map([['FP-A', { state: 'checking' }]]), new Map())).toBeNull();
  });
});
