import { z } from './zod-setup';
import { DOCUMENT_ID_PATTERN } from './ids';
import { pageQuerySchema } from './pagination';
import { priceBreakProblem } from './pricing';
import { commercialField } from './tool';
import { MY_PRICES_MAX_IDS, type ContractPriceCents } from './contract-prices';

/**
 * Contract prices' request schemas (decision 0073); the answers are in contract-prices.answers.ts.
 * The web loads this module only for the price form, lazily.
 */

/**
 * PUT /companies/{id}/prices/{toolId}: the same fields and rules as a tool's own price and price
 * breaks (tool.ts commercialField; breaks default to none, as when a tool is added), so a contract
 * price is anything a list price could be. It need not be below the list price: what was agreed
 * is the admin's to enter. Dollars as `price` on the wire, cents as `priceCents` once parsed.
 */
export const contractPriceInputSchema = z
  .object({ price: commercialField.price, priceBreaks: commercialField.priceBreaks.default([]) })
  .superRefine((p, ctx) => {
    const problem = priceBreakProblem(p.price, p.priceBreaks);
    if (problem) ctx.addIssue({ code: 'custom', path: ['priceBreaks'], message: problem });
  })
  .transform((p): ContractPriceCents => ({ priceCents: p.price, priceBreaks: p.priceBreaks }));
export type ContractPriceInput = z.output<typeof contractPriceInputSchema>;

const TOOL_IDS_MESSAGE = `toolIds is a comma-separated list of 1 to ${MY_PRICES_MAX_IDS} tool ids, like toolIds=a1,b2`;

/**
 * GET /me/prices?toolIds=a,b: 1 to MY_PRICES_MAX_IDS ids (repeats count once), each a document id
 * the shop could have made; the parameter may also be repeated (toolIds=a&toolIds=b).
 */
export const myPricesQuerySchema = z.object({
  toolIds: z.union([z.string(), z.array(z.string()).max(MY_PRICES_MAX_IDS)], { error: TOOL_IDS_MESSAGE }).transform((v, ctx): string[] => {
    const ids = [
      ...new Set(
        (Array.isArray(v) ? v : [v])
          .flatMap((s) => s.split(','))
          .map((s) => s.trim())
          .filter(Boolean),
      ),
    ];
    if (ids.length === 0 || ids.length > MY_PRICES_MAX_IDS) {
      ctx.addIssue({ code: 'custom', message: TOOL_IDS_MESSAGE });
      return z.NEVER;
    }
    const bad = ids.find((id) => !DOCUMENT_ID_PATTERN.test(id));
    if (bad !== undefined) {
      ctx.addIssue({ code: 'custom', message: `"${bad.slice(0, 40)}" is not a tool id (letters, digits, _ and -). ${TOOL_IDS_MESSAGE}` });
      return z.NEVER;
    }
    return ids;
  }),
});
export type MyPricesQuery = z.output<typeof myPricesQuerySchema>;

/** GET /companies/{id}/prices: the shop's usual paging (limit, cursor). */
export const contractPriceListQuerySchema = pageQuerySchema;
