import { z } from './zod-setup';
import { isoTime } from './answer-fields.schema';

/**
 * The small answers of the admin and cancel calls (CONTRACT §3) and of the catalogue's lists, as zod
 * schemas with the answer types as their `z.infer` (decision 0073): written once here, named in the
 * OpenAPI document by openapi/response-schemas.ts, imported by the web as types only. The answers
 * that carry a tool stay in responses.ts until the tool's module is split too.
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
