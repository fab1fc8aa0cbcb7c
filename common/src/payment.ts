import { z } from 'zod';
import { documentIdSchema } from './ids';

export const createPaymentIntentSchema = z.object({
  bookingId: documentIdSchema('bookingId'),
});

export const recordPaymentSchema = z.object({
  transactionId: z
    .string({ error: 'transactionId is required' })
    .trim()
    .regex(/^pi_[A-Za-z0-9_]+$/, 'transactionId must be the id of a card payment (pi_...)'),
});
