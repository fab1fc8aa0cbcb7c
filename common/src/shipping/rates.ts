import { regionKey, type ShippingRateFields } from './methods';
import type { ShippingMethodRecord } from './methods.schema';

/**
 * The pure rate choice (CONTRACT §14, decision 0075): which methods serve an order going to a
 * place, and what each costs. A method serves a destination when one of its zones names the
 * country and either no regions or the destination's region. Its price is the first rate whose
 * limits the order fits, limits inclusive (an order of exactly $6,000.00 fits a rate up to
 * $6,000.00); a method none of whose rates fit does not serve the order. An order with a freight
 * part goes by freight-only methods only, and an order without one never by them (LTL for a
 * thermostat is no offer). Cheapest first; equal prices by the sooner delivery, then by id, so
 * the default (the first) never depends on storage order.
 */

export interface RatedOrder {
  /** The lines' total in cents (what the buyer pays for the parts, before shipping). */
  subtotalCents: number;
  /** The parts' weight, quantity x each part's weight, in hundredths of a pound. */
  weightHundredths: number;
  /** Whether any part goes by LTL freight only. */
  hasFreight: boolean;
}

export interface Destination {
  country: string;
  /** '' where the country has none or it was not given. */
  region: string;
}

export interface RatedMethod {
  method: ShippingMethodRecord;
  amountCents: number;
  /** Cents: the method is free for subtotals up to this (its first free rate limited by subtotal alone). */
  freeUpToCents?: number;
}

export function servesDestination(method: Pick<ShippingMethodRecord, 'zones'>, to: Destination): boolean {
  const region = regionKey(to.region);
  return method.zones.some((z) => z.country === to.country && (z.regions === undefined || z.regions.some((r) => regionKey(r) === region)));
}

export function rateFits(rate: ShippingRateFields, order: Pick<RatedOrder, 'subtotalCents' | 'weightHundredths'>): boolean {
  return (
    (rate.maxWeightHundredths === undefined || order.weightHundredths <= rate.maxWeightHundredths) &&
    (rate.maxSubtotalCents === undefined || order.subtotalCents <= rate.maxSubtotalCents)
  );
}

/** The first rate the order fits, or null. */
export function firstFittingRate(
  rates: readonly ShippingRateFields[],
  order: Pick<RatedOrder, 'subtotalCents' | 'weightHundredths'>,
): ShippingRateFields | null {
  return rates.find((r) => rateFits(r, order)) ?? null;
}

/** The subtotal up to which a method is free, when its first free rate is limited by subtotal alone. */
export function freeUpToCents(rates: readonly ShippingRateFields[]): number | undefined {
  const free = rates.find((r) => r.amountCents === 0);
  return free && free.maxWeightHundredths === undefined && free.maxSubtotalCents !== undefined ? free.maxSubtotalCents : undefined;
}

/** Every method that serves the order at `to`, with its price, cheapest first; empty when none does. */
export function rateOrder(methods: readonly ShippingMethodRecord[], order: RatedOrder, to: Destination): RatedMethod[] {
  const out: RatedMethod[] = [];
  for (const method of methods) {
    if (method.freightOnly !== order.hasFreight) continue;
    if (!servesDestination(method, to)) continue;
    const rate = firstFittingRate(method.rates, order);
    if (!rate) continue;
    const free = freeUpToCents(method.rates);
    out.push({ method, amountCents: rate.amountCents, ...(free !== undefined ? { freeUpToCents: free } : {}) });
  }
  return out.sort(
    (a, b) =>
      a.amountCents - b.amountCents ||
      a.method.transitDays.max - b.method.transitDays.max ||
      a.method.transitDays.min - b.method.transitDays.min ||
      (a.method.id < b.method.id ? -1 : a.method.id > b.method.id ? 1 : 0),
  );
}

/** The order's weight in hundredths of a pound; a part stored without a weight counts as 0. */
export function orderWeightHundredths(lines: readonly { quantity: number; weight: number | null | undefined }[]): number {
  return lines.reduce((sum, l) => sum + l.quantity * Math.round((l.weight ?? 0) * 100), 0);
}

export const NO_SHIPPING_MESSAGE = 'No shipping method serves this address for these parts: check the country and region, or ask the shop for a freight quote';
