/**
 * The demo's shipping methods (CONTRACT §14, decision 0075), as an admin would PUT them. They make
 * the home page's promotion true ("free shipping on orders up to 6000 dollars": UPS Ground is free
 * for subtotals up to $6,000.00, priced by weight above), add an express parcel method and a next-day
 * regional one for the states near the Springfield, IL warehouse (so a buyer in Dallas sees an
 * option a buyer in Oakland does not), and an LTL freight method, the only one offered for a
 * freight part such as the condensing unit.
 */
import { shippingMethodInputSchema, type ShippingMethodFields, type ShippingMethodInput } from '../../common/src/shipping/methods.schema';

const NEAR_SPRINGFIELD = ['IL', 'IN', 'IA', 'KY', 'MI', 'MN', 'MO', 'OH', 'WI', 'TN', 'AR', 'OK', 'TX', 'KS', 'NE'];

export const DEMO_SHIPPING_METHODS: Record<string, ShippingMethodInput> = {
  'parcel-ground': {
    name: 'UPS Ground',
    carrier: 'ups',
    zones: [{ country: 'US' }],
    rates: [
      { maxSubtotal: 6000, amount: 0 },
      { maxWeight: 5, amount: 12.5 },
      { maxWeight: 20, amount: 24 },
      { maxWeight: 70, amount: 48 },
      { maxWeight: 150, amount: 95 },
      { amount: 160 },
    ],
    transitDays: { min: 3, max: 5 },
  },
  'parcel-express': {
    name: 'FedEx 2Day',
    carrier: 'fedex',
    zones: [{ country: 'US' }],
    rates: [
      { maxWeight: 5, amount: 29 },
      { maxWeight: 20, amount: 49 },
      { maxWeight: 70, amount: 98 },
      { maxWeight: 150, amount: 185 },
    ],
    transitDays: { min: 2, max: 2 },
  },
  'regional-next-day': {
    name: 'UPS Next Day (Midwest and South)',
    carrier: 'ups',
    zones: [{ country: 'US', regions: NEAR_SPRINGFIELD }],
    rates: [
      { maxWeight: 10, amount: 19.5 },
      { maxWeight: 50, amount: 39 },
    ],
    transitDays: { min: 1, max: 1 },
  },
  'ltl-freight': {
    name: 'LTL freight (lift-gate delivery)',
    carrier: 'freight',
    zones: [{ country: 'US' }],
    rates: [{ maxWeight: 500, amount: 185 }, { maxWeight: 1500, amount: 290 }, { amount: 420 }],
    transitDays: { min: 4, max: 7 },
    freightOnly: true,
  },
};

/** Each method as stored (cents, hundredths of a pound), checked by the API's own schema. */
export const demoShippingMethods = (): [string, ShippingMethodFields][] =>
  Object.entries(DEMO_SHIPPING_METHODS).map(([id, m]) => [id, shippingMethodInputSchema.parse(m)]);
