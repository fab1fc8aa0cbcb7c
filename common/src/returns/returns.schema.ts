import { z } from '../zod-setup';
import { MAX_QUANTITY } from '../constants';
import { textField, wholeNumber } from '../strict';
import { lineIdSchema } from '../shipping/shipments.schema';
import { dollarsToCents } from '../money';
import { CORE_INSPECTIONS } from './cores';
import { RETURN_ID, RETURN_LIMITS, RETURN_REASONS, RETURN_STATES } from './returns';
import { dayOf, isCalendarDay, WARRANTY_ALL_LINES, WARRANTY_LIMITS, WARRANTY_NEEDED, WARRANTY_ONLY_FOR_CLAIMS } from './warranty';

/** The returns' request schemas (CONTRACT §16, decision 0086): strict, every size bounded. */

const REASON_MESSAGE = `reason is one of ${RETURN_REASONS.join(', ')}`;
export const returnReasonSchema = z.enum(RETURN_REASONS, { error: REASON_MESSAGE });
export const returnStateSchema = z.enum(RETURN_STATES, { error: `state is one of ${RETURN_STATES.join(', ')}` });

const noteSchema = textField('note', { max: RETURN_LIMITS.noteLength, multiline: true });

export const returnRequestLineSchema = z.strictObject({
  lineId: lineIdSchema,
  quantity: wholeNumber(`quantity is a whole number from 1 to ${MAX_QUANTITY}`, { min: 1, max: MAX_QUANTITY, allowText: false }),
  reason: returnReasonSchema,
  note: noteSchema.nullable().optional(),
});

/** Each line of the order once in one request or receipt. */
function eachLineOnce(lines: readonly { lineId: string }[], ctx: z.RefinementCtx): void {
  const seen = new Set<string>();
  lines.forEach((l, i) => {
    if (seen.has(l.lineId)) ctx.addIssue({ code: 'custom', path: ['lines', i, 'lineId'], message: `Line ${l.lineId} is named twice; send it once` });
    seen.add(l.lineId);
  });
}

/** A warranty claim's appliance and failure (decision 0087); `installedOn` a real day, not after today (UTC). */
export const warrantyClaimSchema = z.strictObject(
  {
    modelNumber: textField('warranty.modelNumber', { max: WARRANTY_LIMITS.modelNumber }),
    serialNumber: textField('warranty.serialNumber', { max: WARRANTY_LIMITS.serialNumber }),
    installedOn: z
      .string({ error: 'warranty.installedOn is a day, YYYY-MM-DD' })
      .refine(isCalendarDay, 'warranty.installedOn is a day, YYYY-MM-DD')
      .refine((d) => d <= dayOf(new Date()), 'warranty.installedOn can not be after today'),
    failure: textField('warranty.failure', { max: WARRANTY_LIMITS.failure, multiline: true }),
  },
  { error: 'warranty is { modelNumber, serialNumber, installedOn, failure }' },
);
export type WarrantyClaim = z.output<typeof warrantyClaimSchema>;

/** A warranty claim is every line warranty, with the appliance; anything else sends no `warranty`. */
function warrantyWhole(v: { lines: readonly { reason: string }[]; warranty?: unknown }, ctx: z.RefinementCtx): void {
  const claims = v.lines.filter((l) => l.reason === 'warranty').length;
  if (claims > 0 && claims < v.lines.length) ctx.addIssue({ code: 'custom', path: ['lines'], message: WARRANTY_ALL_LINES });
  else if (claims > 0 && v.warranty === undefined) ctx.addIssue({ code: 'custom', path: ['warranty'], message: WARRANTY_NEEDED });
  else if (claims === 0 && v.warranty !== undefined) ctx.addIssue({ code: 'custom', path: ['warranty'], message: WARRANTY_ONLY_FOR_CLAIMS });
}

/** `POST /booking/{id}/returns`. */
export const returnRequestSchema = z
  .strictObject({
    lines: z
      .array(returnRequestLineSchema, { error: 'lines is a list of { lineId, quantity, reason, note? }' })
      .min(1, 'A return has at least one line')
      .max(RETURN_LIMITS.lines, `At most ${RETURN_LIMITS.lines} lines per return`),
    warranty: warrantyClaimSchema.optional(),
  })
  .superRefine((v, ctx) => {
    eachLineOnce(v.lines, ctx);
    warrantyWhole(v, ctx);
  });
