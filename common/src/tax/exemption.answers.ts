import { z } from '../zod-setup';
import { isoTime } from '../answer-fields.schema';
import { addressAnswerSchema } from '../company.answers';
import { EXEMPTION_KINDS, EXEMPTION_STATUSES } from './exemption';

/**
 * The exemption certificates' answers (CONTRACT §15, decision 0084) as zod schemas, the types as
 * their `z.infer` (decision 0073): imported by the web as types only, named in the OpenAPI document.
 */

const dayText = z.string().describe('A day, YYYY-MM-DD');

export const exemptionAnswerSchema = z.object({
  id: z.string(),
  companyId: z.string(),
  shipToId: z.string(),
  kind: z.enum(EXEMPTION_KINDS),
  state: z.string().describe('A US state, two capitals'),
  number: z.string(),
  signedOn: dayText,
  expiresOn: dayText.nullable().describe('null: it does not expire'),
  status: z.enum(EXEMPTION_STATUSES).describe('expired: approved, and its expiresOn is before the shop’s today'),
  reason: z.string().nullable().describe('Why it was rejected (or revoked); null otherwise'),
  fileBytes: z.number().int().describe('The PDF’s size in bytes'),
  createdAt: isoTime,
  reviewedAt: isoTime.nullable(),
  words: z.string().describe('"Resale certificate 12-345 (TX)"'),
});
export type Exemption = z.infer<typeof exemptionAnswerSchema>;

export const exemptionListAnswerSchema = z.object({ exemptions: z.array(exemptionAnswerSchema) });
export type ExemptionList = z.infer<typeof exemptionListAnswerSchema>;

export const exemptionForReviewAnswerSchema = exemptionAnswerSchema.extend({
  companyName: z.string(),
  shipToLabel: z.string(),
  shipToAddress: addressAnswerSchema,
});
export type ExemptionForReview = z.infer<typeof exemptionForReviewAnswerSchema>;

export const exemptionReviewPageAnswerSchema = z.object({
  exemptions: z.array(exemptionForReviewAnswerSchema),
  nextCursor: z.string().nullable().describe('Pass as cursor for the next page; null on the last'),
});
export type ExemptionReviewPage = z.infer<typeof exemptionReviewPageAnswerSchema>;

export const taxRegistrationsAnswerSchema = z.object({
  registrations: z.array(z.object({ country: z.string(), state: z.string() })),
});
export type TaxRegistrations = z.infer<typeof taxRegistrationsAnswerSchema>;

/** The tax object's `exemption`: the certificate a cart or order was exempted by. */
export const taxExemptionAnswerSchema = z.object({
  id: z.string(),
  kind: z.enum(EXEMPTION_KINDS),
  state: z.string(),
  number: z.string(),
  words: z.string().describe('The tax row’s words: "Exempt: resale certificate 12-345 (TX)"'),
});
