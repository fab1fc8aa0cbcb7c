import { z } from '../zod-setup';
import { isoTime } from '../answer-fields.schema';
import { carrierAnswerSchema } from './methods.answers';

/**
 * The shipments' answers (CONTRACT §14, decision 0079) as zod schemas, the types as their
 * `z.infer` (decision 0073); named in the OpenAPI document by openapi/response-schemas.ts.
 */

export const shipmentLineAnswerSchema = z.object({
  lineId: z.string().describe('The line’s position in the order’s lines, from "0"'),
  toolId: z.string(),
  partNumber: z.string().nullable(),
  name: z.string(),
  quantity: z.number().int().min(1),
});
export type ShipmentLine = z.infer<typeof shipmentLineAnswerSchema>;

export const shipmentAnswerSchema = z.object({
  id: z.string(),
  lines: z.array(shipmentLineAnswerSchema),
  carrier: carrierAnswerSchema,
  service: z.string().nullable(),
  trackingNumbers: z.array(z.string()),
  trackingUrls: z.array(z.string()).describe('The carrier’s public tracking page per number, or the link given for freight and other'),
  shippedAt: isoTime,
  deliveredAt: isoTime.nullable(),
});
export type Shipment = z.infer<typeof shipmentAnswerSchema>;