export type ReturnRequest = z.output<typeof returnRequestSchema>;

const FEE_MESSAGE = `restockingFeePercent is a whole number from 0 to ${RETURN_LIMITS.maxRestockingFeePercent}`;

/** `POST /booking/{id}/returns/{rid}/approve`: without a fee, 15% when any line is not-needed, else 0. */
export const returnApproveSchema = z.strictObject({
  restockingFeePercent: wholeNumber(FEE_MESSAGE, { min: 0, max: RETURN_LIMITS.maxRestockingFeePercent, allowText: false }).optional(),
});
export type ReturnApprove = z.output<typeof returnApproveSchema>;

/** `POST /booking/{id}/returns/{rid}/decline`. */
export const returnDeclineSchema = z.strictObject({
  reason: textField('reason', { max: RETURN_LIMITS.declineReasonLength, multiline: true }),
});
export type ReturnDecline = z.output<typeof returnDeclineSchema>;

const count = (label: string) => wholeNumber(`${label} is a whole number from 0 to ${MAX_QUANTITY}`, { min: 0, max: MAX_QUANTITY, allowText: false });

export const returnReceiveLineSchema = z.strictObject({
  lineId: lineIdSchema,
  resaleable: count('resaleable'),
  damaged: count('damaged'),
});

/** `POST /booking/{id}/returns/{rid}/receive`: each line of the return once; what is not counted did not come back. */
export const returnReceiveSchema = z
  .strictObject({
    lines: z
      .array(returnReceiveLineSchema, { error: 'lines is a list of { lineId, resaleable, damaged }' })
      .min(1, 'Count at least one line')
      .max(RETURN_LIMITS.lines, `At most ${RETURN_LIMITS.lines} lines per return`),
  })
  .superRefine((v, ctx) => eachLineOnce(v.lines, ctx));
export type ReturnReceive = z.output<typeof returnReceiveSchema>;

const INSPECTION_MESSAGE = `inspection is one of ${CORE_INSPECTIONS.join(', ')}`;
const AMOUNT_MESSAGE = 'amount is the dollars credited for partly accepted cores, like 42.50';

/** A core line's receipt (decision 0088): its cores inspected; `amount` (dollars) only for `partial`. */
export const coreReceiveLineSchema = z
  .strictObject({
    lineId: lineIdSchema,
    inspection: z.enum(CORE_INSPECTIONS, { error: INSPECTION_MESSAGE }),
    amount: z
      .union([z.string(), z.number()], { error: AMOUNT_MESSAGE })
      .transform((v, ctx) => {
        const cents = dollarsToCents(v);
        if (cents === null || cents > 100_000_000) {
          ctx.addIssue({ code: 'custom', message: AMOUNT_MESSAGE });
          return z.NEVER;
        }
        return cents;
      })
      .optional(),
  })
  .superRefine((v, ctx) => {
    if (v.inspection === 'partial' && v.amount === undefined)
      ctx.addIssue({ code: 'custom', path: ['amount'], message: 'A partial inspection names the amount credited' });
    if (v.inspection !== 'partial' && v.amount !== undefined)
      ctx.addIssue({ code: 'custom', path: ['amount'], message: 'amount is only for a partial inspection' });
  });

/** `POST /booking/{id}/returns/{rid}/receive` of a core return: each core line once. */
export const coreReceiveSchema = z
  .strictObject({
    lines: z
      .array(coreReceiveLineSchema, { error: 'lines is a list of { lineId, inspection, amount? }' })
      .min(1, 'Inspect at least one line')
      .max(RETURN_LIMITS.lines, `At most ${RETURN_LIMITS.lines} lines per return`),
  })
  .superRefine((v, ctx) => eachLineOnce(v.lines, ctx));
export type CoreReceive = z.output<typeof coreReceiveSchema>;

/** `GET /returns?state=&cursor=` (the shop admin's list, oldest first). */
export const returnsQuerySchema = z.strictObject({
  state: returnStateSchema.optional(),
  cursor: z.string().max(200, 'cursor is too long').optional(),
});
export type ReturnsQuery = z.output<typeof returnsQuerySchema>;

/** A return's id in a path. */
export const returnIdSchema = z.string().regex(RETURN_ID, 'A return id is 24 lower-case hex characters');
