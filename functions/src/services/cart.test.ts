import { Timestamp } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@fridgeparts/common/messages';
import { packSizeMessage } from '@fridgeparts/common/pricing';
import type { ToolDoc } from '../data/firestore';
import { cartOf, TOOL_GONE_MESSAGE } from './cart';

const tool = (over: Partial<ToolDoc>): ToolDoc => ({
  name: 'Part', description: '', image: '/images/x.svg', priceCents: 1000, minimumQuantity: 1, availableQuantity: 30, packSize: 1, priceBreaks: [], searchTerms: [],
  createdAt: Timestamp.fromMillis(0), ...over,
});
const tools = new Map<string, ToolDoc>([
  ['a', tool({ partNumber: 'FP-A', name: 'Gasket', priceCents: 1999, minimumQuantity: 2, availableQuantity: 10 })],
  ['p', tool({ partNumber: 'FP-P', name: 'Relay', priceCents: 1500, packSize: 10, minimumQuantity: 10, availableQuantity: 500, priceBreaks: [{ minQuantity: 100, priceCents: 1200 }] })],
]);

describe('cartOf', () => {
  it('prices each line after breaks; the total in dollars from whole cents; ready with no problem', () => {
    const at = Timestamp.fromMillis(Date.UTC(2026, 10, 25, 12));
    const cart = cartOf([{ toolId: 'a', quantity: 3 }, { toolId: 'p', quantity: 100 }], tools, at);
    expect(cart).toEqual({
      lines: [
        { toolId: 'a', partNumber: 'FP-A', name: 'Gasket', quantity: 3, price: 19.99, lineTotal: 59.97, minimumQuantity: 2, packSize: 1, availableQuantity: 10, problem: null },
        { toolId: 'p', partNumber: 'FP-P', name: 'Relay', quantity: 100, price: 12, lineTotal: 1200, minimumQuantity: 10, packSize: 10, availableQuantity: 500, problem: null },
      ],
      lineCount: 2,
      total: 1259.97,
      ready: true,
      updatedAt: '2026-11-25T12:00:00.000Z',
    });
  });

  it('answers quantity problems with the booking messages and a gone tool with no price; not ready', () => {
    const cart = cartOf([{ toolId: 'a', quantity: 11 }, { toolId: 'p', quantity: 15 }, { toolId: 'gone', quantity: 1 }], tools, null);
    expect(cart.lines.map((l) => l.problem)).toEqual([
      `${MESSAGES.quantityOutOfRange} (minimum 2, 10 available)`,
      `${packSizeMessage(10)} (minimum 10, 500 available)`,
      TOOL_GONE_MESSAGE,
    ]);
    expect(cart.lines[2]).toMatchObject({ toolId: 'gone', name: null, price: null, lineTotal: null, availableQuantity: null });
    // Lines with a price count towards the total, problem or not: 11 x 19.99 + 15 x 15.00.
    expect(cart).toMatchObject({ total: 444.89, ready: false, lineCount: 3, updatedAt: null });
  });

  it('an empty cart is not ready', () => {
    expect(cartOf([], tools, null)).toEqual({ lines: [], lineCount: 0, total: 0, ready: false, updatedAt: null });
  });
});
