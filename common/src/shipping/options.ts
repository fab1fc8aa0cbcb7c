import { z } from '../zod-setup';
import { documentIdSchema } from '../ids';
import { shipToIdSchema } from '../company';
import { textField } from '../strict';
import type { Carrier } from './methods';

/**
 * `GET /shipping/options` (CONTRACT §14, decision 0075): the shipping a buyer may choose, cheapest
 * first, for one of three places: a company member's ship-to (`shipToId`), an address in the
 * query (`country`, `region`, `postalCode`) for anyone's cart, or a placed order (`bookingId`).
 * Exactly one of the three is given. The parts are the caller's stored cart, or `lines`
 * (`<toolId or part number>:<quantity>,...`) for a quick order or the booking modal; with
 * `bookingId`, the order's own lines.
 */

export const OPTIONS_WHERE_MESSAGE = 'Give exactly one of: shipToId; country with region and postalCode; bookingId';
export const OPTIONS_LINES_MESSAGE = 'lines is <toolId or part number>:<quantity>, comma separated, at most 50, like FP-THM-001:2,FP-CMP-134A-033:1';

const COUNTRY_MESSAGE = 'Country is a two-letter ISO code in capitals, like US';
const LINE = /^([A-Za-z0-9_-]{1,128}):(\d{1,7})$/;

export interface OptionsLine {
  /** A tool id or a part number, as given. */
  ref: string;
  quantity: number;
}

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

export const shippingOptionsQuerySchema = z
  .strictObject({
    shipToId: shipToIdSchema.optional(),
    country: z
      .string({ error: COUNTRY_MESSAGE })
      .regex(/^[A-Z]{2}$/, COUNTRY_MESSAGE)
      .optional(),
    region: textField('Region', { max: 60, min: 0 }).optional(),
    postalCode: textField('Postal code', { max: 20 }).optional(),
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

/** Stripe's delivery estimate as dates (YYYY-MM-DD): the earliest and latest day the parcel is expected. */
export interface DeliveryEstimate {
  minimum: string;
  maximum: string;
}

export interface ShippingOption {
  id: string;
  name: string;
  carrier: Carrier;
  /** Dollars for this order. */
  amount: number;
  /** Dollars: the method is free for subtotals up to this, when one of its rates is free up to a subtotal. */
  freeUpTo?: number;
  deliveryEstimate: DeliveryEstimate;
  /** YYYY-MM-DD: the day the order leaves if placed now. */
  shipsOn: string;
}

/** `GET /shipping/options`: cheapest first; empty where no method serves. */
export interface ShippingOptions {
  options: ShippingOption[];
}
