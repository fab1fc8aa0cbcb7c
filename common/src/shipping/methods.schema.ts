import { z } from '../zod-setup';
import { dollarsToCents } from '../money';
import { textField, wholeNumber } from '../strict';
import { MAX_WEIGHT_POUNDS, weightHundredths, WEIGHT_MESSAGE } from './parcel';
import { CARRIERS, regionKey, SHIPPING_LIMITS, SHIPPING_METHOD_ID, SHIPPING_METHOD_ID_MESSAGE, type ShippingRateFields } from './methods';

/** The shipping methods' request schemas (CONTRACT §14, decision 0075): PUT /shipping/methods/{id} and the method id the order bodies name. */

export const shippingMethodIdSchema = z.string({ error: SHIPPING_METHOD_ID_MESSAGE }).regex(SHIPPING_METHOD_ID, SHIPPING_METHOD_ID_MESSAGE);

const COUNTRY = /^[A-Z]{2}$/;
const COUNTRY_MESSAGE = 'Country is a two-letter ISO code in capitals, like US';

const AMOUNT_MESSAGE = `A rate's amount is dollars from 0 to ${(SHIPPING_LIMITS.amountCents / 100).toLocaleString('en-US')}, at most 2 decimals, like 12.50`;
const MAX_SUBTOTAL_MESSAGE = "A rate's maxSubtotal is dollars above 0, at most 2 decimals, like 6000.00";

const centsField = (message: string, opts: { min: number; max: number }) =>
  z.union([z.number(), z.string()], { error: message }).transform((v, ctx) => {
    const cents = dollarsToCents(v);
    if (cents === null || cents < opts.min || cents > opts.max) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return cents;
  });

const maxWeightField = z.union([z.number(), z.string()], { error: WEIGHT_MESSAGE }).transform((v, ctx) => {
  const h = weightHundredths(v);
  if (h === null || h <= 0 || h > MAX_WEIGHT_POUNDS * 100) {
    ctx.addIssue({ code: 'custom', message: `A rate's maxWeight: ${WEIGHT_MESSAGE}` });
    return z.NEVER;
  }
  return h;
});

export const shippingZoneSchema = z.strictObject(
  {
    country: z.string({ error: COUNTRY_MESSAGE }).regex(COUNTRY, COUNTRY_MESSAGE),
    regions: z
      .array(textField('Region', { max: SHIPPING_LIMITS.regionLength }), { error: 'regions is a list of region codes, like ["CA", "OR"]' })
      .min(1, 'regions, when given, names at least one region (leave it out for the whole country)')
      .max(SHIPPING_LIMITS.regionsPerZone, `At most ${SHIPPING_LIMITS.regionsPerZone} regions per zone`)
      .transform((list) => [...new Set(list.map(regionKey))])
      .optional(),
  },
  { error: 'A zone is { country, regions? }' },
);

/** A rate as PUT takes it (dollars, pounds); the output is cents and hundredths of a pound. */
export const shippingRateSchema = z
  .strictObject(
    {
      maxWeight: maxWeightField.optional(),
      maxSubtotal: centsField(MAX_SUBTOTAL_MESSAGE, { min: 1, max: 99_999_999 }).optional(),
      amount: centsField(AMOUNT_MESSAGE, { min: 0, max: SHIPPING_LIMITS.amountCents }),
    },
    { error: 'A rate is { maxWeight?, maxSubtotal?, amount }' },
  )
  .transform((r): ShippingRateFields => ({
    ...(r.maxWeight !== undefined ? { maxWeightHundredths: r.maxWeight } : {}),
    ...(r.maxSubtotal !== undefined ? { maxSubtotalCents: r.maxSubtotal } : {}),
    amountCents: r.amount,
  }));

const TRANSIT_MESSAGE = `Transit days are whole working days from 0 to ${SHIPPING_LIMITS.transitDays}`;
const transitDay = wholeNumber(TRANSIT_MESSAGE, { min: 0, max: SHIPPING_LIMITS.transitDays, allowText: false });

/** PUT /shipping/methods/{id} (admin): the whole method; the id is the path's. */
export const shippingMethodInputSchema = z
  .strictObject({
    name: textField('Name', { max: SHIPPING_LIMITS.nameLength }),
    carrier: z.enum(CARRIERS, { error: `Carrier is one of ${CARRIERS.join(', ')}` }),
    zones: z
      .array(shippingZoneSchema, { error: 'zones is a list of { country, regions? }' })
      .min(1, 'A method serves at least one zone')
      .max(SHIPPING_LIMITS.zones, `At most ${SHIPPING_LIMITS.zones} zones`),
    rates: z
      .array(shippingRateSchema, { error: 'rates is a list of { maxWeight?, maxSubtotal?, amount }' })
      .min(1, 'A method has at least one rate')
      .max(SHIPPING_LIMITS.rates, `At most ${SHIPPING_LIMITS.rates} rates`),
    transitDays: z.strictObject({ min: transitDay, max: transitDay }, { error: 'transitDays is { min, max } in working days' }),
    freightOnly: z.boolean({ error: 'freightOnly is true or false' }).default(false),
  })
  .superRefine((m, ctx) => {
    if (m.transitDays.min > m.transitDays.max)
      ctx.addIssue({ code: 'custom', path: ['transitDays'], message: 'transitDays.min can not be above transitDays.max' });
    const seen = new Set<string>();
    m.zones.forEach((z, i) => {
      const key = `${z.country}:${z.regions ? [...z.regions].sort().join(',') : '*'}`;
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: ['zones', i], message: `Zone ${z.country} is listed twice` });
      seen.add(key);
    });
  });
export type ShippingMethodInput = z.input<typeof shippingMethodInputSchema>;
/** The method as stored (shippingMethods/{id}) and as the rate choice reads it: amounts in cents, weights in hundredths of a pound. */
export type ShippingMethodFields = z.output<typeof shippingMethodInputSchema>;
/** A stored method with its id. */
export type ShippingMethodRecord = ShippingMethodFields & { id: string };
