import { dollarsToCents } from '../money';

/**
 * What a part weighs and how it travels (CONTRACT §14, decision 0075), zod-free (decision 0073):
 * the one home of the weight and lead-time constants, which the stored documents' mappers (in the
 * web's live reads), availability and the request schemas (parcel.schema.ts) all import. `weight`
 * is in pounds on the wire (above 0, at most two decimals), `freight` marks parts that go by LTL
 * freight only (a condensing unit), and `leadTimeDays` is the days until more can be made when it
 * runs out. Weights are summed as whole hundredths of a pound (`weightHundredths`), so a bound is
 * met exactly, never by float rounding.
 */

/** 20,000 lb: a truckload; far above any part, well inside safe integers in hundredths. */
export const MAX_WEIGHT_POUNDS = 20_000;
/** Days until more can be made when a tool runs out, when the admin gave none (CONTRACT §14). */
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

/** How a tool answer carries them. `weight` is null only for a tool stored before weights were kept. */
export interface ToolShipping {
  weight: number | null;
  freight: boolean;
  leadTimeDays: number;
}
