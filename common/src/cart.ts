import { z } from 'zod';
import { MAX_QUANTITY, QUICK_ORDER_MAX_LINES } from './constants';
import { MESSAGES } from './messages';
import { documentIdSchema } from './ids';
import { addressOrShipTo, backorderField, contactFields, memberContactFields, oneAddress, poNumberSchema, shipCompleteField, shipToFields } from './booking';
import { textField, wholeNumber } from './strict';
import { lookupNumberSchema } from './parts';

/**
 * The cart (CONTRACT §8): stored on the server per account (carts/{uid}), so it follows the buyer
 * to another device. Nothing is reserved until checkout; every read prices and checks each line
 * against the tool as it is now.
 */

/** At most this many lines (one per tool), like an order. */
export const CART_MAX_LINES = QUICK_ORDER_MAX_LINES;

// The answers (Cart, CartLine, CartMovedBody) are cart.answers.ts's, their types the schemas' z.infer
// (decision 0073); their names said here too, erased, where their callers look.
export type { Cart, CartLine, CartMovedBody } from './cart.answers';

/** The version the caller saw, in the body (the same value an If-Match header may carry instead). */
const versionField = textField('version', { max: 64 }).optional();

const cartQuantity = wholeNumber(MESSAGES.quantityOutOfRange, { min: 1, max: MAX_QUANTITY });

/** A line names its tool by id (tool page, catalogue, reorder) or by part number (quick order), not both. */
const cartLineInput = z.union(
  [
    z.strictObject({ toolId: documentIdSchema('toolId'), quantity: cartQuantity, backorder: backorderField }),
    z.strictObject({ partNumber: lookupNumberSchema('partNumber'), quantity: cartQuantity, backorder: backorderField }),
  ],
  { error: 'Each line is { toolId, quantity } or { partNumber, quantity }, with backorder: true to backorder what is not in stock' },
);
export type CartLineInput = z.output<typeof cartLineInput>;

/**
 * PUT /cart: replaces the cart. At most 50 lines, one per tool (the server answers 400 with
 * `fields` naming `lines.{i}.toolId` / `lines.{i}.partNumber` for a repeated tool or an unknown
 * part number or tool, and stores nothing). An empty list empties the cart.
 */
export const cartInputSchema = z.object({
  lines: z
    .array(cartLineInput, { error: 'lines must be a list of { toolId | partNumber, quantity }' })
    .max(CART_MAX_LINES, `At most ${CART_MAX_LINES} lines in a cart`),
  version: versionField,
});
export type CartInput = z.output<typeof cartInputSchema>;

/**
 * POST /booking/checkout: books the cart as one order (phone, address, PO number as POST /booking
 * takes them). 400 `fields` keys `lines.{i}.quantity` / `lines.{i}.toolId` name the cart lines that
 * stop it; 400 with CART_EMPTY_MESSAGE for an empty cart.
 */
/** The web checkout form: a buyer of no company types the address. */
export const checkoutFormSchema = z.object({ ...contactFields, poNumber: poNumberSchema, version: versionField });
/** The web checkout form of a company member: a ship-to location chosen instead of an address (decision 0060). */
export const checkoutMemberFormSchema = z.object({ ...memberContactFields, poNumber: poNumberSchema, version: versionField });
/** The API's body: a company member sends `shipToId` instead of `address` (CONTRACT §10, decision 0056). */
export const checkoutSchema = checkoutFormSchema
  .extend({ ...shipToFields, shipComplete: shipCompleteField })
  .refine(...addressOrShipTo)
  .refine(...oneAddress);
export type CheckoutInput = z.output<typeof checkoutSchema>;

/**
 * POST /cart/lines (CONTRACT §13): adds 1 to 50 lines to the stored cart, merged on the server in
 * one transaction: a tool already in the cart (or named twice here) gets the quantities added, a
 * new tool is appended. Quantity problems are stored and answered as PUT /cart does. Unknown keys
 * are refused, on the body as on each line. 400 `fields` keys `lines.{i}.toolId` /
 * `lines.{i}.partNumber` (i: the place in this list) for a line naming no tool; `lines` when the
 * cart would hold more than 50 tools; `lines.{i}.quantity` when a tool's quantity would pass
 * MAX_QUANTITY.
 */
export const cartLinesInputSchema = z.strictObject({
  lines: z
    .array(cartLineInput, { error: 'lines must be a list of { toolId | partNumber, quantity }' })
    .min(1, 'Send at least one line to add')
    .max(CART_MAX_LINES, `At most ${CART_MAX_LINES} lines at once (a cart holds at most ${CART_MAX_LINES})`),
});
export type CartLinesInput = z.output<typeof cartLinesInputSchema>;

/** "At most 50 parts": the cart would hold more tools than an order may have. */
export const CART_FULL_MESSAGE = `A cart holds at most ${CART_MAX_LINES} different parts. Check out or remove some lines first.`;

export const CART_EMPTY_MESSAGE = 'Your cart is empty. Add parts to it before checking out.';
