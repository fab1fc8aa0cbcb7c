import { describe, expect, it } from 'vitest';
import { CARRIERS, SHIPPING_LIMITS, SHIPPING_METHOD_ID } from '@fridgeparts/common/shipping/methods';
import type { ShippingMethod } from '@fridgeparts/common/shipping/methods.answers';
import { shippingMethodInputSchema } from '@fridgeparts/common/shipping/methods.schema';
import {
  bodyOf,
  emptyMethodForm,
  fieldOfPath,
  FORM_CARRIERS,
  FORM_LIMITS,
  idFromName,
  METHOD_ID,
  methodFormOf,
  regionsOf,
  type MethodForm,
} from './method-form';
import { methodFormSchema } from './method-schemas';

const NEXT_DAY: ShippingMethod = {
  id: 'regional-next-day',
  name: 'UPS Next Day',
  carrier: 'ups',
  zones: [{ country: 'US', regions: ['TX', 'OK'] }],
  rates: [
    { maxWeight: 10, amount: 19.5 },
    { maxWeight: 50, maxSubtotal: 6000, amount: 39 },
  ],
  transitDays: { min: 1, max: 1 },
  freightOnly: false,
  version: '4',
  updatedAt: '2026-11-29T00:00:00.000Z',
};

/** The messages the schema gives the form's values, by field, as react-hook-form's resolver receives them. */
function messagesOf(form: MethodForm, taken: string[] | null = null): Record<string, string> {
  const result = methodFormSchema(taken).safeParse(form);
  return Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
}

describe('the shipping method form', () => {
  it("keeps the API's carriers, limits and id pattern (a copy, so the page loads no zod)", () => {
    expect(FORM_CARRIERS).toEqual(CARRIERS);
    for (const key of Object.keys(FORM_LIMITS) as (keyof typeof FORM_LIMITS)[]) expect(FORM_LIMITS[key], key).toBe(SHIPPING_LIMITS[key]);
    expect(METHOD_ID.source).toBe(SHIPPING_METHOD_ID.source);
  });

  it('starts an edit from the method as read, and sends it back as the same method', () => {
    const form = methodFormOf(NEXT_DAY);
    expect(form.zones).toEqual([{ country: 'US', regions: 'TX, OK' }]);
    expect(form.rates[1]).toEqual({ maxWeight: '50', maxSubtotal: '6000.00', amount: '39.00' });
    const body = bodyOf(form);
    expect(body).toEqual({
      name: 'UPS Next Day',
      carrier: 'ups',
      zones: [{ country: 'US', regions: ['TX', 'OK'] }],
      rates: [
        { maxWeight: 10, amount: 19.5 },
        { maxWeight: 50, maxSubtotal: 6000, amount: 39 },
      ],
      transitDays: { min: 1, max: 1 },
      freightOnly: false,
    });
    expect(shippingMethodInputSchema.safeParse(body).success).toBe(true);
  });

  it('sends typed regions in capitals, an empty limit as none, and a country in capitals', () => {
    const form: MethodForm = {
      ...emptyMethodForm(),
      name: 'Gulf courier',
      zones: [
        { country: ' us', regions: 'tx, ok ,, la' },
        { country: 'CA', regions: '  ' },
      ],
      rates: [{ maxWeight: '', maxSubtotal: ' 250 ', amount: '0' }],
      transitDays: { min: '2', max: '5' },
    };
    expect(regionsOf('tx, ok ,, la')).toEqual(['TX', 'OK', 'LA']);
    expect(bodyOf(form)).toMatchObject({
      zones: [{ country: 'US', regions: ['TX', 'OK', 'LA'] }, { country: 'CA' }],
      rates: [{ maxSubtotal: 250, amount: 0 }],
      transitDays: { min: 2, max: 5 },
    });
    expect(bodyOf(form).zones[1]).not.toHaveProperty('regions');
  });

  it("makes a new method's id from its name, as the API takes ids", () => {
    expect(idFromName('UPS Ground')).toBe('ups-ground');
    expect(idFromName('  Next-Day Café (Midwest) ')).toBe('next-day-cafe-midwest');
    expect(idFromName('!!!')).toBe('');
    const long = idFromName('A very long shipping method name that goes on and on');
    expect(long.length).toBeLessThanOrEqual(40);
    expect(METHOD_ID.test(long)).toBe(true);
  });

  it("puts the schema's messages on the form's fields", () => {
    const bad: MethodForm = {
      ...methodFormOf(NEXT_DAY),
      zones: [{ country: 'usa', regions: '' }],
      rates: [{ maxWeight: 'heavy', maxSubtotal: '', amount: '12.345' }],
    };
    expect(Object.keys(messagesOf(bad)).sort()).toEqual(['rates.0.amount', 'rates.0.maxWeight', 'zones.0.country']);
    // The method's own checks (once every field reads): a zone twice goes to its country, days the wrong way round to the most.
    const crossed: MethodForm = {
      ...methodFormOf(NEXT_DAY),
      zones: [
        { country: 'US', regions: 'TX, OK' },
        { country: 'US', regions: 'OK, TX' },
      ],
      transitDays: { min: '5', max: '2' },
    };
    expect(messagesOf(crossed)).toEqual({
      'zones.1.country': 'Zone US is listed twice',
      'transitDays.max': 'transitDays.min can not be above transitDays.max',
    });
    expect(messagesOf(methodFormOf(NEXT_DAY))).toEqual({});
  });

  it("checks a new method's id: the API's pattern, and none of the methods listed", () => {
    const form = { ...methodFormOf(NEXT_DAY), id: 'regional-next-day' };
    expect(messagesOf(form, ['regional-next-day'])).toEqual({ id: 'There is a method with the id regional-next-day already: choose another' });
    expect(Object.keys(messagesOf({ ...form, id: 'Bad Id' }, []))).toEqual(['id']);
    expect(messagesOf({ ...form, id: 'gulf-courier' }, ['regional-next-day'])).toEqual({});
  });

  it("finds the field of the API's paths", () => {
    expect(fieldOfPath('transitDays')).toBe('transitDays.max');
    expect(fieldOfPath('zones.3')).toBe('zones.3.country');
    expect(fieldOfPath('zones.0.regions.12')).toBe('zones.0.regions');
    expect(fieldOfPath('rates.2.amount')).toBe('rates.2.amount');
  });
});
