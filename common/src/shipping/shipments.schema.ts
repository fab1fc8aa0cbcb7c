import { z } from '../zod-setup';
import { MAX_QUANTITY } from '../constants';
import { textField, wholeNumber } from '../strict';
import { CARRIERS } from './methods';
import {
  IDEMPOTENCY_KEY,
  IDEMPOTENCY_KEY_MESSAGE,
  LINE_ID,
  LINE_ID_MESSAGE,
  needsTrackingUrl,
  SHIPMENT_LIMITS,
  TRACKING_NUMBER,
  TRACKING_NUMBER_MESSAGE,
  TRACKING_URL_REQUIRED,
} from './shipments';

/** The shipments' request schemas (CONTRACT §14, decision 0079): strict, every size bounded. */

const CARRIER_MESSAGE = `carrier is one of ${CARRIERS.join(', ')}`;
const TRACKING_URL_MESSAGE = `trackingUrl is an https link of at most ${SHIPMENT_LIMITS.trackingUrlLength} characters`;

const LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
/** https://, a host name of dotted labels, an optional port, then any visible ASCII path, query or fragment. */
const HTTPS_URL = new RegExp(`^https://${LABEL}(?:\\.${LABEL})+(?::\\d{1,5})?(?:[/?#][\\x21-\\x7e]*)?$`);

/** An https link with a host, no spaces, credentials or control characters. */
export function isHttpsUrl(v: string): boolean {
  return v.length <= SHIPMENT_LIMITS.trackingUrlLength && HTTPS_URL.test(v) && !v.slice(8).split(/[/?#]/)[0].includes('@');
}

export const carrierSchema = z.enum(CARRIERS, { error: CARRIER_MESSAGE });

export const trackingUrlSchema = z
  .string({ error: TRACKING_URL_MESSAGE })
  .max(SHIPMENT_LIMITS.trackingUrlLength, TRACKING_URL_MESSAGE)
  .refine(isHttpsUrl, TRACKING_URL_MESSAGE);

export const trackingNumbersSchema = z
  .array(z.string({ error: TRACKING_NUMBER_MESSAGE }).regex(TRACKING_NUMBER, TRACKING_NUMBER_MESSAGE), {
    error: 'trackingNumbers is a list of tracking numbers',
  })
  .max(SHIPMENT_LIMITS.trackingNumbers, `At most ${SHIPMENT_LIMITS.trackingNumbers} tracking numbers per shipment`)
  .refine((ns) => new Set(ns).size === ns.length, 'A tracking number is listed twice');

const serviceSchema = textField('service', { max: SHIPMENT_LIMITS.serviceLength });

/** A line's id: its position in the order, as text ("0") or a number (0). */
export const lineIdSchema = z
  .union(
    [
      z.string().regex(LINE_ID),
      z
        .number()
        .int()
        .min(0)
        .max(SHIPMENT_LIMITS.lines - 1),
    ],
    { error: LINE_ID_MESSAGE },
  )
  .transform((v) => String(v));

export const shipmentLineInputSchema = z.strictObject({
  lineId: lineIdSchema,
  quantity: wholeNumber(`quantity is a whole number from 1 to ${MAX_QUANTITY}`, { min: 1, max: MAX_QUANTITY, allowText: false }),
});

/** 2026-11-29T10:00:00Z or with an offset (+01:00); seconds and fractions optional. */
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;
const SHIPPED_AT_MESSAGE = 'shippedAt is an ISO 8601 time with its offset, not more than a day ahead';

/** `POST /booking/{id}/shipments`. */
export const shipmentInputSchema = z
  .strictObject({
    lines: z
      .array(shipmentLineInputSchema, { error: 'lines is a list of { lineId, quantity }' })
      .min(1, 'A shipment has at least one line')
      .max(SHIPMENT_LIMITS.lines, `At most ${SHIPMENT_LIMITS.lines} lines per shipment`),
    carrier: carrierSchema,
    service: serviceSchema.optional(),
    trackingNumbers: trackingNumbersSchema.default([]),
    trackingUrl: trackingUrlSchema.optional(),
    shippedAt: z
      .string({ error: SHIPPED_AT_MESSAGE })
      .regex(ISO_TIME, SHIPPED_AT_MESSAGE)
      .refine((t) => Number.isFinite(Date.parse(t)) && Date.parse(t) <= Date.now() + 86_400_000, SHIPPED_AT_MESSAGE)
      .optional(),
  })
  .superRefine((v, ctx) => {
    if (needsTrackingUrl(v.carrier) && !v.trackingUrl) ctx.addIssue({ code: 'custom', path: ['trackingUrl'], message: TRACKING_URL_REQUIRED });
  });
export type ShipmentInput = z.output<typeof shipmentInputSchema>;

/** `PATCH /booking/{id}/shipments/{sid}`: corrects the tracking (at least one field; null clears service or trackingUrl). */
export const shipmentPatchSchema = z
  .strictObject({
    carrier: carrierSchema.optional(),
    service: serviceSchema.nullable().optional(),
    trackingNumbers: trackingNumbersSchema.optional(),
    trackingUrl: trackingUrlSchema.nullable().optional(),
  })
  .refine((v) => Object.keys(v).length > 0, 'Send at least one of carrier, service, trackingNumbers, trackingUrl');
export type ShipmentPatch = z.output<typeof shipmentPatchSchema>;

/** A shipment's id in a path: what the server makes (24 lower-case hex characters). */
export const SHIPMENT_ID = /^[a-f0-9]{24}$/;
export const shipmentIdSchema = z.string().regex(SHIPMENT_ID, 'A shipment id is 24 lower-case hex characters');

/** The Idempotency-Key header. */
export const idempotencyKeySchema = z.string({ error: IDEMPOTENCY_KEY_MESSAGE }).regex(IDEMPOTENCY_KEY, IDEMPOTENCY_KEY_MESSAGE);
