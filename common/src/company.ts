import { z } from './zod-setup';
import { dollarsToCents, formatWholeDollars } from './money';
import { emailSchema } from './user';
import { textField } from './strict';
import { pageQuerySchema } from './pagination';

/**
 * Buying as a company (CONTRACT §10, decision 0055): a company, its ship-to locations, its people
 * (company admins and buyers) and the invitations that make them members. Amounts are dollars in
 * JSON and integer cents inside, as everywhere in the shop.
 */

/** The bounds of a company (decision 0055): every list in a company answer is bounded by these. */
export const COMPANY_LIMITS = {
  nameLength: 120,
  labelLength: 60,
  addressLineLength: 100,
  cityLength: 60,
  regionLength: 60,
  postalCodeLength: 20,
  /** Ship-to locations per company. */
  shipTo: 20,
  /** Members and pending invitations together, so every invited person can still join. */
  people: 50,
  /** $10,000,000: far above any trade account, well inside safe integers. */
  creditLimitCents: 1_000_000_000,
  /** $1,000,000 per order, the most a card order may total too (MAX_ORDER_TOTAL_CENTS). */
  spendingLimitCents: 100_000_000,
} as const;

export const COMPANY_ROLES = ['company-admin', 'buyer'] as const;
export type CompanyRole = (typeof COMPANY_ROLES)[number];

export const COMPANY_TERMS = ['card', 'net30'] as const;
export type CompanyTerms = (typeof COMPANY_TERMS)[number];

/** A postal address as the company answer carries it; line2 and region are '' when there are none. */
export interface Address {
  line1: string;
  line2: string;
  city: string;
  region: string;
  postalCode: string;
  /** ISO 3166-1 alpha-2, capitals: US, CA, DE... */
  country: string;
}

export interface ShipTo {
  /** Given by the shop (`s1`, `s2`...), never reused within the company, so an order's shipToId never names another place. */
  id: string;
  label: string;
  address: Address;
}

export interface CompanyMember {
  uid: string;
  email: string;
  role: CompanyRole;
  /** Dollars per order; null means none. */
  spendingLimit: number | null;
  joinedAt: string;
}

export interface CompanyInvitation {
  email: string;
  role: CompanyRole;
  spendingLimit: number | null;
  invitedAt: string;
}

/** The company as every company call answers it (POST, GET, PATCH /companies..., GET /me/company). */
export interface Company {
  _id: string;
  name: string;
  billingAddress: Address;
  shipTo: ShipTo[];
  terms: CompanyTerms;
  /** Dollars; set for net30 terms, null for card. */
  creditLimit: number | null;
  /** Dollars of invoices issued and not yet paid (0 until invoices exist: CONTRACT §10 "Pay on account"). */
  openInvoiceTotal: number;
  members: CompanyMember[];
  invitations: CompanyInvitation[];
  /** The version PATCH /companies/{id} may name (If-Match or `version`); also the answer's ETag. */
  version: string;
  createdAt: string;
  updatedAt: string;
}

/** One row of GET /companies: the company without its people, who are counted instead (decision 0055). */
export type CompanySummary = Omit<Company, 'members' | 'invitations'> & { memberCount: number; adminCount: number; invitationCount: number };

/** GET /me/company for a member of a company. */
export interface MyCompany {
  company: Company;
  role: CompanyRole;
  spendingLimit: number | null;
}

/** GET /me/company for someone in no company (CONTRACT §10: 200, not 404). */
export interface NoCompany {
  company: null;
  role: null;
  spendingLimit: null;
}

/** GET /me/company as the API answers it. */
export type MyCompanyAnswer = MyCompany | NoCompany;

export const NO_COMPANY: NoCompany = { company: null, role: null, spendingLimit: null };

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

const dollarsText = (cents: number) => formatWholeDollars(cents / 100);

export const CREDIT_LIMIT_MESSAGE = `Credit limit must be an amount in dollars above 0 and at most ${dollarsText(limits.creditLimitCents)}, like 25000.00`;
export const SPENDING_LIMIT_MESSAGE = `Spending limit must be null (no limit) or an amount in dollars from 0 to ${dollarsText(limits.spendingLimitCents)}, like 2500.00`;

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
/** A ship-to id the shop gave: `s` and a number. */
export const SHIP_TO_ID = /^s[1-9]\d{0,8}$/;
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

export const NET30_NEEDS_LIMIT = 'A net30 company needs a creditLimit in dollars';
export const CARD_HAS_NO_LIMIT = 'Only net30 companies have a credit limit: leave creditLimit out (or null) for card terms';

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
