import { dollarsToCents } from './money';

/**
 * Weights and lead times without zod (CONTRACT §14), so the stored documents' mappers (imported by
 * the web's live reads) can use them: pounds on the wire, whole hundredths of a pound inside.
 */

/** 20,000 lb: a truckload; far above any part, well inside safe integers in hundredths. */
export const MAX_WEIGHT_POUNDS = 20_000;
export const DEFAULT_LEAD_TIME_DAYS = 14;
export const MAX_LEAD_TIME_DAYS = 365;

/** Pounds as whole hundredths (12.5 -> 1250), or null when not a weight of at most 2 decimals. */
export function weightHundredths(value: string | number): number | null {
  // The same decimal grammar as dollars: digits, at most two decimals, no exponent, no sign.
  return dollarsToCents(value);
}

/** Hundredths of a pound back to pounds (1250 -> 12.5). */
export const poundsOf = (hundredths: number): number => Math.round(hundredths) / 100;
