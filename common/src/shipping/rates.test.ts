import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { shippingMethodInputSchema, type ShippingMethodInput, type ShippingMethodRecord } from './methods.schema';
import { freeUpToCents, orderWeightHundredths, rateOrder, servesDestination, type RatedOrder } from './rates';

const method = (id: string, input: ShippingMethodInput): ShippingMethodRecord => ({ id, ...shippingMethodInputSchema.parse(input) });

const PARCEL = method('parcel-ground', {
  name: 'Parcel ground',
  carrier: 'ups',
  zones: [{ country: 'US' }],
  rates: [{ maxSubtotal: 6000, amount: 0 }, { maxWeight: 10, amount: 14.5 }, { maxWeight: 50, amount: 32 }, { amount: 89 }],
  transitDays: { min: 3, max: 5 },
});
const EXPRESS = method('parcel-express', {
  name: 'Express',
  carrier: 'fedex',
  zones: [{ country: 'US', regions: ['CA', 'OR', 'WA', 'TX'] }],
  rates: [
    { maxWeight: 20, amount: 39 },
    { maxWeight: 70, amount: 79 },
  ],
  transitDays: { min: 1, max: 2 },
});
const LTL = method('ltl-freight', {
  name: 'LTL freight',
  carrier: 'freight',
  zones: [{ country: 'US' }],
  rates: [{ maxWeight: 500, amount: 185 }, { amount: 340 }],
  transitDays: { min: 4, max: 7 },
  freightOnly: true,
});
const ALL = [EXPRESS, LTL, PARCEL];

const order = (o: Partial<RatedOrder>): RatedOrder => ({ subtotalCents: 10_000, weightHundredths: 100, hasFreight: false, ...o });
const oakland = { country: 'US', region: 'CA' };
const ids = (rated: ReturnType<typeof rateOrder>) => rated.map((r) => `${r.method.id}:${r.amountCents}`);

describe('rateOrder', () => {
  it('$6,000.00 fits the free rate and $6,000.01 does not', () => {
    expect(ids(rateOrder([PARCEL], order({ subtotalCents: 600_000, weightHundredths: 500 }), oakland))).toEqual(['parcel-ground:0']);
    expect(ids(rateOrder([PARCEL], order({ subtotalCents: 600_001, weightHundredths: 500 }), oakland))).toEqual(['parcel-ground:1450']);
  });
  it('a weight exactly at a bound fits that rate; a hundredth more takes the next', () => {
    const big = 700_000;
    expect(ids(rateOrder([PARCEL], order({ subtotalCents: big, weightHundredths: 1000 }), oakland))).toEqual(['parcel-ground:1450']);
    expect(ids(rateOrder([PARCEL], order({ subtotalCents: big, weightHundredths: 1001 }), oakland))).toEqual(['parcel-ground:3200']);
    expect(ids(rateOrder([PARCEL], order({ subtotalCents: big, weightHundredths: 5000 }), oakland))).toEqual(['parcel-ground:3200']);
    expect(ids(rateOrder([PARCEL], order({ subtotalCents: big, weightHundredths: 5001 }), oakland))).toEqual(['parcel-ground:8900']);
  });
  it('a method none of whose rates fit does not serve the order', () => {
    expect(ids(rateOrder([EXPRESS], order({ weightHundredths: 7000 }), oakland))).toEqual(['parcel-express:7900']);
    expect(rateOrder([EXPRESS], order({ weightHundredths: 7001 }), oakland)).toEqual([]);
  });
  it('lists cheapest first, regions matched without regard to case', () => {
    expect(ids(rateOrder(ALL, order({ subtotalCents: 18_000 }), oakland))).toEqual(['parcel-ground:0', 'parcel-express:3900']);
    expect(ids(rateOrder(ALL, order({ subtotalCents: 18_000 }), { country: 'US', region: ' ca' }))).toEqual(['parcel-ground:0', 'parcel-express:3900']);
  });
  it('offers a region outside a method zone only the methods that serve it', () => {
    expect(ids(rateOrder(ALL, order({}), { country: 'US', region: 'NY' }))).toEqual(['parcel-ground:0']);
    expect(servesDestination(EXPRESS, { country: 'US', region: '' })).toBe(false);
  });
  it('offers nothing where no method serves', () => {
    expect(rateOrder(ALL, order({}), { country: 'CA', region: 'ON' })).toEqual([]);
    expect(rateOrder([], order({}), oakland)).toEqual([]);
  });
  it('sends a freight part by freight-only methods, and nothing else by them', () => {
    expect(ids(rateOrder(ALL, order({ hasFreight: true, weightHundredths: 45_000 }), oakland))).toEqual(['ltl-freight:18500']);
    expect(ids(rateOrder(ALL, order({ hasFreight: true, weightHundredths: 50_001 }), oakland))).toEqual(['ltl-freight:34000']);
    expect(rateOrder([PARCEL, EXPRESS], order({ hasFreight: true }), oakland)).toEqual([]);
  });
  it('names the subtotal up to which a method is free', () => {
    expect(rateOrder([PARCEL], order({}), oakland)[0].freeUpToCents).toBe(600_000);
    expect(rateOrder([EXPRESS], order({}), oakland)[0].freeUpToCents).toBeUndefined();
    expect(freeUpToCents([{ maxWeightHundredths: 100, maxSubtotalCents: 5000, amountCents: 0 }])).toBeUndefined();
  });
  it('breaks equal prices by the sooner delivery, then by id', () => {
    const a = method('b-slow', { name: 'B', carrier: 'usps', zones: [{ country: 'US' }], rates: [{ amount: 10 }], transitDays: { min: 2, max: 6 } });
    const b = method('a-fast', { name: 'A', carrier: 'usps', zones: [{ country: 'US' }], rates: [{ amount: 10 }], transitDays: { min: 1, max: 3 } });
    const c = method('c-fast', { name: 'C', carrier: 'usps', zones: [{ country: 'US' }], rates: [{ amount: 10 }], transitDays: { min: 1, max: 3 } });
    expect(rateOrder([a, c, b], order({}), oakland).map((r) => r.method.id)).toEqual(['a-fast', 'c-fast', 'b-slow']);
  });
});

