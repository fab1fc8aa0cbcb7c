import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages';
import { priceBreakProblem, priceBreaksText, quantityProblem, unitPriceCentsFor } from './pricing';

const tool = {
  priceCents: 2475,
  packSize: 10,
  priceBreaks: [
    { minQuantity: 100, priceCents: 2300 },
    { minQuantity: 250, priceCents: 2150 },
  ],
  minimumQuantity: 20,
  availableQuantity: 1000,
};

describe('pricing', () => {
  it('takes the highest break the quantity reaches', () => {
    expect(unitPriceCentsFor(tool, 20)).toBe(2475);
    expect(unitPriceCentsFor(tool, 99)).toBe(2475);
    expect(unitPriceCentsFor(tool, 100)).toBe(2300);
    expect(unitPriceCentsFor(tool, 249)).toBe(2300);
    expect(unitPriceCentsFor(tool, 250)).toBe(2150);
  });
  it('checks bounds first, then the pack size', () => {
    expect(quantityProblem(tool, 10)).toBe(MESSAGES.quantityOutOfRange);
    expect(quantityProblem(tool, 1010)).toBe(MESSAGES.quantityOutOfRange);
    expect(quantityProblem(tool, 25)).toBe('Quantity must be a multiple of the pack size (10)');
    expect(quantityProblem(tool, 30)).toBeNull();
    expect(quantityProblem({ ...tool, packSize: 1 }, 21)).toBeNull();
  });
  it('price breaks go up in quantity and down in price', () => {
    expect(priceBreakProblem(2475, tool.priceBreaks)).toBeNull();
    expect(priceBreakProblem(2475, [{ minQuantity: 1, priceCents: 2000 }])).toMatch(/start above 1/);
    expect(priceBreakProblem(2475, [{ minQuantity: 100, priceCents: 2500 }])).toMatch(/cheaper/);
    expect(
      priceBreakProblem(2475, [
        { minQuantity: 100, priceCents: 2300 },
        { minQuantity: 50, priceCents: 2200 },
      ]),
    ).toMatch(/go up/);
  });
});

describe('priceBreaksText', () => {
  it('writes answered breaks as the forms read them, and none as empty', () => {
    expect(
      priceBreaksText([
        { minQuantity: 10, price: 36.5 },
        { minQuantity: 50, price: 35 },
      ]),
    ).toBe('10: 36.50, 50: 35.00');
    expect(priceBreaksText([])).toBe('');
  });
});
