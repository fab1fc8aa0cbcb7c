import { describe, expect, it } from 'vitest';
import { shippingMethodInputSchema } from './methods.schema';
import { shippingOptionsQuerySchema } from './options.schema';
import { weightSchema } from './parcel.schema';
import { addressLine } from './order';
import { checkoutSchema } from '../cart';
import { toolInputSchema } from '../tool';

const ok = {
  name: 'Parcel',
  carrier: 'ups',
  zones: [{ country: 'US' }],
  rates: [{ maxSubtotal: 6000, amount: 0 }, { amount: '12.50' }],
  transitDays: { min: 3, max: 5 },
};

describe('shippingMethodInputSchema', () => {
  it('stores cents and hundredths of a pound', () => {
    const m = shippingMethodInputSchema.parse({
      ...ok,
      rates: [{ maxWeight: 10.25, maxSubtotal: '6000.00', amount: 0 }, { amount: '12.5' }],
      zones: [{ country: 'US', regions: ['ca', 'CA', 'tx'] }],
    });
    expect(m.rates).toEqual([{ maxWeightHundredths: 1025, maxSubtotalCents: 600_000, amountCents: 0 }, { amountCents: 1250 }]);
    expect(m.zones).toEqual([{ country: 'US', regions: ['CA', 'TX'] }]);
    expect(m.freightOnly).toBe(false);
  });
  it.each([
    ['an unknown carrier', { carrier: 'dhl' }],
    ['no zones', { zones: [] }],
    ['a lower-case country', { zones: [{ country: 'us' }] }],
    ['empty regions', { zones: [{ country: 'US', regions: [] }] }],
    ['no rates', { rates: [] }],
    ['a negative amount', { rates: [{ amount: -1 }] }],
    ['three decimals', { rates: [{ amount: 1.005 }] }],
    ['a zero weight bound', { rates: [{ maxWeight: 0, amount: 1 }] }],
    ['min above max', { transitDays: { min: 5, max: 3 } }],
    ['text transit days', { transitDays: { min: '1', max: 3 } }],
    ['an unknown key', { price: 3 }],
    ['a zone twice', { zones: [{ country: 'US' }, { country: 'US' }] }],
  ])('refuses %s', (_, over) => {
    expect(shippingMethodInputSchema.safeParse({ ...ok, ...over }).success).toBe(false);
  });
});

describe('shippingOptionsQuerySchema', () => {
  it('takes exactly one place', () => {
    expect(shippingOptionsQuerySchema.safeParse({ shipToId: 's1' }).success).toBe(true);
    expect(shippingOptionsQuerySchema.safeParse({ country: 'US', region: 'CA', postalCode: '94607' }).success).toBe(true);
    expect(shippingOptionsQuerySchema.safeParse({ bookingId: 'abc' }).success).toBe(true);
    expect(shippingOptionsQuerySchema.safeParse({}).success).toBe(false);
    expect(shippingOptionsQuerySchema.safeParse({ shipToId: 's1', bookingId: 'abc' }).success).toBe(false);
    expect(shippingOptionsQuerySchema.safeParse({ country: 'US' }).success).toBe(false);
  });
  it('reads lines', () => {
    expect(shippingOptionsQuerySchema.parse({ shipToId: 's1', lines: 'FP-THM-CC-036:2,abc:1' }).lines).toEqual([
      { ref: 'FP-THM-CC-036', quantity: 2 },
      { ref: 'abc', quantity: 1 },
    ]);
    expect(shippingOptionsQuerySchema.safeParse({ shipToId: 's1', lines: 'x:0' }).success).toBe(false);
    expect(shippingOptionsQuerySchema.safeParse({ bookingId: 'b', lines: 'x:1' }).success).toBe(false);
  });
});

describe('weights and addresses', () => {
  it('takes pounds above 0 with 2 decimals at most', () => {
    expect(weightSchema.parse('12.5')).toBe(12.5);
    expect(weightSchema.parse(0.01)).toBe(0.01);
    for (const bad of [0, -1, 1.005, '1e2', '', true, 20_000.01]) expect(weightSchema.safeParse(bad).success).toBe(false);
  });
  it('requires a weight on a new tool and defaults freight and lead time', () => {
    const base = { image: '/images/tools/x.svg', name: 'X', description: 'D', price: '10', minimumQuantity: '1', availableQuantity: '5' };
    expect(toolInputSchema.safeParse(base).success).toBe(false);
    const parsed = toolInputSchema.parse({ ...base, weight: '2.25' });
    expect(parsed).toMatchObject({ weight: 2.25, freight: false, leadTimeDays: 14 });
  });
  it('prints the one line', () => {
    expect(addressLine({ line1: '12 Main St', line2: '', city: 'Oakland', region: 'CA', postalCode: '94607', country: 'US' })).toBe(
      '12 Main St, Oakland, CA 94607, US',
    );
  });
  it('takes the address once on an order', () => {
    const addr = { line1: '12 Main St', city: 'Oakland', region: 'CA', postalCode: '94607', country: 'US' };
    expect(checkoutSchema.safeParse({ phone: '+1 555 010 2030', shippingAddress: addr }).success).toBe(true);
    expect(checkoutSchema.safeParse({ phone: '+1 555 010 2030', shippingAddress: addr, address: '12 Main St, Oakland' }).success).toBe(false);
    expect(checkoutSchema.safeParse({ phone: '+1 555 010 2030', shippingAddress: addr, shippingMethodId: 'Parcel!' }).success).toBe(false);
  });
});
