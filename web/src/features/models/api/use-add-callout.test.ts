import { describe, expect, it } from 'vitest';
import { orderQuantity, raisedReason } from './use-add-callout';

describe('orderQuantity: what a callout puts in the cart', () => {
  it('is the quantity the drawing lists when the shop sells that few', () => {
    expect(orderQuantity(2, { minimumQuantity: 1, packSize: 1, availableQuantity: 50 })).toEqual({ quantity: 2, raised: false });
  });

  it('is raised to the minimum order, then to whole packs', () => {
    expect(orderQuantity(1, { minimumQuantity: 20, packSize: 1, availableQuantity: 500 })).toEqual({ quantity: 20, raised: true });
    expect(orderQuantity(1, { minimumQuantity: 5, packSize: 10, availableQuantity: 500 })).toEqual({ quantity: 10, raised: true });
    expect(orderQuantity(12, { minimumQuantity: 5, packSize: 10, availableQuantity: 500 })).toEqual({ quantity: 20, raised: true });
  });

  it('is refused when the stock cannot cover it, saying so', () => {
    expect(orderQuantity(1, { minimumQuantity: 20, packSize: 1, availableQuantity: 12 })).toEqual({ problem: 'Only 12 in stock; the least we sell is 20' });
    expect(orderQuantity(1, { minimumQuantity: 1, packSize: 1, availableQuantity: 0 })).toEqual({ problem: 'Out of stock' });
  });

  it('says why a quantity was raised', () => {
    expect(raisedReason({ minimumQuantity: 20, packSize: 1, availableQuantity: 1 })).toBe('the least we sell is 20');
    expect(raisedReason({ minimumQuantity: 10, packSize: 10, availableQuantity: 1 })).toBe('sold in packs of 10, at least 10');
  });
});
