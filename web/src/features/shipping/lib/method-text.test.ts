import { describe, expect, it } from 'vitest';
import type { ShippingMethod } from '@fridgeparts/common/shipping/methods.answers';
import { methodText, ratesText, rateLines, transitText, zonesText } from './method-text';

const GROUND: ShippingMethod = {
  id: 'parcel-ground',
  name: 'UPS Ground',
  carrier: 'ups',
  zones: [{ country: 'US' }],
  rates: [{ maxSubtotal: 6000, amount: 0 }, { maxWeight: 5, amount: 12.5 }, { maxWeight: 1500, amount: 24 }, { amount: 160 }],
  transitDays: { min: 3, max: 5 },
  freightOnly: false,
  version: '1',
  updatedAt: '2026-11-29T00:00:00.000Z',
};

describe('a shipping method in words', () => {
  it('names the zones: a whole country, or its regions', () => {
    expect(zonesText([{ country: 'US' }])).toBe('US (all)');
    expect(zonesText([{ country: 'US', regions: ['TX', 'OK', 'LA'] }, { country: 'CA' }])).toBe('US: TX, OK, LA; CA (all)');
  });

  it('says the rates in the order they are tried, free as Free, a rate without limits as otherwise', () => {
    expect(rateLines(GROUND.rates)).toEqual(['up to $6,000.00: Free', 'up to 5 lb: $12.50', 'up to 1,500 lb: $24.00', 'otherwise: $160.00']);
  });

  it('says both limits of a rate, a lone unlimited rate as any order, and what is past the last limit', () => {
    expect(ratesText([{ amount: 9.5 }])).toBe('any order: $9.50');
    expect(ratesText([{ maxWeight: 0.5, maxSubtotal: 250, amount: 4 }])).toBe('up to 0.5 lb and $250.00: $4.00; above: not offered');
  });

  it('says the days in transit as a range, or one figure', () => {
    expect(transitText({ min: 2, max: 5 })).toBe('2-5 days');
    expect(transitText({ min: 1, max: 1 })).toBe('1 day');
    expect(transitText({ min: 0, max: 0 })).toBe('0 days');
  });

  it('puts a whole method in one sentence', () => {
    expect(methodText({ ...GROUND, freightOnly: true })).toBe(
      'UPS Ground (UPS); zones US (all); rates up to $6,000.00: Free; up to 5 lb: $12.50; up to 1,500 lb: $24.00; otherwise: $160.00; transit 3-5 days; freight only.',
    );
  });
});
