import { z } from '@fridgeparts/common/zod-setup';
import { shipmentInputSchema, shipmentPatchSchema } from '@fridgeparts/common/shipping/shipments.schema';
import type { Carrier } from '@fridgeparts/common/shipping/methods';
import { needsTrackingUrl, SHIPMENT_LIMITS, TRACKING_NUMBER, TRACKING_NUMBER_MESSAGE } from '@fridgeparts/common/shipping/shipments';
import { shipBodyOf, trackingNumbersOf, type ShipForm, type ShipLine } from './ship-form';
import { trackingPatchOf, type TrackingForm } from './tracking-form';

const CARRIER_WORDS: Record<string, string> = { freight: 'LTL freight', other: 'another carrier' };

/**
 * The tracking fields' checks, the same in the Ship and the Edit tracking dialogs: the numbers are
 * one field here, so their messages go to it, not to a number's position; freight and other need
 * the link.
 */
function trackingIssues(form: { carrier: Carrier; trackingNumbers: string; trackingUrl: string }, ctx: z.RefinementCtx): void {
  const numbers = trackingNumbersOf(form.trackingNumbers);
  const bad = numbers.find((n) => !TRACKING_NUMBER.test(n));
  const message = bad
    ? `${TRACKING_NUMBER_MESSAGE}: “${bad}” is not`
    : numbers.length > SHIPMENT_LIMITS.trackingNumbers
      ? `At most ${SHIPMENT_LIMITS.trackingNumbers} tracking numbers per shipment`
      : new Set(numbers).size !== numbers.length
        ? 'A tracking number is listed twice'
        : null;
  if (message) ctx.addIssue({ code: 'custom', path: ['trackingNumbers'], message });
  if (needsTrackingUrl(form.carrier) && form.trackingUrl.trim() === '')
    ctx.addIssue({
      code: 'custom',
      path: ['trackingUrl'],
      message: `Required for ${CARRIER_WORDS[form.carrier]}: its tracking page is not known, so give its link`,
    });
}

/**
 * The ship dialog's check (STYLE habit 1): each quantity a whole number up to what is left on its
 * line (at its own field), then the body it sends through the server's own schema, so a message
 * found in the browser and one the server sends sit at the same field. Loaded lazily with the
 * dialog (only admins open it), so zod is not part of the order page's first load.
 */
export function shipFormSchema(lines: readonly ShipLine[]) {
  return z
    .custom<ShipForm>()
    .superRefine((form, ctx) => {
      form.lines.forEach((l, i) => {
        const text = l.quantity.trim();
        const left = lines[i]?.left ?? 0;
        if (text === '') return;
        const n = Number(text);
        if (!Number.isInteger(n) || n < 0) ctx.addIssue({ code: 'custom', path: ['lines', i, 'quantity'], message: 'A whole number, 0 ships none' });
        else if (n > left) ctx.addIssue({ code: 'custom', path: ['lines', i, 'quantity'], message: `At most ${left} left to ship` });
      });
      if (!form.lines.some((l) => Number(l.quantity.trim()) > 0))
        ctx.addIssue({ code: 'custom', path: ['lines'], message: 'Ship at least one unit of one line' });
      trackingIssues(form, ctx);
    })
    .transform((form): z.input<typeof shipmentInputSchema> => shipBodyOf(form, lines).body)
    .pipe(shipmentInputSchema);
}

/**
 * The Edit tracking dialog's check: the tracking fields as the Ship dialog checks them, then the
 * body through the server's own PATCH schema (CONTRACT §14), so both name the same field.
 */
export function trackingFormSchema() {
  return z
    .custom<TrackingForm>()
    .superRefine((form, ctx) => trackingIssues(form, ctx))
    .transform((form): z.input<typeof shipmentPatchSchema> => trackingPatchOf(form))
    .pipe(shipmentPatchSchema);
}
