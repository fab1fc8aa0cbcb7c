import { z } from './zod-setup';
import { errorBodyAnswerSchema, isoTime, resolvedKindAnswerSchema, toolRefAnswerSchema } from './answer-fields.schema';
import { ALIAS_KINDS } from './search/part-alias';
import { toolAnswerSchema } from './tool.answers';

/**
 * The small answers of the admin and cancel calls (CONTRACT §3), of the catalogue's lists and of
 * its search (CONTRACT §11), as zod schemas with the answer types as their `z.infer` (decision
 * 0073): written once here, named in the OpenAPI document by openapi/response-schemas.ts, imported
 * by the web as types only (responses.ts says their names too, erased).
 */

/** DELETE /booking, DELETE /bookingOrder/{id}, DELETE /manage/{id}, DELETE /alluserr/{email}. */
export const deletedCountAnswerSchema = z.object({ deletedCount: z.number().int() });
export type DeletedCountResponse = z.infer<typeof deletedCountAnswerSchema>;

/** PUT /user/admin/{email}: 1 when the user became an admin, 0 when they already were. */
export const modifiedCountAnswerSchema = z.object({ modifiedCount: z.number().int() });
export type ModifiedCountResponse = z.infer<typeof modifiedCountAnswerSchema>;

/** DELETE /reviews/{id} (admin, CONTRACT §9): the review is hidden (`hiddenAt`: when it was first); the same answer when it already was. */
export const hiddenReviewAnswerSchema = z.object({ _id: z.string(), hidden: z.literal(true), hiddenAt: isoTime });
export type HiddenReviewResponse = z.infer<typeof hiddenReviewAnswerSchema>;

/** GET /specs (CONTRACT §11): what categories and spec keys are called, and each spec's unit. */
export const specsAnswerSchema = z.object({
  categories: z.array(z.object({ key: z.string(), label: z.string() })),
  specs: z.array(z.object({ key: z.string(), label: z.string(), unit: z.string() })),
});
export type SpecsResponse = z.infer<typeof specsAnswerSchema>;

/** POST /parts/aliases/import (CONTRACT §11): how many lines were imported. */
export const aliasImportAnswerSchema = z.object({ imported: z.number().int() });
export type AliasImportResponse = z.infer<typeof aliasImportAnswerSchema>;

/** How a hit was found when not by its own number: an alias (its kind, number and brand) or a discontinued tool's number. */
const matchedByAnswerSchema = z.object({ kind: resolvedKindAnswerSchema, number: z.string(), brand: z.string().optional() });

/** A hit of GET /search (CONTRACT §11): the tool as GET /tools answers it, and the number it was found by when not its own. */
const searchHitAnswerSchema = toolAnswerSchema.extend({
  /** Set when the hit was found through an alias or a discontinued tool's number; null otherwise. */
  matchedBy: matchedByAnswerSchema.nullable(),
});
export type SearchHitResponse = z.infer<typeof searchHitAnswerSchema>;

/** GET /search (CONTRACT §11). */
export const searchAnswerSchema = z.object({
  hits: z.array(searchHitAnswerSchema),
  /** Every hit, not the page. */
  total: z.number().int(),
  /** Per category and spec key, how many hits each value would give with that key's own filter left out. */
  facets: z.record(z.string(), z.record(z.string(), z.number().int())),
  /** The next page's cursor, or null on the last page. */
  cursor: z.string().nullable(),
});
export type SearchResponse = z.infer<typeof searchAnswerSchema>;

/** GET /parts/resolve?number= (CONTRACT §11): the part a number names. */
export const partResolveAnswerSchema = z.object({
  /** The number as sent (trimmed). */
  query: z.string(),
  /** The number as the shop compares it (normalizePartNumber). */
  normalized: z.string(),
  /** `current`: the part's own number; otherwise how the number led to it. */
  match: z.enum(['current', ...ALIAS_KINDS, 'discontinued']),
  /** The tool to order: the end of any replacement chain. */
  part: toolAnswerSchema,
  /** The alias or discontinued number it came through (`toolId`: whose number it is); null for `current`. */
  via: z.object({ number: z.string(), kind: resolvedKindAnswerSchema, brand: z.string().nullable(), toolId: z.string() }).nullable(),
  /** The part numbers walked, from the tool whose number it is to `part`. */
  chain: z.array(z.string()),
  /** What a person reads: "FP-DFT-6H21 has been replaced by FP-DFT-8H25". */
  message: z.string(),
});
export type PartResolveResponse = z.infer<typeof partResolveAnswerSchema>;

/** 404 from GET /parts/resolve: up to 5 parts with the nearest numbers, nearest first. */
export const partNotFoundAnswerSchema = errorBodyAnswerSchema.extend({ suggestions: z.array(toolRefAnswerSchema) });
export type PartNotFoundBody = z.infer<typeof partNotFoundAnswerSchema>;

/**
 * 400 from PUT /cart, POST /cart/lines and POST /booking/quick naming each bad line in `fields`;
 * `suggestions` by line field for the numbers that name no part, left out when no line names an
 * unknown number (functions services/orders/cart.ts linesRefused).
 */
export const unknownNumbersAnswerSchema = errorBodyAnswerSchema.extend({ suggestions: z.record(z.string(), z.array(toolRefAnswerSchema)).optional() });
export type UnknownNumbersBody = z.infer<typeof unknownNumbersAnswerSchema>;
