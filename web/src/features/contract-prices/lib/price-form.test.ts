import { describe, expect, it } from 'vitest';
import { contractPriceInputSchema } from '@fridgeparts/common/contract-prices.schema';
import { formatDollars } from '@fridgeparts/common/money';
import { breaksSummary, priceBodyOf, priceFormOf } from './price-form';

describe('the contract price form', () => {
  const price = {
    price: 38,
    priceBreaks: [
      { minQuantity: 10, price: 36.5 },
      { minQuantity: 50, price: 35 },
    ],
  };

  it('starts an edit from the price as it is, in the product form’s text', () => {
    expect(priceFormOf(price)).toEqual({ price: '38.00', priceBreaks: '10: 36.50, 50: 35.00' });
    expect(priceFormOf(null)).toEqual({ price: '', priceBreaks: '' });
  });

  it('sends what the server’s own schema reads back to the same price', () => {
    const parsed = contractPriceInputSchema.parse(priceBodyOf({ price: ' 38.00 ', priceBreaks: '10: 36.50, 50: 35.00 ' }));
    expect(parsed).toEqual({
      priceCents: 3800,
      priceBreaks: [
        { minQuantity: 10, priceCents: 3650 },
        { minQuantity: 50, priceCents: 3500 },
      ],
    });
    expect(contractPriceInputSchema.parse(priceBodyOf({ price: '12', priceBreaks: '' })).priceBreaks).toEqual([]);
  });

  it('puts the server’s messages at the form’s fields (the paths are the field names)', () => {
    const result = contractPriceInputSchema.safeParse(priceBodyOf({ price: '0', priceBreaks: '10: 50.00' }));
    expect(result.success).toBe(false);
    const paths = result.error!.issues.map((i) => i.path.join('.'));
    expect(paths).toContain('price');
    const rising = contractPriceInputSchema.safeParse(priceBodyOf({ price: '30', priceBreaks: '10: 31.00' }));
    expect(rising.error!.issues.map((i) => i.path.join('.'))).toEqual(['priceBreaks']);
  });

  it('summarises breaks for the list', () => {
    expect(breaksSummary(price.priceBreaks, formatDollars)).toBe('10+: $36.50, 50+: $35.00');
    expect(breaksSummary([], formatDollars)).toBe('None');
  });
});
