import { describe, expect, it } from 'vitest';
import {
  certificateFileName,
  dayWords,
  EXEMPTION_LIMITS,
  EXEMPTION_MESSAGES,
  exemptingCertificate,
  exemptionNote,
  exemptionStatusOn,
  exemptionWords,
  exemptWords,
  taxExemptionOf,
  type CompanyExemptCertificate,
} from './exemption';
import { base64Head, base64Size, exemptionRejectSchema, exemptionReviewQuerySchema, exemptionUploadSchema } from './exemption.schema';
import { taxLabel } from './tax';

const b64 = (text: string) => Buffer.from(text, 'latin1').toString('base64');
const pdf = b64('%PDF-1.4\n1 0 obj\n<<>>\nendobj\n%%EOF\n');
const body = { kind: 'resale', state: 'tx', number: '12-345', certificate: pdf, signedOn: '2026-01-15', expiresOn: '2027-01-15' };
const issueOf = (input: unknown) => {
  const r = exemptionUploadSchema.safeParse(input);
  return r.success ? null : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('exemption certificates: words (CONTRACT §15)', () => {
  it('names a certificate, its exempt row, and the day', () => {
    const c = { kind: 'resale' as const, number: '12-345', state: 'TX' };
    expect(exemptionWords(c)).toBe('Resale certificate 12-345 (TX)');
    expect(exemptionWords({ ...c, kind: 'exempt-organization' })).toBe('Exempt-organization certificate 12-345 (TX)');
    expect(exemptionWords({ ...c, kind: 'government' })).toBe('Government certificate 12-345 (TX)');
    expect(exemptWords(c)).toBe('Exempt: resale certificate 12-345 (TX)');
    expect(dayWords('2026-11-01')).toBe('Nov 1, 2026');
    expect(taxLabel({ reason: 'customer_exempt', state: 'TX', rate: null, exemption: taxExemptionOf({ id: 'e1', ...c }) })).toBe(
      'Exempt: resale certificate 12-345 (TX)',
    );
  });

  it('says why tax is charged: pending, rejected, expired; nothing for an approved one', () => {
    const c = { kind: 'resale' as const, number: '12-345', state: 'TX', reason: null, expiresOn: '2026-11-01' };
    expect(exemptionNote({ ...c, status: 'pending' })).toBe('Your resale certificate 12-345 (TX) is waiting for review, so sales tax is charged.');
    expect(exemptionNote({ ...c, status: 'rejected', reason: 'Unsigned.' })).toBe(
      'Your resale certificate 12-345 (TX) was rejected: Unsigned. Sales tax is charged.',
    );
    expect(exemptionNote({ ...c, status: 'expired' })).toBe('Your resale certificate 12-345 (TX) expired on Nov 1, 2026, so sales tax is charged again.');
    expect(exemptionNote({ ...c, status: 'approved' })).toBeNull();
  });

  it('reads an approved certificate past its expiry as expired, valid on its last day', () => {
    expect(exemptionStatusOn({ status: 'approved', expiresOn: '2026-11-01' }, '2026-11-01')).toBe('approved');
    expect(exemptionStatusOn({ status: 'approved', expiresOn: '2026-11-01' }, '2026-11-02')).toBe('expired');
    expect(exemptionStatusOn({ status: 'approved', expiresOn: null }, '2099-01-01')).toBe('approved');
    expect(exemptionStatusOn({ status: 'rejected', expiresOn: '2020-01-01' }, '2026-11-02')).toBe('rejected');
  });

  it('finds the certificate that exempts a ship-to in its own state only, while valid', () => {
    const list: CompanyExemptCertificate[] = [
      { id: 'a', shipToId: 's2', kind: 'resale', state: 'TX', number: '1', expiresOn: '2026-12-01' },
      { id: 'b', shipToId: 's2', kind: 'resale', state: 'TX', number: '2', expiresOn: null },
      { id: 'c', shipToId: 's1', kind: 'resale', state: 'CA', number: '3', expiresOn: '2026-01-01' },
    ];
    expect(exemptingCertificate(list, 's2', 'TX', '2026-11-29')?.id).toBe('b');
    expect(exemptingCertificate(list, 's2', 'CA', '2026-11-29')).toBeNull();
    expect(exemptingCertificate(list, 's1', 'CA', '2026-11-29')).toBeNull();
    expect(exemptingCertificate(undefined, 's1', 'CA', '2026-11-29')).toBeNull();
  });

  it('makes a download name safe', () => {
    expect(certificateFileName('12-345')).toBe('certificate-12-345.pdf');
    expect(certificateFileName('../"evil"\r\n.pdf')).toBe('certificate-evil-.pdf.pdf');
    expect(certificateFileName('"""')).toBe('certificate-file.pdf');
  });
});

describe('exemption certificates: the upload schema (CONTRACT §15)', () => {
  it('takes a well-formed upload, the state in capitals', () => {
    const r = exemptionUploadSchema.parse(body);
    expect(r).toMatchObject({ kind: 'resale', state: 'TX', number: '12-345', expiresOn: '2027-01-15' });
    expect(exemptionUploadSchema.parse({ ...body, expiresOn: undefined }).expiresOn).toBeUndefined();
    expect(exemptionUploadSchema.parse({ ...body, expiresOn: null }).expiresOn).toBeNull();
  });

  it('names the field of each bad input', () => {
    expect(issueOf({ ...body, certificate: 'not base64!' })).toEqual([`certificate: ${EXEMPTION_MESSAGES.notBase64}`]);
    expect(issueOf({ ...body, certificate: 'abc' })).toEqual([`certificate: ${EXEMPTION_MESSAGES.notBase64}`]);
    expect(issueOf({ ...body, certificate: b64('GIF89a....') })).toEqual([`certificate: ${EXEMPTION_MESSAGES.notPdf}`]);
    const big = b64('%PDF-' + 'x'.repeat(EXEMPTION_LIMITS.fileBytes));
    expect(issueOf({ ...body, certificate: big })).toEqual([`certificate: ${EXEMPTION_MESSAGES.tooBig}`]);
    const justFits = b64('%PDF-' + 'x'.repeat(EXEMPTION_LIMITS.fileBytes - 5));
    expect(issueOf({ ...body, certificate: justFits })).toBeNull();
    expect(issueOf({ ...body, kind: 'charity' })?.[0]).toMatch(/^kind: /);
    expect(issueOf({ ...body, state: 'Texas' })?.[0]).toMatch(/^state: /);
    expect(issueOf({ ...body, number: '' })?.[0]).toMatch(/^number: /);
    expect(issueOf({ ...body, number: 'x'.repeat(41) })?.[0]).toMatch(/^number: /);
    expect(issueOf({ ...body, signedOn: '2026-02-30' })?.[0]).toMatch(/^signedOn: /);
    expect(issueOf({ ...body, expiresOn: '2025-01-01' })).toEqual([`expiresOn: ${EXEMPTION_MESSAGES.expiresBeforeSigned}`]);
    expect(issueOf({ ...body, extra: 1 })).not.toBeNull();
  });

  it('reads base64 sizes and heads', () => {
    expect(base64Size(b64('abcd'))).toBe(4);
    expect(base64Size(b64('abcde'))).toBe(5);
    expect(base64Size('ab=c')).toBeNull();
    expect(base64Head(pdf, 5)).toBe('%PDF-');
  });

  it('takes a reason to reject, and the review list’s status (pending by default)', () => {
    expect(exemptionRejectSchema.safeParse({ reason: '' }).success).toBe(false);
    expect(exemptionRejectSchema.safeParse({ reason: 'x'.repeat(501) }).success).toBe(false);
    expect(exemptionRejectSchema.parse({ reason: ' Not signed ' }).reason).toBe('Not signed');
    expect(exemptionReviewQuerySchema.parse({}).status).toBe('pending');
    expect(exemptionReviewQuerySchema.safeParse({ status: 'expired' }).success).toBe(false);
  });
});