describe('rateOrder (property)', () => {
  const rateArb = fc.record(
    {
      maxWeightHundredths: fc.integer({ min: 1, max: 100_000 }),
      maxSubtotalCents: fc.integer({ min: 1, max: 2_000_000 }),
      amountCents: fc.integer({ min: 0, max: 100_000 }),
    },
    { requiredKeys: ['amountCents'] },
  );
  const methodArb = fc.record({
    id: fc.stringMatching(/^[a-z]{1,6}$/),
    name: fc.constant('M'),
    carrier: fc.constantFrom('ups' as const, 'fedex' as const, 'freight' as const),
    zones: fc.array(
      fc.record({
        country: fc.constantFrom('US', 'CA'),
        regions: fc.option(fc.array(fc.constantFrom('CA', 'TX', 'ON'), { minLength: 1 }), { nil: undefined }),
      }),
      { minLength: 1, maxLength: 3 },
    ),
    rates: fc.array(rateArb, { minLength: 1, maxLength: 5 }),
    transitDays: fc.constant({ min: 1, max: 3 }),
    freightOnly: fc.boolean(),
  });
  const orderArb = fc.record({
    subtotalCents: fc.integer({ min: 0, max: 2_000_000 }),
    weightHundredths: fc.integer({ min: 0, max: 100_000 }),
    hasFreight: fc.boolean(),
  });
  const toArb = fc.record({ country: fc.constantFrom('US', 'CA', 'DE'), region: fc.constantFrom('CA', 'TX', 'ON', '') });

  it('answers each serving method once, at its first fitting rate, cheapest first, freight only for freight', () => {
    fc.assert(
      fc.property(fc.array(methodArb, { maxLength: 6 }), orderArb, toArb, (methods, o, to) => {
        const rated = rateOrder(methods, o, to);
        for (let i = 1; i < rated.length; i++) expect(rated[i - 1].amountCents).toBeLessThanOrEqual(rated[i].amountCents);
        for (const r of rated) {
          expect(r.method.freightOnly).toBe(o.hasFreight);
          expect(servesDestination(r.method, to)).toBe(true);
          const first = r.method.rates.find(
            (x) => (x.maxWeightHundredths ?? Infinity) >= o.weightHundredths && (x.maxSubtotalCents ?? Infinity) >= o.subtotalCents,
          );
          expect(r.amountCents).toBe(first?.amountCents);
        }
        // Every method left out serves not, fits no rate, or is of the other kind.
        const out = methods.filter((m) => !rated.some((r) => r.method === m));
        for (const m of out) {
          const fits = m.rates.some((x) => (x.maxWeightHundredths ?? Infinity) >= o.weightHundredths && (x.maxSubtotalCents ?? Infinity) >= o.subtotalCents);
          expect(m.freightOnly !== o.hasFreight || !servesDestination(m, to) || !fits).toBe(true);
        }
      }),
    );
  });
});

describe('orderWeightHundredths', () => {
  it('sums quantity x weight in hundredths, a missing weight as 0', () => {
    expect(
      orderWeightHundredths([
        { quantity: 3, weight: 0.35 },
        { quantity: 2, weight: 24.5 },
        { quantity: 4, weight: null },
      ]),
    ).toBe(105 + 4900);
  });
});
