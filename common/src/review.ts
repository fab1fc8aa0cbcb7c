import { z } from 'zod';
import { RATING_MAX, RATING_MIN } from './constants';
import { imageUrlSchema } from './tool';
import { textField, wholeNumber } from './strict';
import { documentIdSchema } from './ids';
import { pageQuerySchema } from './pagination';

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
