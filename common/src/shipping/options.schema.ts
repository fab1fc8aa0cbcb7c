import { z } from '../zod-setup';
import { documentIdSchema } from '../ids';
import { shipToIdSchema } from '../company.schema';
import { textField } from '../strict';
import { OPTIONS_LINES_MESSAGE, OPTIONS_WHERE_MESSAGE, type OptionsLine } from './options';

/** `GET /shipping/options`'s query (CONTRACT §14, options.ts says what it takes). */

const COUNTRY_MESSAGE = 'Country is a two-letter ISO code in capitals, like US';
const LINE = /^([A-Za-z0-9_-]{1,128}):(\d{1,7})$/;

const linesField = z
  .string({ error: OPTIONS_LINES_MESSAGE })
  .max(50 * 140, OPTIONS_LINES_MESSAGE)
  .transform((text, ctx): OptionsLine[] => {
    const parts = text.split(',').map((p) => p.trim());
    const out: OptionsLine[] = [];
    for (const p of parts) {
      const m = LINE.exec(p);
      const quantity = m ? Number(m[2]) : 0;
      if (!m || quantity < 1 || quantity > 1_000_000) {
        ctx.addIssue({ code: 'custom', message: OPTIONS_LINES_MESSAGE });
        return z.NEVER;
      }
      out.push({ ref: m[1], quantity });
    }
    if (out.length === 0 || out.length > 50) {
      ctx.addIssue({ code: 'custom', message: OPTIONS_LINES_MESSAGE });
      return z.NEVER;
    }
    return out;
  });

/**
 * Where an order would ship, in a query: a member's `shipToId`, or `country`, `region` and
 * `postalCode`. `GET /shipping/options` and `GET /cart` (its tax, CONTRACT §15) both take it.
 */
export const shipToQueryFields = {
  shipToId: shipToIdSchema.optional(),
  country: z
    .string({ error: COUNTRY_MESSAGE })
    .regex(/^[A-Z]{2}$/, COUNTRY_MESSAGE)
    .optional(),
  region: textField('Region', { max: 60, min: 0 }).optional(),
  postalCode: textField('Postal code', { max: 20 }).optional(),
};

export const shippingOptionsQuerySchema = z
  .strictObject({
    ...shipToQueryFields,
    bookingId: documentIdSchema('bookingId').optional(),
    lines: linesField.optional(),
  })
  .superRefine((q, ctx) => {
    const byAddress = q.country !== undefined || q.region !== undefined || q.postalCode !== undefined;
    const kinds = [q.shipToId !== undefined, byAddress, q.bookingId !== undefined].filter(Boolean).length;
    if (kinds !== 1) ctx.addIssue({ code: 'custom', message: OPTIONS_WHERE_MESSAGE });
    else if (byAddress && (q.country === undefined || q.postalCode === undefined || q.region === undefined))
      ctx.addIssue({ code: 'custom', message: 'An address in the query is country, region and postalCode (region may be empty where a country has none)' });
    if (q.bookingId !== undefined && q.lines !== undefined)
      ctx.addIssue({ code: 'custom', path: ['lines'], message: 'A placed order ships its own lines: leave lines out with bookingId' });
  });
export type ShippingOptionsQuery = z.output<typeof shippingOptionsQuerySchema>;
