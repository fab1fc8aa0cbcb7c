import { centsToDollars } from '../money';
import type { ShippingMethodFields, ShippingMethodRecord } from '../shipping/methods.schema';
import type { ShippingMethod } from '../shipping/methods.answers';
import { poundsOf } from '../shipping/parcel';
import { isoTime, type StoredTime } from './time';

/**
 * shippingMethods/{id} (CONTRACT §14, decision 0075): written only by the function (PUT and DELETE
 * /shipping/methods/{id}, admin), read by it for options and orders; no client access. Amounts in
 * cents, weights in hundredths of a pound; `version` counts the writes, for If-Match.
 */
export type ShippingMethodDoc<Time extends StoredTime = StoredTime> = ShippingMethodFields & {
  version: number;
  updatedAt: Time;
};

/** The stored method as the rate choice reads it. */
export function shippingMethodRecord(id: string, d: ShippingMethodDoc): ShippingMethodRecord {
  return {
    id,
    name: d.name,
    carrier: d.carrier,
    zones: d.zones.map((z) => (z.regions ? { country: z.country, regions: [...z.regions] } : { country: z.country })),
    rates: d.rates.map((r) => ({ ...r })),
    transitDays: { min: d.transitDays.min, max: d.transitDays.max },
    freightOnly: d.freightOnly === true,
  };
}

/** The stored method to the API shape: dollars and pounds. */
export function shippingMethodFromDoc(id: string, d: ShippingMethodDoc): ShippingMethod {
  const m = shippingMethodRecord(id, d);
  return {
    ...m,
    rates: m.rates.map((r) => ({
      ...(r.maxWeightHundredths !== undefined ? { maxWeight: poundsOf(r.maxWeightHundredths) } : {}),
      ...(r.maxSubtotalCents !== undefined ? { maxSubtotal: centsToDollars(r.maxSubtotalCents) } : {}),
      amount: centsToDollars(r.amountCents),
    })),
    version: String(d.version),
    updatedAt: isoTime(d.updatedAt),
  };
}
