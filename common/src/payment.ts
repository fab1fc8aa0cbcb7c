import { z } from 'zod';

export const createPaymentIntentSchema = z.object({
  bookingId: z.string({ error: 'bookingId is required' }).trim().min(1, 'bookingId is required').max(128),
});

export interface PaymentIntentResponse {
  clientSecret: string;
}

export const recordPaymentSchema = z.object({
  transactionId: z
    .string({ error: 'transactionId is required' })
    .trim()
    .regex(/^pi_[A-Za-z0-9_]+$/, 'transactionId must be the id of a card payment (pi_...)'),
});
