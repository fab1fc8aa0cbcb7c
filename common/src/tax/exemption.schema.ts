import { z } from '../zod-setup';
import { textField } from '../strict';
import { EXEMPTION_KINDS, EXEMPTION_LIMITS, EXEMPTION_MAX_BASE64, EXEMPTION_MESSAGES, EXEMPTION_STORED_STATUSES, PDF_MAGIC } from './exemption';

/**
 * The exemption certificates' request schemas (CONTRACT §15, decision 0084), checked by the
 * function and, loaded lazily, by the web's form. Strict: anything else is 400. What needs the
 * shop (the registered states, the shop's today) the function checks after these.
 */

const BASE64 = /^[A-Za-z0-9+/]*$/;
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** The bytes base64 text decodes to (well-formed text only: a multiple of 4 characters, padding at the end). */
export function base64Size(text: string): number | null {
  if (text.length % 4 !== 0) return null;
  const pad = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  if (!BASE64.test(text.slice(0, text.length - pad))) return null;
  return (text.length / 4) * 3 - pad;
}

/** The first bytes of base64 text as a binary string (enough to see a file's magic). */
export function base64Head(text: string, bytes: number): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const ch of text.slice(0, Math.ceil(bytes / 3) * 4)) {
    const v = ALPHABET.indexOf(ch);
    if (v < 0) break;
    value = (value << 6) | v;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out += String.fromCharCode((value >> bits) & 0xff);
    }
  }
  return out.slice(0, bytes);
}

/** The PDF as base64: well-formed, at most 2 MiB decoded, starting with %PDF-. */
export const certificateFileSchema = z.string({ error: EXEMPTION_MESSAGES.notBase64 }).superRefine((v, ctx) => {
  if (v.length > EXEMPTION_MAX_BASE64) return void ctx.addIssue({ code: 'custom', message: EXEMPTION_MESSAGES.tooBig });
  const size = base64Size(v);
  if (size === null || size === 0) return void ctx.addIssue({ code: 'custom', message: EXEMPTION_MESSAGES.notBase64 });
  if (size > EXEMPTION_LIMITS.fileBytes) return void ctx.addIssue({ code: 'custom', message: EXEMPTION_MESSAGES.tooBig });
  if (base64Head(v, PDF_MAGIC.length) !== PDF_MAGIC) ctx.addIssue({ code: 'custom', message: EXEMPTION_MESSAGES.notPdf });
});

/** YYYY-MM-DD naming a real day, years 2000 to 2199. */
function isDay(v: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  if (!m || v < '2000-01-01' || v > '2199-12-31') return false;
  const t = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return new Date(t).toISOString().slice(0, 10) === v;
}
const dayField = (label: string) => z.string({ error: `${label} must be a date like 2026-06-01` }).refine(isDay, `${label} must be a date like 2026-06-01`);

export const exemptionKindSchema = z.enum(EXEMPTION_KINDS, { error: `kind is one of ${EXEMPTION_KINDS.join(', ')}` });
/** A US state's two letters; read in capitals. */
export const exemptionStateSchema = z
  .string({ error: 'state is a US state’s two letters, like TX' })
  .regex(/^[A-Za-z]{2}$/, 'state is a US state’s two letters, like TX')
  .transform((s) => s.toUpperCase());

/** POST /companies/{id}/shipTo/{shipToId}/exemptions. */
export const exemptionUploadSchema = z
  .strictObject({
    kind: exemptionKindSchema,
    state: exemptionStateSchema,
    number: textField('Certificate number', { max: EXEMPTION_LIMITS.numberLength }),
    certificate: certificateFileSchema,
    signedOn: dayField('signedOn'),
    expiresOn: dayField('expiresOn').nullable().optional(),
  })
  .superRefine((b, ctx) => {
    if (b.expiresOn && b.expiresOn < b.signedOn) ctx.addIssue({ code: 'custom', path: ['expiresOn'], message: EXEMPTION_MESSAGES.expiresBeforeSigned });
  });
export type ExemptionUploadInput = z.input<typeof exemptionUploadSchema>;
export type ExemptionUpload = z.output<typeof exemptionUploadSchema>;

/** POST .../exemptions/{eid}/reject: why (shown to the company and in the tax note). */
export const exemptionRejectSchema = z.strictObject({
  reason: textField('Reason', { max: EXEMPTION_LIMITS.reasonLength, multiline: true }),
});
export type ExemptionReject = z.output<typeof exemptionRejectSchema>;

/** POST .../exemptions/{eid}/approve: no body (an empty object is as good). */
export const exemptionApproveSchema = z.strictObject({});

/** GET /exemptions (the shop admin's review list). */
export const exemptionReviewQuerySchema = z.strictObject({
  status: z.enum(EXEMPTION_STORED_STATUSES, { error: `status is one of ${EXEMPTION_STORED_STATUSES.join(', ')}` }).default('pending'),
  cursor: textField('cursor', { max: 200 }).optional(),
});
export type ExemptionReviewQuery = z.output<typeof exemptionReviewQuerySchema>;

/** An exemption id as the paths name it. */
export const EXEMPTION_ID = /^[A-Za-z0-9]{1,40}$/;
