import { z } from '../zod-setup';
import { dollars, isoTime } from '../answer-fields.schema';
import { CARRIERS } from './methods';

/**
 * The shipping methods' answers as zod schemas, and the answer types as their `z.infer` (decision
 * 0073), imported by the web as types only; named in the OpenAPI document by
 * openapi/response-schemas.ts. Dollars and pounds, as the API answers them.
 */

export const carrierAnswerSchema = z.enum(CARRIERS);

export const shippingZoneAnswerSchema = z.object({ country: z.string(), regions: z.array(z.string()).optional() });
export type ShippingZone = z.infer<typeof shippingZoneAnswerSchema>;

/** A rate as the API answers it (dollars and pounds). */
export const shippingRateAnswerSchema = z.object({ maxWeight: z.number().optional(), maxSubtotal: dollars.optional(), amount: dollars });
export type ShippingRate = z.infer<typeof shippingRateAnswerSchema>;

/** A method as `GET /shipping/methods` and `PUT` answer it; `version` is what a later PUT may name (If-Match), also the answer's ETag. */
export const shippingMethodAnswerSchema = z.object({
  id: z.string(),
  name: z.string(),
  carrier: carrierAnswerSchema,
  zones: z.array(shippingZoneAnswerSchema),
  rates: z.array(shippingRateAnswerSchema),
  transitDays: z.object({ min: z.number().int(), max: z.number().int() }),
  freightOnly: z.boolean(),
  version: z.string(),
  updatedAt: isoTime,
});
export type ShippingMethod = z.infer<typeof shippingMethodAnswerSchema>;

/** `GET /shipping/methods`: every method, by id. */
export const shippingMethodListAnswerSchema = z.object({ methods: z.array(shippingMethodAnswerSchema) });
export type ShippingMethodList = z.infer<typeof shippingMethodListAnswerSchema>;
