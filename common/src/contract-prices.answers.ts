import { z } from './zod-setup';
import { dollars, isoTime } from './answer-fields.schema';

/**
 * Contract prices' answers as zod schemas, and the answer types as their `z.infer` (decision 0073),
 * imported by the web as types only; named in the OpenAPI document by openapi/response-schemas.ts.
 */

const contractPriceFields = {
  toolId: z.string(),
  price: dollars,
  /** Ascending; unit price in dollars from minQuantity on, as a tool's own breaks. */
  priceBreaks: z.array(z.object({ minQuantity: z.number().int(), price: dollars })),
};

/** A contract price as the API answers it (dollars). */
export const contractPriceAnswerSchema = z.object(contractPriceFields);
export type ContractPrice = z.infer<typeof contractPriceAnswerSchema>;

/** A contract price as the shop admin sees it: when it was first set and last changed. */
export const companyContractPriceAnswerSchema = z.object({ ...contractPriceFields, createdAt: isoTime, updatedAt: isoTime });
export type CompanyContractPrice = z.infer<typeof companyContractPriceAnswerSchema>;

/** GET /me/prices. */
export const myPricesAnswerSchema = z.object({ prices: z.array(contractPriceAnswerSchema) });
export type MyPrices = z.infer<typeof myPricesAnswerSchema>;
