import { describe, expect, it, vi } from 'vitest';
import { SHOP_ADDRESS } from '@fridgeparts/common/shipping/order';
import { basisKey, type TaxBasis, type TaxQuote } from './calculate';
import { placeWithTax, PRICES_MOVED, TAX_ATTEMPTS, TaxNeeded } from './order-tax';

const basisOf = (cents: number): TaxBasis => ({
  lines: [{ reference: '0', amountCents: cents, quantity: 1, taxCode: 'txcd_99999999' }],
  shippingCents: 0,
  address: SHOP_ADDRESS,
  exemption: null,
  noteFor: null,
});
const quoteOf = (b: TaxBasis): TaxQuote => ({
  key: basisKey(b),
  tax: { amountCents: 1, calculationId: 'taxcalc_1', lines: [], shippingCents: 0, reason: 'standard_rated', state: 'IL', rate: '6.25', transactionId: null },
});

/** A transaction that prices `prices[run]` on its n-th run and places the order only with that basis's calculation. */
function transactionPricing(prices: number[]) {
  let run = 0;
  return vi.fn(async (quote: TaxQuote | null) => {
    const basis = basisOf(prices[Math.min(run++, prices.length - 1)]!);
    if (!quote || quote.key !== basisKey(basis)) throw new TaxNeeded(basis, 'address');
    return { placedWith: basis.lines[0]!.amountCents };
  });
}

describe('placeWithTax (decision 0083)', () => {
  it('calculates outside the transaction, then places the order with the calculation of what it priced', async () => {
    const place = transactionPricing([1000]);
    const calculate = vi.fn(async (b: TaxBasis) => quoteOf(b));
    await expect(placeWithTax(place, calculate)).resolves.toEqual({ placedWith: 1000 });
    expect(place).toHaveBeenCalledTimes(2);
    expect(calculate).toHaveBeenCalledTimes(1);
  });

  it('a price changed between the passes is calculated again: never placed with another price’s tax', async () => {
    const place = transactionPricing([1000, 1100, 1100]);
    const calculate = vi.fn(async (b: TaxBasis) => quoteOf(b));
    await expect(placeWithTax(place, calculate)).resolves.toEqual({ placedWith: 1100 });
    expect(calculate.mock.calls.map(([b]) => b.lines[0]!.amountCents)).toEqual([1000, 1100]);
  });

  it('a price that keeps moving is 409 after three calculations, nothing placed', async () => {
    const place = transactionPricing([1000, 1100, 1200, 1300, 1400]);
    const calculate = vi.fn(async (b: TaxBasis) => quoteOf(b));
    await expect(placeWithTax(place, calculate)).rejects.toMatchObject({ status: 409, message: PRICES_MOVED });
    expect(calculate).toHaveBeenCalledTimes(TAX_ATTEMPTS);
  });

  it('passes on any other refusal and Stripe’s own failure as they are', async () => {
    await expect(placeWithTax(async () => Promise.reject(new Error('stock')), vi.fn())).rejects.toThrow('stock');
    const down = vi.fn(async () => Promise.reject(new Error('503')));
    await expect(placeWithTax(transactionPricing([1000]), down)).rejects.toThrow('503');
  });
});
