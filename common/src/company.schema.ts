import { z } from './zod-setup';
import { dollarsToCents } from './money';
import { emailSchema } from './user';
import { textField } from './strict';
import { pageQuerySchema } from './pagination';
import {
  CARD_HAS_NO_LIMIT,
  COMPANY_LIMITS,
  COMPANY_ROLES,
  COMPANY_TERMS,
  CREDIT_LIMIT_MESSAGE,
  NET30_NEEDS_LIMIT,
  SHIP_TO_ID,
  SPENDING_LIMIT_MESSAGE,
} from './company';

/**
 * The company's request schemas (decision 0073), checked by the function and, loaded lazily, by
 * the web's forms. The constants are in the zod-free company.ts, the answers in company.answers.ts.
 */

const limits = COMPANY_LIMITS;

/** A dollar amount from 0 (or above 0) up to `maxCents`, two decimals at most; the output is cents. */
function dollarAmount(message: string, opts: { maxCents: number; allowZero: boolean }) {
  return z.union([z.string(), z.number()], { error: message }).transform((v, ctx) => {
    const cents = dollarsToCents(v);
    if (cents === null || cents > opts.maxCents || (!opts.allowZero && cents === 0)) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return cents;
  });
}

export const creditLimitSchema = dollarAmount(CREDIT_LIMIT_MESSAGE, { maxCents: limits.creditLimitCents, allowZero: false });
/** null means no limit; 0 means every order of theirs waits for approval. Output: cents or null. */
export const spendingLimitSchema = z.union([z.null(), dollarAmount(SPENDING_LIMIT_MESSAGE, { maxCents: limits.spendingLimitCents, allowZero: true })], {
  error: SPENDING_LIMIT_MESSAGE,
});

const COUNTRY = /^[A-Z]{2}$/;

export const addressSchema = z.object(
  {
    line1: textField('Address line 1', { max: limits.addressLineLength }),
    line2: textField('Address line 2', { max: limits.addressLineLength, min: 0 }).default(''),
    city: textField('City', { max: limits.cityLength }),
    region: textField('Region', { max: limits.regionLength, min: 0 }).default(''),
    postalCode: textField('Postal code', { max: limits.postalCodeLength }),
    country: textField('Country', { max: 2 }).pipe(z.string().regex(COUNTRY, 'Country is a two-letter ISO code in capitals, like US')),
  },
  { error: 'An address is an object: { line1, line2?, city, region?, postalCode, country }' },
);
export type AddressInput = z.input<typeof addressSchema>;

const companyNameSchema = textField('Company name', { max: limits.nameLength });
const termsSchema = z.enum(COMPANY_TERMS, { error: 'Terms are card or net30' });
const roleSchema = z.enum(COMPANY_ROLES, { error: 'Role is company-admin or buyer' });

const shipToLabel = textField('Ship-to label', { max: limits.labelLength });
export const shipToIdSchema = z.string({ error: 'A ship-to id is text, like s1' }).regex(SHIP_TO_ID, 'Not a ship-to id of this company (like s1)');

const SHIP_TO_COUNT_MESSAGE = `A company has 1 to ${limits.shipTo} ship-to locations`;

/** Labels name a location to the buyer picking one, so two may not read the same. */
function uniqueLabels(list: { label: string }[], ctx: z.RefinementCtx): void {
  const seen = new Set<string>();
  list.forEach((s, i) => {
    const key = s.label.toLowerCase();
    if (seen.has(key)) ctx.addIssue({ code: 'custom', message: `Two ship-to locations are labelled ${s.label}: labels must differ`, path: [i, 'label'] });
    seen.add(key);
  });
}

const newShipToList = z
  .array(z.object({ label: shipToLabel, address: addressSchema }), { error: SHIP_TO_COUNT_MESSAGE })
  .min(1, SHIP_TO_COUNT_MESSAGE)
  .max(limits.shipTo, SHIP_TO_COUNT_MESSAGE)
  .superRefine(uniqueLabels);

