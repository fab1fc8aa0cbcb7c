/**
 * Shipping methods and their rates (CONTRACT §14, decision 0075). A method serves the zones it
 * lists (a country, and optionally only some of its regions); its rates are tried in order and the
 * first whose limits the order fits gives the price (limits inclusive: an order exactly at a bound
 * fits). Amounts are dollars in JSON and integer cents inside; weights pounds in JSON and whole
 * hundredths of a pound inside. Zod-free (decision 0073): the request schemas are in
 * methods.schema.ts, the answers in methods.answers.ts.
 */

export const CARRIERS = ['ups', 'fedex', 'usps', 'freight', 'other'] as const;
export type Carrier = (typeof CARRIERS)[number];

export const SHIPPING_LIMITS = {
  methods: 50,
  nameLength: 60,
  zones: 50,
  regionsPerZone: 100,
  regionLength: 60,
  rates: 20,
  /** $100,000 per shipment: far above any freight quote, well inside safe integers. */
  amountCents: 10_000_000,
  transitDays: 60,
} as const;

/** A method's id, as in `PUT /shipping/methods/{id}`: lower-case letters, digits and dashes, like `parcel-ground`. */
export const SHIPPING_METHOD_ID = /^[a-z0-9][a-z0-9-]{0,39}$/;
export const SHIPPING_METHOD_ID_MESSAGE = 'A shipping method id is 1 to 40 lower-case letters, digits and dashes, like parcel-ground';

/** A region as matched: trimmed and in capitals, so "ca", "CA " and "CA" are one region. */
export const regionKey = (region: string): string => region.trim().toUpperCase();

/** A rate as stored and as the rate choice reads it: cents and hundredths of a pound; a limit left out is none. */
export interface ShippingRateFields {
  maxWeightHundredths?: number;
  maxSubtotalCents?: number;
  amountCents: number;
}
