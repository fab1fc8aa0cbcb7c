import type { Transaction } from 'firebase-admin/firestore';
import type { Address } from '@fridgeparts/common/company.answers';
import { centsToDollars } from '@fridgeparts/common/money';
import { NO_SHIPPING_MESSAGE, orderWeightHundredths, rateOrder, type RatedMethod, type RatedOrder } from '@fridgeparts/common/shipping/rates';
import { addressLine, SHOP_ADDRESS, type OrderShippingDoc, type ShippingChoice } from '@fridgeparts/common/shipping/order';
import type { ShippingOption } from '@fridgeparts/common/shipping/options.answers';
import { deliveryEstimate, shipsOn } from '@fridgeparts/common/shipping/ship-dates';
import type { ShippingMethodRecord } from '@fridgeparts/common/shipping/methods.schema';
import type { BookingDoc, ToolDoc } from '../../data/firestore';
import { badRequest } from '../../errors';
import { shipCutoff } from '../../config';
import { readShippingMethods } from './methods';

/**
 * Shipping on a new order (CONTRACT §14, decision 0075), inside the order's transaction: where it
 * goes (the company's ship-to, the address object sent, or for the one-line address the shop's
 * own), the methods that serve it (read in the transaction, before its writes), the one chosen
 * (`shippingMethodId`, default the cheapest) and its amount. A shop with no shipping methods at all
 * charges none, as before shipping existed; a shop with methods none of which serves the order
 * refuses it with 400 saying so.
 */

export interface ShippedLine {
  tool: Pick<ToolDoc, 'weight' | 'freight'>;
  quantity: number;
  /** The line's total in cents, as priced for the buyer. */
  totalCents: number;
}

/** What the order keeps: the method's copy, the address object (null for the one line) and, for an object, its one line. */
export interface OrderShippingPlan {
  shipping: OrderShippingDoc | null;
  shippingAddress: Address | null;
  /** The one-line `address` to store when the order was given the object. */
  addressText?: string;
}

export function ratedOrderOf(lines: readonly ShippedLine[]): RatedOrder {
  return {
    subtotalCents: lines.reduce((sum, l) => sum + l.totalCents, 0),
    weightHundredths: orderWeightHundredths(lines.map((l) => ({ quantity: l.quantity, weight: l.tool.weight }))),
    hasFreight: lines.some((l) => l.tool.freight === true),
  };
}

/** The field a refusal names: where the address came from. */
const whereField = (shipTo: boolean, choice: ShippingChoice) => (shipTo ? 'shipToId' : choice.shippingAddress ? 'shippingAddress' : 'address');

/** The one method an order ships by, or 400: none serves, or the one asked for does not. */
export function chooseMethod(
  methods: readonly ShippingMethodRecord[],
  order: RatedOrder,
  to: Address,
  choice: ShippingChoice,
  field: string,
): RatedMethod | null {
  if (methods.length === 0) {
    if (choice.shippingMethodId !== undefined)
      throw badRequest(`There is no shipping method "${choice.shippingMethodId}".`, { shippingMethodId: 'Not a shipping method of the shop' });
    return null;
  }
  const rated = rateOrder(methods, order, to);
  if (rated.length === 0) throw badRequest(NO_SHIPPING_MESSAGE, { [field]: NO_SHIPPING_MESSAGE });
  if (choice.shippingMethodId === undefined) return rated[0]!;
  const chosen = rated.find((r) => r.method.id === choice.shippingMethodId);
  if (!chosen) {
    const message = `Shipping method "${choice.shippingMethodId}" does not serve this order: choose one of ${rated.map((r) => r.method.id).join(', ')}`;
    throw badRequest(message, { shippingMethodId: message });
  }
  return chosen;
}

/**
 * The order's shipping, in `tx` (its reads before the order's writes). `shipTo` is the company's
 * ship-to address when the order goes to one.
 */
export async function planOrderShipping(
  tx: Transaction,
  o: { choice: ShippingChoice; shipTo: Address | null; lines: readonly ShippedLine[] },
): Promise<OrderShippingPlan> {
  const to = o.shipTo ?? o.choice.shippingAddress ?? SHOP_ADDRESS;
  const methods = await readShippingMethods(tx);
  const chosen = chooseMethod(methods, ratedOrderOf(o.lines), to, o.choice, whereField(o.shipTo !== null, o.choice));
  const shippingAddress = o.shipTo ?? o.choice.shippingAddress ?? null;
  return {
    shipping: chosen ? { methodId: chosen.method.id, name: chosen.method.name, carrier: chosen.method.carrier, amountCents: chosen.amountCents } : null,
    shippingAddress,
    ...(o.shipTo === null && o.choice.shippingAddress ? { addressText: addressLine(o.choice.shippingAddress) } : {}),
  };
}

/**
 * The fields the plan adds to a reserved order: the copy, the address object and its one line,
 * and the shipping in the total. Absent fields stay absent, so an order of a shop without methods
 * is stored as before.
 */
export function orderShippingFields(
  plan: OrderShippingPlan,
  linesTotalCents: number,
): Partial<Pick<BookingDoc, 'shipping' | 'shippingAddress' | 'address' | 'totalCents'>> {
  return {
    ...(plan.shipping ? { shipping: plan.shipping, totalCents: linesTotalCents + plan.shipping.amountCents } : {}),
    ...(plan.shippingAddress ? { shippingAddress: plan.shippingAddress } : {}),
    ...(plan.addressText ? { address: plan.addressText } : {}),
  };
}

/** The options of an order at `to`, cheapest first, with their dates from `now`. */
export function optionsFor(
  methods: readonly ShippingMethodRecord[],
  order: RatedOrder,
  to: Address | { country: string; region: string },
  now: Date,
): ShippingOption[] {
  const shipDate = shipsOn(now, shipCutoff());
  return rateOrder(methods, order, to).map((r) => ({
    id: r.method.id,
    name: r.method.name,
    carrier: r.method.carrier,
    amount: centsToDollars(r.amountCents),
    ...(r.freeUpToCents !== undefined ? { freeUpTo: centsToDollars(r.freeUpToCents) } : {}),
    deliveryEstimate: deliveryEstimate(shipDate, r.method.transitDays),
    shipsOn: shipDate,
  }));
}
