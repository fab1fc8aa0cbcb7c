import type { PriceBreakCents } from './pricing';

/**
 * Contract prices (CONTRACT §10, decision 0057): a company's own price for a tool, with its own
 * price breaks, set by the shop admin. Its members are charged it wherever the server prices a
 * line; anyone else never sees it. Dollars in JSON, integer cents inside, as everywhere.
 *
 * Zod-free (decision 0073): the web's first load reads MY_PRICES_MAX_IDS. The schemas, and the
 * answer types as their `z.infer`, are in contract-prices.schema.ts.
 */

/** The most tool ids one GET /me/prices may name: its reads are one membership and one getAll of at most this many. */
export const MY_PRICES_MAX_IDS = 100;

/** A contract price inside: what unitPriceCentsFor reads (pricing.ts), from this company's document. */
export interface ContractPriceCents {
  priceCents: number;
  priceBreaks: PriceBreakCents[];
}
