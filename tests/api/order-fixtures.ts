import { LINE_AT_REST } from '@fridgeparts/common/testing/sample-booking';
import { catalogued, PARTS, stockOf } from './fixtures';

/**
 * Orders and carts in the API tests (CONTRACT §8): the quick-order tests' three parts, their stock, and
 * an order line as the Booking answer gives it, so a file names only what its
 * tests check.
 */

export type Part = { id: string; partNumber: string };

/** The quick-order tests' three parts (PARTS), catalogued in this order. */
export async function catalogueParts(): Promise<{ gasket: Part; relay: Part; fan: Part }> {
  const gasket = await catalogued(PARTS.gasket);
  const relay = await catalogued(PARTS.relay);
  const fan = await catalogued(PARTS.fan);
  return { gasket, relay, fan };
}

/** The stock of each of `parts`, in their order. */
export const stocksOf = (...parts: Part[]) => Promise.all(parts.map((t) => stockOf(t.id)));

/**
 * An order line of `part` as the Booking answer gives it: `shippedQuantity` of it shipped (none
 * unless told), nothing returned or backordered, resolved from no other number, and no core deposit
 * (decision 0088).
 */
export const bookedLine = (part: Part, line: { name: string; quantity: number; price: number; lineTotal: number; shippedQuantity?: number }) => ({
  toolId: part.id,
  partNumber: part.partNumber,
  name: line.name,
  quantity: line.quantity,
  price: line.price,
  lineTotal: line.lineTotal,
  ...LINE_AT_REST,
  shippedQuantity: line.shippedQuantity ?? 0,
});