/** In PATCH: a location with its `id` is kept (and may be edited), one without is new; one left out is removed. */
const patchShipToList = z
  .array(z.object({ id: shipToIdSchema.optional(), label: shipToLabel, address: addressSchema }), { error: SHIP_TO_COUNT_MESSAGE })
  .min(1, SHIP_TO_COUNT_MESSAGE)
  .max(limits.shipTo, SHIP_TO_COUNT_MESSAGE)
  .superRefine(uniqueLabels)
  .superRefine((list, ctx) => {
    const ids = new Set<string>();
    list.forEach((s, i) => {
      if (s.id === undefined) return;
      if (ids.has(s.id)) ctx.addIssue({ code: 'custom', message: `Ship-to ${s.id} is listed twice`, path: [i, 'id'] });
      ids.add(s.id);
    });
  });

/** POST /companies (shop admin). */
export const companyCreateSchema = z
  .object({
    name: companyNameSchema,
    billingAddress: addressSchema,
    shipTo: newShipToList,
    terms: termsSchema,
    creditLimit: z.union([z.null(), creditLimitSchema], { error: CREDIT_LIMIT_MESSAGE }).optional(),
  })
  .superRefine((c, ctx) => {
    if (c.terms === 'net30' && (c.creditLimit === undefined || c.creditLimit === null))
      ctx.addIssue({ code: 'custom', message: NET30_NEEDS_LIMIT, path: ['creditLimit'] });
    if (c.terms === 'card' && c.creditLimit !== undefined && c.creditLimit !== null)
      ctx.addIssue({ code: 'custom', message: CARD_HAS_NO_LIMIT, path: ['creditLimit'] });
  });
export type CompanyCreate = z.output<typeof companyCreateSchema>;
export type CompanyCreateInput = z.input<typeof companyCreateSchema>;

const versionField = textField('version', { max: 64 }).optional();

/**
 * PATCH /companies/{id} (shop admin): any of the fields; terms and creditLimit are checked against
 * the stored company (a switch to net30 needs a limit, given here or already stored).
 */
export const companyPatchSchema = z
  .object({
    name: companyNameSchema.optional(),
    billingAddress: addressSchema.optional(),
    shipTo: patchShipToList.optional(),
    terms: termsSchema.optional(),
    creditLimit: z.union([z.null(), creditLimitSchema], { error: CREDIT_LIMIT_MESSAGE }).optional(),
    version: versionField,
  })
  .refine(
    (p) => p.name !== undefined || p.billingAddress !== undefined || p.shipTo !== undefined || p.terms !== undefined || p.creditLimit !== undefined,
    'Send at least one of name, billingAddress, shipTo, terms, creditLimit',
  );
export type CompanyPatch = z.output<typeof companyPatchSchema>;

/** POST /companies/{id}/invitations (shop admin or that company's admin). */
export const invitationSchema = z.object({
  email: emailSchema,
  role: roleSchema,
  spendingLimit: spendingLimitSchema.optional(),
});
export type InvitationInput = z.output<typeof invitationSchema>;

/** PATCH /companies/{id}/members/{uid}. */
export const memberPatchSchema = z
  .object({ role: roleSchema.optional(), spendingLimit: spendingLimitSchema.optional() })
  .refine((p) => p.role !== undefined || p.spendingLimit !== undefined, 'Send role, spendingLimit or both');
export type MemberPatch = z.output<typeof memberPatchSchema>;

/** A member's uid in a path: a Firebase Auth uid (1 to 128 letters, digits, _ and -). */
export const memberUidSchema = z
  .string({ error: 'A member is named by their uid' })
  .regex(/^(?!__.*__$)[A-Za-z0-9_-]{1,128}$/, 'Not the uid of a member (letters, digits, _ and -)');

/** GET /companies: the shop's usual paging (limit, cursor). */
export const companyListQuerySchema = pageQuerySchema;
