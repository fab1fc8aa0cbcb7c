import { z } from '../zod-setup';
import { dollars, isoTime } from '../answer-fields.schema';
import { CORE_INSPECTIONS } from './cores';
import { RETURN_REASONS, RETURN_STATES } from './returns';

/**
 * The returns' answers (CONTRACT §16, decision 0086) as zod schemas, the types as their `z.infer`
 * (decision 0073); named in the OpenAPI document by openapi/response-schemas.ts.
 */

export const returnReasonAnswerSchema = z.enum(RETURN_REASONS);
export const returnStateAnswerSchema = z.enum(RETURN_STATES);

export const returnLineAnswerSchema = z.object({
  lineId: z.string().describe('The order line’s position in the order’s lines, from "0"'),
  toolId: z.string(),
  name: z.string(),
  partNumber: z.string().nullable(),
  quantity: z.number().int().min(1),
  reason: returnReasonAnswerSchema,
  note: z.string().nullable(),
  unitPrice: dollars,
  resaleable: z.number().int().min(0).describe('Units received fit to sell again (0 until received)'),
  damaged: z.number().int().min(0).describe('Units received damaged, written off (0 until received)'),
  coreDeposit: dollars.optional().describe('A core line (decision 0088): the deposit per unit'),
  inspection: z.enum(CORE_INSPECTIONS).nullable().optional().describe('A core line: how its cores were inspected (null until received)'),
});
export type ReturnLine = z.infer<typeof returnLineAnswerSchema>;

export const refundAmountsAnswerSchema = z.object({
  parts: dollars.describe('Received units x unit price'),
  fee: dollars.describe('The restocking fee'),
  shipping: dollars.describe('The shipping refunded (wrong-part and damaged-in-transit lines)'),
  tax: dollars.describe('The tax on what is refunded (parts less fee, and shipping)'),
  total: dollars,
});
export type RefundAmounts = z.infer<typeof refundAmountsAnswerSchema>;

export const returnRefundAnswerSchema = refundAmountsAnswerSchema.extend({
  method: z.enum(['card', 'credit-note']),
  refundId: z.string().nullable(),
  creditNoteId: z.string().nullable(),
});
export type ReturnRefund = z.infer<typeof returnRefundAnswerSchema>;

/** A warranty claim's appliance, its replacement order and the failed part's due day (decision 0087). */
export const warrantyAnswerSchema = z.object({
  modelNumber: z.string(),
  serialNumber: z.string(),
  installedOn: z.string().describe('YYYY-MM-DD'),
  failure: z.string(),
  replacementBookingId: z.string().nullable().describe('The replacement order, made at approval'),
  replacementOrderNumber: z.string().nullable(),
  failedPartDueOn: z.string().nullable().describe('YYYY-MM-DD: the failed part is due back by this day, else the replacement is charged'),
  charged: z
    .object({ at: isoTime, method: z.enum(['invoice', 'payable-order']), amount: dollars })
    .nullable()
    .describe('Set once the sweep charged the replacement for a part not returned in time'),
});
export type WarrantyAnswer = z.infer<typeof warrantyAnswerSchema>;

export const returnAnswerSchema = z.object({
  id: z.string(),
  rmaNumber: z.string().describe('RMA-2026-000012'),
  bookingId: z.string(),
  orderNumber: z.string(),
  state: returnStateAnswerSchema,
  buyer: z.object({ email: z.string(), name: z.string() }).describe('The order’s buyer (who the emails go to)'),
  lines: z.array(returnLineAnswerSchema),
  restockingFeePercent: z.number().int().nullable().describe('Set when approved'),
  declineReason: z.string().nullable(),
  refund: returnRefundAnswerSchema.nullable().describe('What was refunded, once refunded'),
  createdAt: isoTime,
  approvedAt: isoTime.nullable(),
  receivedAt: isoTime.nullable(),
  refundedAt: isoTime.nullable(),
  declinedAt: isoTime.nullable(),
  returnAddress: z.string().nullable().describe('Where to send the parts: shown once approved'),
  refundDue: refundAmountsAnswerSchema.nullable().describe('While received: the refund the server will make, to the cent'),
  warranty: warrantyAnswerSchema.nullable().describe('A warranty claim’s appliance and replacement (null: not a warranty claim)'),
});
export type Return = z.infer<typeof returnAnswerSchema>;

export const returnableReasonAnswerSchema = z.object({
  reason: returnReasonAnswerSchema,
  until: isoTime.describe('When this reason’s window closes'),
});

export const returnableLineAnswerSchema = z.object({
  lineId: z.string(),
  name: z.string(),
  partNumber: z.string().nullable(),
  quantity: z.number().int().min(1).describe('Still returnable: shipped, less returned, less requested'),
  reasons: z.array(returnableReasonAnswerSchema).describe('The reasons whose window is open'),
});
export type ReturnableLine = z.infer<typeof returnableLineAnswerSchema>;

/** `GET /booking/{id}/returns`. */
export const bookingReturnsAnswerSchema = z.object({
  returns: z.array(returnAnswerSchema),
  returnable: z.array(returnableLineAnswerSchema).describe('The lines that may be returned now (empty: no Return button)'),
});
export type BookingReturns = z.infer<typeof bookingReturnsAnswerSchema>;

/** `GET /returns`. */
export const returnsPageAnswerSchema = z.object({
  returns: z.array(returnAnswerSchema),
  nextCursor: z.string().nullable(),
});
export type ReturnsPage = z.infer<typeof returnsPageAnswerSchema>;
