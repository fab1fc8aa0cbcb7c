import { CARRIER_NAMES, shippingAmountText } from '../../../lib/domain/shipping-words';
import type { ShippingMethod, ShippingRate, ShippingZone } from '@fridgeparts/common/shipping/methods.answers';
import { formatDollars } from '@fridgeparts/common/money';

/**
 * A shipping method in words (CONTRACT §14, decision 0078), as the admin's table and the messages
 * say it: the zones ("US: TX, OK, LA", "US (all)"), the rates in the order they are tried ("up to
 * $6,000.00: Free", "up to 5 lb: $12.50", "otherwise: $160.00"), the transit days ("3-5 days").
 * Zod-free, so the page's first load carries none of the schemas.
 */

/** One zone: the country and its regions, or "(all)" when the zone is the whole country. */
export const zoneText = (z: ShippingZone): string => (z.regions && z.regions.length > 0 ? `${z.country}: ${z.regions.join(', ')}` : `${z.country} (all)`);

export const zonesText = (zones: readonly ShippingZone[]): string => zones.map(zoneText).join('; ');

/** Pounds as people write them: 5 lb, 0.5 lb, 1,500 lb. */
export const poundsText = (pounds: number): string => `${pounds.toLocaleString('en-US', { maximumFractionDigits: 2 })} lb`;

/**
 * One rate's limits in words: "up to 5 lb", "up to $6,000.00", both with "and"; a rate with no limit
 * takes every order that reaches it: "any order" when it is the first, else "otherwise".
 */
export function rateLimitText(rate: ShippingRate, index: number): string {
  const limits = [
    ...(rate.maxWeight !== undefined ? [poundsText(rate.maxWeight)] : []),
    ...(rate.maxSubtotal !== undefined ? [formatDollars(rate.maxSubtotal)] : []),
  ];
  if (limits.length === 0) return index === 0 ? 'any order' : 'otherwise';
  return `up to ${limits.join(' and ')}`;
}

/**
 * Each rate as a line, in the order they are tried (the first that fits wins), and, when the last
 * one has a limit, what is left over: an order past every limit is not served by the method.
 */
export function rateLines(rates: readonly ShippingRate[]): string[] {
  const lines = rates.map((r, i) => `${rateLimitText(r, i)}: ${shippingAmountText(r.amount)}`);
  const last = rates.at(-1);
  if (last && (last.maxWeight !== undefined || last.maxSubtotal !== undefined)) lines.push('above: not offered');
  return lines;
}

export const ratesText = (rates: readonly ShippingRate[]): string => rateLines(rates).join('; ');

/** Working days on the way: "1 day", "2 days", "3-5 days". */
export function transitText({ min, max }: { min: number; max: number }): string {
  if (min === max) return `${min} ${min === 1 ? 'day' : 'days'}`;
  return `${min}-${max} days`;
}

/** The whole method in one sentence, for the messages that name it (a 412's current values, a delete's question). */
export function methodText(m: ShippingMethod): string {
  const freight = m.freightOnly ? '; freight only' : '';
  return `${m.name} (${CARRIER_NAMES[m.carrier]}); zones ${zonesText(m.zones)}; rates ${ratesText(m.rates)}; transit ${transitText(m.transitDays)}${freight}.`;
}
