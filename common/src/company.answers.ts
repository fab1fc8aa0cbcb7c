import { z } from './zod-setup';
import { dollars, isoTime } from './answer-fields.schema';
import { COMPANY_ROLES, COMPANY_TERMS } from './company';

/**
 * The company's answers as zod schemas, and the answer types as their `z.infer` (decision 0073):
 * written once here, named in the OpenAPI document by openapi/response-schemas.ts, imported by the
 * web as types only. Apart from company.schema.ts so that the request schemas a form loads do not
 * carry them.
 */

// The company as every company call answers it (POST, GET, PATCH /companies..., GET /me/company).
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
