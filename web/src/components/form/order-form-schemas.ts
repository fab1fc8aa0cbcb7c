import { z } from 'zod';
import { shippingAddressSchema } from '@fridgeparts/common/shipping/order.schema';
import { shippingMethodIdSchema } from '@fridgeparts/common/shipping/methods.schema';

/**
 * The order forms' schemas with shipping (CONTRACT §14, decision 0076): the common form schemas
 * (booking.ts, cart.ts) extended, never forked. Everyone who is not a company member sends the
 * address as §10's object (`shippingAddress`) instead of the one line; every form sends the chosen
 * `shippingMethodId` (none chosen yet: left out, the server takes the cheapest). Loaded with zod,
 * when a form is first used.
 */

/** Countries whose addresses need a state or region to be priced and delivered. */
const REGIONED = new Set(['US', 'CA', 'MX']);
const US_ZIP = /^\d{5}(-\d{4})?$/;
const CA_POSTAL = /^[A-Za-z]\d[A-Za-z] ?\d[A-Za-z]\d$/;

/** §10's address, with what a person can act on where a country needs more than the API's shape. */
export const orderAddressSchema = shippingAddressSchema.superRefine((a, ctx) => {
  if (REGIONED.has(a.country) && !a.region)
    ctx.addIssue({ code: 'custom', path: ['region'], message: a.country === 'US' ? 'State is required, like CA or TX' : 'State or province is required' });
  if (a.country === 'US' && !US_ZIP.test(a.postalCode))
    ctx.addIssue({ code: 'custom', path: ['postalCode'], message: 'A US ZIP code is 5 digits (or ZIP+4), like 94607' });
  if (a.country === 'CA' && !CA_POSTAL.test(a.postalCode))
    ctx.addIssue({ code: 'custom', path: ['postalCode'], message: 'A Canadian postal code is like K1A 0B1' });
});

/** The radio group's value: '' until an option is chosen (then left out of the body). */
export const shippingMethodField = z
  .string()
  .optional()
  .transform((v) => v || undefined)
  .pipe(shippingMethodIdSchema.optional());

/** "Ship complete (wait for every line)" (CONTRACT §14, decision 0080): the checkbox's value, sent as it is. */
export const shipCompleteFormField = z.boolean().optional();

/** A form schema for someone in no company: the address object in the one line's place, and the method. */
export function withShippingAddress<T extends z.ZodRawShape & { address: z.ZodType }>(schema: z.ZodObject<T>) {
  const mask = { address: true } as { address: true } & Record<Exclude<'address', keyof T>, never>;
  return schema.omit(mask).extend({ shippingAddress: orderAddressSchema, shippingMethodId: shippingMethodField, shipComplete: shipCompleteFormField });
}

/** A member's form schema (the ship-to names the address), with the method (and, as every order form, ship complete). */
export function withShippingMethod<T extends z.ZodRawShape>(schema: z.ZodObject<T>) {
  return schema.extend({ shippingMethodId: shippingMethodField, shipComplete: shipCompleteFormField });
}
