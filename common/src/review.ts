import { z } from 'zod';
import { RATING_MAX, RATING_MIN } from './constants';
import { imageUrlSchema } from './tool';
import { textField, wholeNumber } from './strict';
import { documentIdSchema } from './ids';
import { pageQuerySchema } from './pagination';
import { isoTime } from './answer-fields.schema';

/** A review as the API answers it (decision 0073: the type is the schema's z.infer). */
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

/** Give Review (POST /reviews). */
export const reviewInputSchema = z.object({
  image: imageUrlSchema,
  review: wholeNumber('Rating must be a whole number from 1 to 5', { min: RATING_MIN, max: RATING_MAX }),
  description: textField('Description', { max: 1000, multiline: true }),
  /** Optional (CONTRACT §7): which tool; "Verified buyer" if the reviewer paid for it. */
  toolId: documentIdSchema('toolId').optional(),
});

/** GET /reviewsget: pages, optionally only one tool's reviews. */
export const reviewListQuerySchema = pageQuerySchema.extend({ toolId: documentIdSchema('toolId').optional() });
export type ReviewListQuery = z.output<typeof reviewListQuerySchema>;
export type ReviewInputForm = z.input<typeof reviewInputSchema>;
export type ReviewInput = z.output<typeof reviewInputSchema>;
