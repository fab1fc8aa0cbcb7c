import type { Address } from '../company.answers';
import type { Carrier } from './methods';

/**
 * Shipping on an order (CONTRACT §14, decision 0075). The order-making bodies (POST /booking, POST
 * /booking/quick, POST /booking/checkout) take an optional `shippingMethodId` (default: the
 * cheapest method serving the address) and, for a buyer of no company, the address as an object
 * (`shippingAddress`, §10's shape). The seed's one-line `address` stays accepted: it is printed
 * as given and shipped by the default method, and the order says the address is not verified.
 * Zod-free (decision 0073): the bodies' fields are in order.schema.ts, the answer's copy in
 * order.answers.ts.
 */

/** §10's address object, as the order keeps it. */
export type ShippingAddress = Address;

export const BOTH_ADDRESSES_MESSAGE = 'Send the address once: either shippingAddress (the object) or address (one line of text), not both';

/** The copy of the chosen method an order keeps (order.answers.ts OrderShipping), as stored: cents. */
export interface OrderShippingDoc {
  methodId: string;
  name: string;
  carrier: Carrier;
  amountCents: number;
}

/** The one line the seed's screens show: "12 Main St, Suite 4, Oakland, CA 94607, US". */
export function addressLine(a: Address): string {
  const cityLine = [a.city, [a.region, a.postalCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [a.line1, a.line2, cityLine, a.country].filter(Boolean).join(', ');
}

/**
 * Where the shop itself is (SHOP.addressLines in constants.ts): an order given only the one-line
 * address is rated as if it shipped here (CONTRACT §14: shipped by the default method, taxed at
 * the shop's own address), and says "address not verified".
 */
export const SHOP_ADDRESS: Address = {
  line1: '400 Compressor Way',
  line2: '',
  city: 'Springfield',
  region: 'IL',
  postalCode: '62701',
  country: 'US',
};

/** What an order body says about its shipping (all three order-making bodies carry these). */
export interface ShippingChoice {
  shippingMethodId?: string;
  shippingAddress?: Address;
}

/** The words for an order whose address was given as one line of text (CONTRACT §14). */
export const ADDRESS_NOT_VERIFIED = "Address not verified: given as one line of text, rated from the shop's own address";
