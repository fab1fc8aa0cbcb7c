import { z } from './zod-setup';
import { availabilityAnswerSchema, day, dollars, errorBodyAnswerSchema, isoTime, resolvedFromAnswerSchema } from './answer-fields.schema';
import { orderTaxAnswerSchema } from './tax/tax.answers';

/**
 * The cart's answers (CONTRACT §8, §13) as zod schemas, and the answer types as their `z.infer`
 * (decision 0073): written once here, named in the OpenAPI document by
 * openapi/response-schemas.ts, imported by the web as types only (cart.ts says their names too,
 * erased). The request schemas and the limits are cart.ts's.
 */

/**
 * One line of the cart as answered: the tool as it is now, the unit price after price breaks for
 * this quantity, the line total, and why it can not be ordered as it stands (null when it can).
 * A tool removed from the catalogue since it was added keeps its line, with a problem, until the
 * buyer removes it; its price, total and bounds are then null.
 */
const cartLineAnswerSchema = z.object({
  toolId: z.string(),
  partNumber: z.string().nullable(),
  /** The tool's name, or null when the tool is gone. */
  name: z.string().nullable(),
  quantity: z.number().int(),
  /** Unit price in dollars after price breaks for this quantity; null when the tool is gone. */
  price: dollars.nullable(),
  /** price x quantity in dollars; null when the tool is gone. */
  lineTotal: dollars.nullable(),
  minimumQuantity: z.number().int().nullable(),
  packSize: z.number().int().nullable(),
  availableQuantity: z.number().int().nullable(),
  /** CONTRACT §14: the tool's availability now, as its tool answers carry it; null when the tool is gone. */
  availability: availabilityAnswerSchema.nullable(),
  /** The booking rules' message (minimum, pack size, stock, gone, replaced), or null. */
  problem: z.string().nullable(),
  /**
   * CONTRACT §11: the number the line was last added by when it was not the part's own (older,
   * discontinued, OEM, competitor), kept while the line stays, so the page says so beside it; null
   * otherwise.
   */
  resolvedFrom: resolvedFromAnswerSchema.nullable(),
  /** CONTRACT §14 (decision 0080): the buyer lets this line backorder what is not in stock. */
  backorder: z.boolean(),
  /** How much of the line would be backordered if checked out now (0 unless `backorder`). */
  backorderedQuantity: z.number().int().min(0),
  /** YYYY-MM-DD the backordered part is expected, or null when nothing would be backordered. */
  expectedOn: day.nullable(),
  /** Charged apart from the line total at checkout. */
  coreDeposit: dollars.describe('The refundable core deposit of the line, deposit x quantity (decision 0088); 0: none'),
});
export type CartLine = z.infer<typeof cartLineAnswerSchema>;

/** GET /cart and PUT /cart answer. */
export const cartAnswerSchema = z.object({
  lines: z.array(cartLineAnswerSchema),
  /** lines.length: what the navigation bar shows. */
  lineCount: z.number().int(),
  /** Sum of the line totals that have a price and their core deposits (decision 0088), in dollars. */
  total: dollars,
  /** True when there is at least one line and no line has a problem: checkout would pass now. */
  ready: z.boolean(),
  /** ISO time of the last change, or null for a cart never written. */
  updatedAt: isoTime.nullable(),
  /**
   * The stored cart's version (CONTRACT §13), also sent as the answer's `ETag` ("<version>"): it
   * changes on every write of the cart (PUT /cart, POST /cart/lines, checkout), and only then.
   * PUT /cart and POST /booking/checkout take it back (If-Match or `version`) and answer 412 when
   * the cart moved since. Opaque to callers: compare it, never compute it (docs/decisions/0043).
   */
  version: z.string(),
  /**
   * CONTRACT §15 (decision 0083): the sales tax checking out now would charge, its lines referenced
   * by tool id, with the cheapest shipping method (or the one named) taxed where it is taxed; null
   * when no ship-to is known (GET /cart without shipToId or an address, PUT /cart, POST /cart/lines)
   * or no line can be ordered.
   */
  tax: orderTaxAnswerSchema.nullable().describe('What checking out now would charge in sales tax; null when no ship-to is known (CONTRACT §15)'),
});
export type Cart = z.infer<typeof cartAnswerSchema>;

/** 412 from PUT /cart or POST /booking/checkout: the cart changed since `version`; here it is now. */
export const cartMovedAnswerSchema = errorBodyAnswerSchema.extend({ cart: cartAnswerSchema });
export type CartMovedBody = z.infer<typeof cartMovedAnswerSchema>;
