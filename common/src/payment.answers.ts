import { z } from './zod-setup';

/**
 * The payment's answer as zod schemas, and the answer types as their `z.infer` (decision 0073): imported by the
 * web as types only, so the form that loads the request schemas does not carry them; named in the
 * OpenAPI document by openapi/response-schemas.ts.
 */

/** POST /create-payment-intent: the amount is the booking's total in cents, as the provider has it. */
export const paymentIntentAnswerSchema = z.object({ clientSecret: z.string(), amount: z.number().int().describe('cents'), currency: z.string() });
export type PaymentIntentResponse = z.infer<typeof paymentIntentAnswerSchema>;
