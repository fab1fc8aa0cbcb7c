import { z } from '../zod-setup';
import { dollarsToCents } from '../money';
import { wholeNumber } from '../strict';

/**
 * What a part weighs and how it travels (CONTRACT §14, decision 0075): `weight` in pounds (above 0,
 * at most two decimals), `freight` for parts that go by LTL freight only (a condensing unit), and
 * `leadTimeDays`, the days until more can be made when it runs out. Weights are summed as whole
 * hundredths of a pound (`weightHundredths`), so a bound is met exactly, never by float rounding.
 */

/** 20,000 lb: a truckload; far above any part, well inside safe integers in hundredths. */
export const MAX_WEIGHT_POUNDS = 20_000;
export const DEFAULT_LEAD_TIME_DAYS = 14;
export const MAX_LEAD_TIME_DAYS = 365;

export const WEIGHT_MESSAGE = `Weight must be in pounds, above 0 and at most ${MAX_WEIGHT_POUNDS.toLocaleString('en-US')}, with at most 2 decimals, like 12.5`;
export const LEAD_TIME_MESSAGE = `Lead time must be a whole number of days from 0 to ${MAX_LEAD_TIME_DAYS}`;
export const FREIGHT_MESSAGE = 'Freight is true (LTL freight only) or false';

/** Pounds as whole hundredths (12.5 -> 1250), or null when not a weight of at most 2 decimals. */
export function weightHundredths(value: string | number): number | null {
  // The same decimal grammar as dollars: digits, at most two decimals, no exponent, no sign.
  return dollarsToCents(value);
}

/** Hundredths of a pound back to pounds (1250 -> 12.5). */
export const poundsOf = (hundredths: number): number => Math.round(hundredths) / 100;

/** A weight in pounds: a JSON number or the form's text; the output is pounds (a number, 2 decimals at most). */
export const weightSchema = z.union([z.number(), z.string()], { error: WEIGHT_MESSAGE }).transform((v, ctx) => {
  const h = weightHundredths(v);
  if (h === null || h <= 0 || h > MAX_WEIGHT_POUNDS * 100) {
    ctx.addIssue({ code: 'custom', message: WEIGHT_MESSAGE });
    return z.NEVER;
  }
  return poundsOf(h);
});

/** LTL freight only: a JSON boolean (the form's checkbox sends one too). */
export const freightSchema = z.boolean({ error: FREIGHT_MESSAGE });

export const leadTimeDaysSchema = wholeNumber(LEAD_TIME_MESSAGE, { min: 0, max: MAX_LEAD_TIME_DAYS });

/** The three fields as POST /addItem takes them: weight required, the others defaulted. */
export const toolShippingFields = {
  weight: weightSchema,
  freight: freightSchema.default(false),
  leadTimeDays: leadTimeDaysSchema.default(DEFAULT_LEAD_TIME_DAYS),
};

/** The same, each optional without defaults (PATCH /manage/{id}). */
export const toolShippingPatchFields = {
  weight: weightSchema.optional(),
  freight: freightSchema.optional(),
  leadTimeDays: leadTimeDaysSchema.optional(),
};

/** How a tool answer carries them. `weight` is null only for a tool stored before weights were kept. */
export interface ToolShipping {
  weight: number | null;
  freight: boolean;
  leadTimeDays: number;
}
