import { z } from '../zod-setup';
import { shipToQueryFields } from '../shipping/options.schema';
import { shippingMethodIdSchema } from '../shipping/methods.schema';
import { textField } from '../strict';

/**
 * `GET /cart`'s query (CONTRACT §15, decision 0083): where the cart would ship, as `GET
 * /shipping/options` takes it (a member's `shipToId`, or `country`, `region`, `postalCode`, with
 * `line1` and `city` when known), and optionally the shipping method chosen (default: the
 * cheapest). Nothing at all: the cart without tax. Strict and bounded: anything else is 400.
 */
export const CART_WHERE_MESSAGE = 'Give at most one of: shipToId; or country with region and postalCode (line1 and city optional)';

export const cartQuerySchema = z
  .strictObject({
    ...shipToQueryFields,
    line1: textField('Address line 1', { max: 100 }).optional(),
    city: textField('City', { max: 60 }).optional(),
    shippingMethodId: shippingMethodIdSchema.optional(),
  })
  .superRefine((q, ctx) => {
    const byAddress = q.country !== undefined || q.region !== undefined || q.postalCode !== undefined || q.line1 !== undefined || q.city !== undefined;
    if (byAddress && q.shipToId !== undefined) ctx.addIssue({ code: 'custom', message: CART_WHERE_MESSAGE });
    else if (byAddress && (q.country === undefined || q.postalCode === undefined || q.region === undefined))
      ctx.addIssue({ code: 'custom', message: 'An address in the query is country, region and postalCode (region may be empty where a country has none)' });
    if (q.shippingMethodId !== undefined && !byAddress && q.shipToId === undefined)
      ctx.addIssue({ code: 'custom', path: ['shippingMethodId'], message: 'A shipping method is chosen for a ship-to: send shipToId or an address with it' });
  });
export type CartQuery = z.output<typeof cartQuerySchema>;
