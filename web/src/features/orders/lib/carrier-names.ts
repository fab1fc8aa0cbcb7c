import type { Carrier } from '@fridgeparts/common/shipping/methods';

/**
 * How the shop names a carrier on the order page and in the ship dialog: the words of the
 * checkout's shipping options (components/form/shipping-options.tsx), kept here so the order page
 * does not load that module, which brings react-hook-form into its first load (the route budget).
 */
export const CARRIER_NAMES: Record<Carrier, string> = { ups: 'UPS', fedex: 'FedEx', usps: 'USPS', freight: 'LTL freight', other: 'Other carrier' };
