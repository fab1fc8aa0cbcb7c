import { z } from 'zod';
import { RATING_MAX, RATING_MIN } from './constants';
import { imageUrlSchema } from './tool';
import { textField, wholeNumber } from './strict';

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
  review: wholeNumber('Rating must be a whole number from 1 to 5', { min: RATING_MIN, max: RATING_MAX }),
  description: textField('Description', { max: 1000, multiline: true }),
});
export type ReviewInputForm = z.input<typeof reviewInputSchema>;
export type ReviewInput = z.output<typeof reviewInputSchema>;
