import { z } from '../zod-setup';
import { wholeNumber } from '../strict';
import {
  DEFAULT_LEAD_TIME_DAYS,
  FREIGHT_MESSAGE,
  LEAD_TIME_MESSAGE,
  MAX_LEAD_TIME_DAYS,
  MAX_WEIGHT_POUNDS,
  poundsOf,
  WEIGHT_MESSAGE,
  weightHundredths,
} from './parcel';

/** A part's weight, freight and lead time as requests take them (CONTRACT §14); the constants and messages are parcel.ts's. */

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
