import { z } from 'zod';
import { RATING_MAX, RATING_MIN } from './constants';
import { imageUrlSchema } from './tool';

export interface Review {
  _id: string;
  image: string;
  review: number;
  description: string;
  userName: string;
  createdAt: string;
}

/** Give Review (POST /reviews). */
export const reviewInputSchema = z.object({
  image: imageUrlSchema,
  review: z.coerce
    .number({ error: 'Rating must be a number from 1 to 5' })
    .int('Rating must be a whole number from 1 to 5')
    .min(RATING_MIN, 'Rating must be a number from 1 to 5')
    .max(RATING_MAX, 'Rating must be a number from 1 to 5'),
  description: z.string({ error: 'Description is required' }).trim().min(1, 'Description is required').max(1000, 'Description is too long (at most 1000 characters)'),
});
export type ReviewInputForm = z.input<typeof reviewInputSchema>;
export type ReviewInput = z.output<typeof reviewInputSchema>;
