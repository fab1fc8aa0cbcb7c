import { z } from '../zod-setup';
import { dollars } from '../answer-fields.schema';
import { carrierAnswerSchema } from './methods.answers';

/**
 * The copy of the chosen method an order keeps, so a later edit of the method never changes a
 * placed order, as the API answers it (dollars, part of the order's total); its type as the
 * schema's `z.infer` (decision 0073).
 */
export const orderShippingAnswerSchema = z.object({ methodId: z.string(), name: z.string(), carrier: carrierAnswerSchema, amount: dollars });
export type OrderShipping = z.infer<typeof orderShippingAnswerSchema>;
