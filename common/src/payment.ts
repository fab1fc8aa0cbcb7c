import { z } from 'zod';
import { documentIdSchema } from './ids';

export const createPaymentIntentSchema = z.object({
  bookingId: documentIdSchema('bookingId'),
});

/** POST /create-payment-intent: the amount is the booking's total in cents, as the provider has it. */
export const paymentIntentAnswerSchema = z.object({ clientSecret: z.string(), amount: z.number().int().describe('cents'), currency: z.string() });
export type PaymentIntentResponse = z.infer<typeof paymentIntentAnswerSchema>;

export const recordPaymentSchema = z.object({
  transactionId: z
    .string({ error: 'transactionId is required' })
    .trim()
    .regex(/^pi_[A-Za-z0-9_]+$/, 'transactionId must be the id of a card payment (pi_...)'),
});
