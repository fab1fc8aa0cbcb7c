import { z } from './zod-setup';
import { isoTime } from './answer-fields.schema';

/**
 * A review, as the API answers it, as zod schemas, and the answer types as their `z.infer` (decision 0073): imported by the
 * web as types only, so the form that loads the request schemas does not carry them; named in the
 * OpenAPI document by openapi/response-schemas.ts.
 */

/** A review as the API answers it. */
export const reviewAnswerSchema = z.object({
  _id: z.string(),
  image: z.string(),
  review: z.number().int(),
  description: z.string(),
  userName: z.string(),
  /** CONTRACT §7: the tool the review is about, if the reviewer named one. */
  toolId: z.string().nullable(),
  /** The reviewer had a paid booking of that tool when they wrote it (decided by the server). */
  verifiedBuyer: z.boolean(),
  createdAt: isoTime,
});
export type Review = z.infer<typeof reviewAnswerSchema>;
