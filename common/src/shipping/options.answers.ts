import { z } from '../zod-setup';
import { day, dollars } from '../answer-fields.schema';
import { carrierAnswerSchema } from './methods.answers';

/**
 * `GET /shipping/options`' answer as a zod schema, and its types as their `z.infer` (decision
 * 0073), imported by the web as types only; named in the OpenAPI document by
 * openapi/response-schemas.ts.
 */

/** Stripe's delivery estimate as dates (YYYY-MM-DD): the earliest and latest day the parcel is expected. */
export const deliveryEstimateAnswerSchema = z.object({ minimum: day, maximum: day });
export type DeliveryEstimate = z.infer<typeof deliveryEstimateAnswerSchema>;

export const shippingOptionAnswerSchema = z.object({
  id: z.string(),
  name: z.string(),
  carrier: carrierAnswerSchema,
  /** Dollars for this order. */
  amount: dollars,
  /** Dollars: the method is free for subtotals up to this, when one of its rates is free up to a subtotal. */
  freeUpTo: dollars.optional(),
  deliveryEstimate: deliveryEstimateAnswerSchema,
  /** YYYY-MM-DD: the day the order leaves if placed now. */
  shipsOn: day,
});
export type ShippingOption = z.infer<typeof shippingOptionAnswerSchema>;

/** `GET /shipping/options`: cheapest first; empty where no method serves. */
export const shippingOptionsAnswerSchema = z.object({ options: z.array(shippingOptionAnswerSchema) });
export type ShippingOptions = z.infer<typeof shippingOptionsAnswerSchema>;
