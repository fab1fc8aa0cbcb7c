import { z } from './zod-setup';
import { availabilityAnswerSchema, day, dollars, errorBodyAnswerSchema, isoTime, toolRefAnswerSchema } from './answer-fields.schema';
import { ALIAS_KINDS } from './search/part-alias';

/**
 * A tool's answers (CONTRACT §3, §11) as zod schemas, and the answer types as their `z.infer`
 * (decision 0073): written once here, named in the OpenAPI document by
 * openapi/response-schemas.ts, imported by the web as types only (tool.ts says their names too,
 * erased). The request schemas and the rules are tool.ts's.
 */

/** Another number the part is known by (CONTRACT §11). */
export const partAliasAnswerSchema = z.object({ number: z.string(), kind: z.enum(ALIAS_KINDS), brand: z.string().optional() });

/** A tool as the API returns it (SPEC §3, prices in dollars). */
export const toolAnswerSchema = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  image: z.string(),
  price: dollars,
  minimumQuantity: z.number().int(),
  availableQuantity: z.number().int(),
  /** CONTRACT §7: unique, capitals, digits and dashes (FP-CMP-134A-033). */
  partNumber: z.string(),
  /** Quantities are multiples of this (1 = single units). */
  packSize: z.number().int(),
  /** Ascending; unit price in dollars from minQuantity on (common/pricing.ts). */
  priceBreaks: z.array(z.object({ minQuantity: z.number().int(), price: dollars })),
  createdAt: isoTime,
  /** CONTRACT §11: a key of the catalogue's categories (GET /specs), or null when not yet given. */
  category: z.string().nullable(),
  /** CONTRACT §11: spec key (GET /specs) → value as printed on the part ("R-134a", "115"). */
  specs: z.record(z.string(), z.string()),
  /** CONTRACT §11: older numbers of ours, appliance makers' and competitors' numbers for this part. */
  aliases: z.array(partAliasAnswerSchema),
  /** CONTRACT §14: pounds (above 0, at most 2 decimals); null only for a tool stored before weights were kept. */
  weight: z.number().nullable(),
  /** CONTRACT §14: true for a part that goes by LTL freight only (a condensing unit). */
  freight: z.boolean(),
  /** CONTRACT §14: days until more can be made when it runs out (default 14). */
  leadTimeDays: z.number().int(),
  /** CONTRACT §14: the deliveries the admin expects, earliest first. */
  restock: z.array(z.object({ quantity: z.number().int(), expectedOn: day })),
  /** CONTRACT §14: worked out when answered (common/src/availability), never stored. */
  availability: availabilityAnswerSchema,
  coreDeposit: dollars.describe('Decision 0088: the refundable core deposit per unit; 0: none'),
  /** The part's Stripe tax code: `txcd_` and 8 digits. */
  taxCode: z.string().nullable().describe("CONTRACT §15: the Stripe tax code; null: the shop's default, txcd_99999999"),
});
export type Tool = z.infer<typeof toolAnswerSchema>;

/** A tool named by another: the end of a discontinued tool's chain (answer-fields.schema.ts, shared with the models' callouts). */
export type ToolRef = z.infer<typeof toolRefAnswerSchema>;

/** GET /tool/{id} (CONTRACT §11): the tool, what replaces it and what it replaces. */
const toolDetailAnswerSchema = toolAnswerSchema.extend({
  /** Null for a current tool; for a discontinued one, the end of its chain (the tool to order). */
  replacedBy: toolRefAnswerSchema.nullable(),
  /** The numbers this tool replaces: its superseded aliases and the part numbers (and theirs) of the tools replaced by it, along chains. */
  replaces: z.array(z.string()),
});
export type ToolDetail = z.infer<typeof toolDetailAnswerSchema>;

/**
 * GET /tool/{id} and PATCH /manage/{id} as the server answers them: the detail and how many
 * appliance models list the tool or a number it replaces (CONTRACT §12).
 */
export const toolPageDetailAnswerSchema = toolDetailAnswerSchema.extend({ fitsModelCount: z.number().int() });
export type ToolPageDetail = z.infer<typeof toolPageDetailAnswerSchema>;

/** 412 from PATCH /manage/{id}: the tool changed since the If-Match version; here it is now. */
export const toolMovedAnswerSchema = errorBodyAnswerSchema.extend({ tool: toolPageDetailAnswerSchema });
export type ToolMovedBody = z.infer<typeof toolMovedAnswerSchema>;
