import { describe, expect, it } from 'vitest';
import { MY_PRICES_MAX_IDS } from './contract-prices';
import { contractPriceInputSchema, myPricesQuerySchema } from './contract-prices.schema';

describe('contractPriceInputSchema', () => {
  it('takes a price and breaks as a tool does, in cents', () => {
    expect(contractPriceInputSchema.parse({ price: 12.5, priceBreaks: [{ minQuantity: 10, price: 11 }] })).toEqual({
      priceCents: 1250,
      priceBreaks: [{ minQuantity: 10, priceCents: 1100 }],
    });
    expect(contractPriceInputSchema.parse({ price: '9.99', priceBreaks: '50: 9.00, 100: 8.50' })).toEqual({
      priceCents: 999,
      priceBreaks: [
        { minQuantity: 50, priceCents: 900 },
        { minQuantity: 100, priceCents: 850 },
      ],
    });
    expect(contractPriceInputSchema.parse({ price: 3 })).toEqual({ priceCents: 300, priceBreaks: [] });
  });
  it('refuses what a tool’s price refuses, naming the field', () => {
    for (const body of [{}, { price: 0 }, { price: -1 }, { price: 1.234 }, { price: 'abc' }, { price: 1e12 }]) {
      const r = contractPriceInputSchema.safeParse(body);
      expect(r.success).toBe(false);
      expect(r.error?.issues[0]?.path).toEqual(['price']);
    }
    const rising = contractPriceInputSchema.safeParse({ price: 10, priceBreaks: [{ minQuantity: 10, price: 11 }] });
    expect(rising.error?.issues.map((i) => i.path)).toEqual([['priceBreaks']]);
    const down = contractPriceInputSchema.safeParse({
      price: 10,
      priceBreaks: [
        { minQuantity: 10, price: 9 },
        { minQuantity: 5, price: 8 },
      ],
    });
    expect(down.success).toBe(false);
  });
});

describe('myPricesQuerySchema', () => {
  it('splits, trims and dedupes ids; a repeated parameter works too', () => {
    expect(myPricesQuerySchema.parse({ toolIds: 'a, b,a,,c' }).toolIds).toEqual(['a', 'b', 'c']);
    expect(myPricesQuerySchema.parse({ toolIds: ['a,b', 'c'] }).toolIds).toEqual(['a', 'b', 'c']);
  });
  it('refuses none, too many, and ids the shop could not have made', () => {
    const many = Array.from({ length: MY_PRICES_MAX_IDS + 1 }, (_, i) => `t${i}`).join(',');
    expect(myPricesQuerySchema.parse({ toolIds: many.split(',').slice(0, MY_PRICES_MAX_IDS).join(',') }).toolIds).toHaveLength(MY_PRICES_MAX_IDS);
    for (const toolIds of [undefined, '', ' , ', many, 'a/b', '__x__', 'x'.repeat(129), { a: 1 }]) {
      const r = myPricesQuerySchema.safeParse({ toolIds });
      expect(r.success, String(toolIds)).toBe(false);
      expect(r.error?.issues[0]?.message).toMatch(/toolIds/);
    }
  });
});
