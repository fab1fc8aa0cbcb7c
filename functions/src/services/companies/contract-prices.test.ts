import { describe, expect, it } from 'vitest';
import { contractPriceFromCents } from '@fridgeparts/common/documents/contract-prices';
import type { ToolDoc } from '../../data/firestore';
import { toolDoc } from '../../testing/tool-doc';
import { cartOf } from '../orders/cart';
import { collections } from '../../data/firestore';
import { planLine, planOrderLines, type ResolvedLine } from '../orders/order-lines';
import type { ContractPrices } from './contract-prices';

/** The pricing path with a contract price (decision 0057): pure, no Firestore reads. */

const tool = (over: Partial<ToolDoc> = {}): ToolDoc =>
  toolDoc({
    name: 'Relay',
    partNumber: 'FP-R',
    priceCents: 1500,
    minimumQuantity: 10,
    availableQuantity: 500,
    packSize: 10,
    priceBreaks: [{ minQuantity: 100, priceCents: 1200 }],
    ...over,
  });
const contract = {
  priceCents: 1300,
  priceBreaks: [
    { minQuantity: 50, priceCents: 1100 },
    { minQuantity: 200, priceCents: 900 },
  ],
};
const prices: ContractPrices = new Map([['r', contract]]);

describe('planLine with a contract price', () => {
  it('prices after the contract breaks, never the tool’s', () => {
    expect(planLine(tool(), 10, 0, contract)).toEqual({ unitPriceCents: 1300, totalCents: 13000 });
    expect(planLine(tool(), 50, 0, contract)).toEqual({ unitPriceCents: 1100, totalCents: 55000 });
    // The tool's own break at 100 ($12) plays no part: the contract's at 50 ($11) holds until 200.
    expect(planLine(tool(), 100, 0, contract)).toEqual({ unitPriceCents: 1100, totalCents: 110000 });
    expect(planLine(tool(), 200, 0, contract)).toEqual({ unitPriceCents: 900, totalCents: 180000 });
  });
  it('keeps the tool’s quantity rules (minimum, pack, stock) whatever the price', () => {
    expect(planLine(tool(), 5, 0, contract)).toHaveProperty('problem');
    expect(planLine(tool(), 15, 0, contract)).toHaveProperty('problem');
    expect(planLine(tool(), 500, 10, contract)).toHaveProperty('problem');
  });
  it('is the list price without one', () => {
    expect(planLine(tool(), 100)).toEqual({ unitPriceCents: 1200, totalCents: 120000 });
    expect(planLine(tool(), 100, 0, undefined)).toEqual({ unitPriceCents: 1200, totalCents: 120000 });
  });
});

describe('planOrderLines with contract prices', () => {
  const line = (id: string, quantity: number, t = tool()): ResolvedLine => ({ quantity, ref: collections.tools().doc(id), tool: t });
  it('applies each tool’s own contract price, the others at list', () => {
    const { planned, problems } = planOrderLines([line('r', 200), line('other', 100)], prices);
    expect(problems).toEqual([]);
    expect(planned.map((p) => p.plan)).toEqual([
      { unitPriceCents: 900, totalCents: 180000 },
      { unitPriceCents: 1200, totalCents: 120000 },
    ]);
  });
  it('holds the payable-total limit to the contract total', () => {
    // 10,000 at $1,200 list is $12,000,000, over any card's limit; at a $0.01 contract price it is $100.
    const big = tool({ priceCents: 120_000, priceBreaks: [], availableQuantity: 10_000, packSize: 1, minimumQuantity: 1 });
    expect(() => planOrderLines([line('r', 10_000, big)])).toThrow();
    const cheap: ContractPrices = new Map([['r', { priceCents: 1, priceBreaks: [] }]]);
    expect(planOrderLines([line('r', 10_000, big)], cheap).planned[0]!.plan).toEqual({ unitPriceCents: 1, totalCents: 10_000 });
  });
});

describe('cartOf with contract prices', () => {
  it('answers the contract price and total for a tool that has one', () => {
    const tools = new Map([
      ['r', tool()],
      ['s', tool({ partNumber: 'FP-S' })],
    ]);
    const cart = cartOf(
      [
        { toolId: 'r', quantity: 50 },
        { toolId: 's', quantity: 100 },
      ],
      tools,
      null,
      1,
      { prices },
    );
    expect(cart.lines.map((l) => [l.toolId, l.price, l.lineTotal])).toEqual([
      ['r', 11, 550],
      ['s', 12, 1200],
    ]);
    expect(cart.total).toBe(1750);
  });
});

describe('contractPriceFromCents', () => {
  it('answers dollars, breaks in order', () => {
    expect(contractPriceFromCents('r', contract)).toEqual({
      toolId: 'r',
      price: 13,
      priceBreaks: [
        { minQuantity: 50, price: 11 },
        { minQuantity: 200, price: 9 },
      ],
    });
  });
});
