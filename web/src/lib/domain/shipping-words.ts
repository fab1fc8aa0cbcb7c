import { formatDollars } from '@fridgeparts/common/money';
import type { Carrier } from '@fridgeparts/common/shipping/methods';

/** A shipping amount as the shop says it everywhere (options, totals, the order, the admin's rates): "Free" or "$24.50". */
export const shippingAmountText = (amount: number): string => (amount === 0 ? 'Free' : formatDollars(amount));

/** How the shop names a carrier, to a buyer and to the admin alike. */
export const CARRIER_NAMES: Record<Carrier, string> = { ups: 'UPS', fedex: 'FedEx', usps: 'USPS', freight: 'LTL freight', other: 'Other carrier' };
