import { z } from './zod-setup';
import { dollarsToCents } from './money';
import { emailSchema } from './user';
import { textField } from './strict';
import { pageQuerySchema } from './pagination';
import { dollars, isoTime } from './answer-fields.schema';
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
 * The company's schemas (decision 0073): the requests' (checked by the function and, loaded lazily,
 * by the web's forms) and the answers', whose `z.infer` are the answer types. The web imports this
 * module as types only; the constants are in the zod-free company.ts.
 */

// ---------------------------------------------------------------------------------------------
// Answers: the company as every company call answers it (POST, GET, PATCH /companies..., GET /me/company).

const companyRoleAnswer = z.enum(COMPANY_ROLES);

/** A postal address as the company answer carries it; line2 and region are '' when there are none. */
export const addressAnswerSchema = z.object({
  line1: z.string(),
  line2: z.string(),
  city: z.string(),
  region: z.string(),
  postalCode: z.string(),
  /** ISO 3166-1 alpha-2, capitals: US, CA, DE... */
  country: z.string(),
});
export type Address = z.infer<typeof addressAnswerSchema>;

export const shipToAnswerSchema = z.object({
  /** Given by the shop (`s1`, `s2`...), never reused within the company, so an order's shipToId never names another place. */
  id: z.string(),
  label: z.string(),
  address: addressAnswerSchema,
});
export type ShipTo = z.infer<typeof shipToAnswerSchema>;

export const companyMemberAnswerSchema = z.object({
  uid: z.string(),
  email: z.string(),
  role: companyRoleAnswer,
  /** Dollars per order; null means none. */
  spendingLimit: dollars.nullable(),
  joinedAt: isoTime,
});
export type CompanyMember = z.infer<typeof companyMemberAnswerSchema>;

export const companyInvitationAnswerSchema = z.object({ email: z.string(), role: companyRoleAnswer, spendingLimit: dollars.nullable(), invitedAt: isoTime });
export type CompanyInvitation = z.infer<typeof companyInvitationAnswerSchema>;

const companyFields = {
  _id: z.string(),
  name: z.string(),
  billingAddress: addressAnswerSchema,
  shipTo: z.array(shipToAnswerSchema),
  terms: z.enum(COMPANY_TERMS),
  /** Dollars; set for net30 terms, null for card. */
  creditLimit: dollars.nullable(),
  /** Dollars of invoices issued and not yet paid (CONTRACT §10 "Pay on account"). */
  openInvoiceTotal: dollars,
  /** The version PATCH /companies/{id} may name (If-Match or `version`); also the answer's ETag. */
  version: z.string(),
  createdAt: isoTime,
  updatedAt: isoTime,
};

export const companyAnswerSchema = z.object({
  ...companyFields,
  members: z.array(companyMemberAnswerSchema),
  invitations: z.array(companyInvitationAnswerSchema),
});
export type Company = z.infer<typeof companyAnswerSchema>;

/** One row of GET /companies: the company without its people, who are counted instead (decision 0055). */
export const companySummaryAnswerSchema = z.object({
  ...companyFields,
  memberCount: z.number().int(),
  adminCount: z.number().int(),
  invitationCount: z.number().int(),
});
export type CompanySummary = z.infer<typeof companySummaryAnswerSchema>;

/** GET /me/company for a member of a company. */
export const membershipAnswerSchema = z.object({ company: companyAnswerSchema, role: companyRoleAnswer, spendingLimit: dollars.nullable() });
export type MyCompany = z.infer<typeof membershipAnswerSchema>;

/** GET /me/company for someone in no company (CONTRACT §10: 200, not 404); company.ts NO_COMPANY is it. */
export const noCompanyAnswerSchema = z.object({ company: z.null(), role: z.null(), spendingLimit: z.null() });
export type NoCompany = z.infer<typeof noCompanyAnswerSchema>;

/** GET /me/company as the API answers it. */
export const myCompanyOrNoneAnswerSchema = z.union([membershipAnswerSchema, noCompanyAnswerSchema]);
export type MyCompanyAnswer = z.infer<typeof myCompanyOrNoneAnswerSchema>;

// ---------------------------------------------------------------------------------------------
// Requests

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
