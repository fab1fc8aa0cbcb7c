/**
 * Tax exemption certificates (CONTRACT §15, issue 46, decision 0084): a ship-to's resale,
 * exempt-organization or government certificate for one state, which the shop admin approves or
 * rejects. Zod-free (decision 0073): the request schemas are exemption.schema.ts, the answers
 * exemption.answers.ts. Here: the kinds, the bounds and the words every screen, PDF and email says.
 */

export const EXEMPTION_KINDS = ['resale', 'exempt-organization', 'government'] as const;
export type ExemptionKind = (typeof EXEMPTION_KINDS)[number];

/** What is stored. */
export const EXEMPTION_STORED_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ExemptionStoredStatus = (typeof EXEMPTION_STORED_STATUSES)[number];
/** What is answered: 'expired' is an approved certificate whose expiresOn is before the shop's today. */
export const EXEMPTION_STATUSES = [...EXEMPTION_STORED_STATUSES, 'expired'] as const;
export type ExemptionStatus = (typeof EXEMPTION_STATUSES)[number];

export const EXEMPTION_LIMITS = {
  /** Certificates per ship-to, any status: an 11th is 409. */
  perShipTo: 10,
  /** The PDF, decoded: 2 MiB. */
  fileBytes: 2_097_152,
  /** One exemptionFiles/{eid}_{n} chunk (a Firestore document holds at most 1 MiB). */
  chunkBytes: 700_000,
  numberLength: 40,
  reasonLength: 500,
  /** The shop admin's review list: a page. */
  reviewPage: 25,
  /** Days before expiry the company admins are reminded, once per certificate and expiry. */
  reminderDays: 30,
} as const;

/** The base64 of at most EXEMPTION_LIMITS.fileBytes bytes is at most this many characters. */
export const EXEMPTION_MAX_BASE64 = Math.ceil(EXEMPTION_LIMITS.fileBytes / 3) * 4;

/** A PDF starts with these bytes. */
export const PDF_MAGIC = '%PDF-';

export const EXEMPTION_MESSAGES = {
  notBase64: 'certificate must be the PDF file as base64 (A-Z, a-z, 0-9, +, /, = padding; no line breaks)',
  notPdf: 'certificate is not a PDF file (a PDF starts with %PDF-)',
  tooBig: `certificate is over 2 MiB (${EXEMPTION_LIMITS.fileBytes.toLocaleString('en-US')} bytes): scan it at a lower resolution`,
  tooMany: `This ship-to already has ${EXEMPTION_LIMITS.perShipTo} certificates: ask the shop to reject one that no longer applies before adding another`,
  expiresBeforeToday: 'expiresOn is in the past: a certificate that has expired exempts nothing',
  signedAfterToday: 'signedOn is after today: give the day the certificate was signed',
  expiresBeforeSigned: 'expiresOn is before signedOn',
  notRegistered: (state: string) => `The shop does not collect sales tax in ${state}, so no certificate is needed there`,
} as const;

const KIND_WORDS: Record<ExemptionKind, string> = {
  resale: 'resale certificate',
  'exempt-organization': 'exempt-organization certificate',
  government: 'government certificate',
};

interface CertificateNaming {
  kind: ExemptionKind;
  number: string;
  state: string;
}

/** "resale certificate 12-345 (TX)". */
function certificateWords(c: CertificateNaming): string {
  return `${KIND_WORDS[c.kind]} ${c.number} (${c.state})`;
}

/** A certificate's name: "Resale certificate 12-345 (TX)" (the Exemption answer's `words`). */
export function exemptionWords(c: CertificateNaming): string {
  const w = certificateWords(c);
  return w.charAt(0).toUpperCase() + w.slice(1);
}

/** The tax row of an exempt cart or order: "Exempt: resale certificate 12-345 (TX)". */
export function exemptWords(c: CertificateNaming): string {
  return `Exempt: ${certificateWords(c)}`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "2026-11-01" as "Nov 1, 2026". */
export function dayWords(day: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return day;
  return `${MONTHS[Number(m[2]) - 1] ?? m[2]} ${Number(m[3])}, ${m[1]}`;
}

/** Whether an approved certificate still exempts on the shop's `today` (YYYY-MM-DD): its expiresOn is today or later, or none. */
export const exemptionValidOn = (expiresOn: string | null, today: string): boolean => expiresOn === null || expiresOn >= today;

/** The status answered: approved but expired before `today` reads 'expired'. */
export function exemptionStatusOn(c: { status: ExemptionStoredStatus; expiresOn: string | null }, today: string): ExemptionStatus {
  return c.status === 'approved' && !exemptionValidOn(c.expiresOn, today) ? 'expired' : c.status;
}

/**
 * Why tax is charged although the ship-to has a certificate for its state (the tax object's
 * `note`): pending, rejected or expired. Null for an approved, valid one (it exempts).
 */
export function exemptionNote(c: CertificateNaming & { status: ExemptionStatus; reason: string | null; expiresOn: string | null }): string | null {
  const yours = `Your ${certificateWords(c)}`;
  if (c.status === 'pending') return `${yours} is waiting for review, so sales tax is charged.`;
  if (c.status === 'rejected') {
    const why = (c.reason ?? '').trim().replace(/[.\s]+$/, '');
    return why ? `${yours} was rejected: ${why}. Sales tax is charged.` : `${yours} was rejected, so sales tax is charged.`;
  }
  if (c.status === 'expired') return `${yours} expired on ${dayWords(c.expiresOn ?? '')}, so sales tax is charged again.`;
  return null;
}

/** The certificate a cart or order was exempted by (the tax object's `exemption`). */
export interface TaxExemption {
  id: string;
  kind: ExemptionKind;
  state: string;
  number: string;
  /** "Exempt: resale certificate 12-345 (TX)". */
  words: string;
}

/** companies/{id}.exemptCertificates: an approved certificate, the copy the cart's and order's tax read (decision 0084). */
export interface CompanyExemptCertificate {
  id: string;
  shipToId: string;
  kind: ExemptionKind;
  state: string;
  number: string;
  expiresOn: string | null;
}

/**
 * The approved certificate that exempts a ship-to in `state` on `today`, from the company's copy;
 * null when none does. The latest expiry wins where two do (none: never expires).
 */
export function exemptingCertificate(
  list: readonly CompanyExemptCertificate[] | undefined,
  shipToId: string,
  state: string,
  today: string,
): CompanyExemptCertificate | null {
  const valid = (list ?? []).filter((c) => c.shipToId === shipToId && c.state === state && exemptionValidOn(c.expiresOn, today));
  valid.sort((a, b) => (b.expiresOn ?? '9999-12-31').localeCompare(a.expiresOn ?? '9999-12-31') || a.id.localeCompare(b.id));
  return valid[0] ?? null;
}

/** The tax object's exemption for a certificate. */
export function taxExemptionOf(c: Pick<CompanyExemptCertificate, 'id' | 'kind' | 'state' | 'number'>): TaxExemption {
  return { id: c.id, kind: c.kind, state: c.state, number: c.number, words: exemptWords(c) };
}

/** A safe download name: "certificate-12-345.pdf" (letters, digits, dot, dash, underscore only). */
export function certificateFileName(number: string): string {
  const safe = number
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
    .slice(0, 40);
  return `certificate-${safe || 'file'}.pdf`;
}
