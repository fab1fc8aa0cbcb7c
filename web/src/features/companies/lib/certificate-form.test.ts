import { describe, expect, it } from 'vitest';
import { EXEMPTION_MESSAGES } from '@fridgeparts/common/tax/exemption';
import { certificateBodyOf, emptyCertificateForm, fileSizeText, readCertificate, toBase64 } from './certificate-form';

describe('the certificate form (CONTRACT §15)', () => {
  it('sends the number trimmed and no expiresOn when none was given', () => {
    const form = { ...emptyCertificateForm(), state: 'TX', number: ' 12-345 ', certificate: 'JVBERi0=', signedOn: '2026-11-01' };
    expect(certificateBodyOf(form)).toEqual({ kind: 'resale', state: 'TX', number: '12-345', certificate: 'JVBERi0=', signedOn: '2026-11-01' });
    expect(certificateBodyOf({ ...form, expiresOn: '2027-11-01' }).expiresOn).toBe('2027-11-01');
  });

  it('encodes bytes as base64 across its slices, as btoa would in one', () => {
    const bytes = Uint8Array.from({ length: 0x8000 * 2 + 7 }, (_, i) => (i * 31) % 256);
    expect(toBase64(bytes)).toBe(Buffer.from(bytes).toString('base64'));
    expect(toBase64(new Uint8Array())).toBe('');
  });

  it('reads a PDF, and refuses one over 2 MiB or without %PDF- in the server’s words', async () => {
    const read = await readCertificate(new Blob(['%PDF-1.7 body']));
    expect(read).toEqual({ base64: Buffer.from('%PDF-1.7 body').toString('base64') });
    expect(await readCertificate(new Blob(['%PDF'])).then((r) => 'error' in r)).toBe(true);
    expect(await readCertificate(new Blob([new Uint8Array(2_097_152)]))).toHaveProperty('error', EXEMPTION_MESSAGES.notPdf);
    expect(await readCertificate(new Blob([new Uint8Array(2_097_153)]))).toHaveProperty('error', EXEMPTION_MESSAGES.tooBig);
  });

  it('says a file’s size in KB or MB', () => {
    expect(fileSizeText(100)).toBe('1 KB');
    expect(fileSizeText(340 * 1024)).toBe('340 KB');
    expect(fileSizeText(1.25 * 1024 * 1024)).toBe('1.3 MB');
  });
});
