import { EXEMPTION_LIMITS, EXEMPTION_MESSAGES, PDF_MAGIC, type ExemptionKind } from '@fridgeparts/common/tax/exemption';
import type { ExemptionUploadInput } from '@fridgeparts/common/tax/exemption.schema';

/**
 * The "Add tax certificate" form's values as its inputs hold them, the request body made from them
 * (CONTRACT §15), and the PDF read in the browser. Apart from the dialog and from zod, so it is
 * tested on its own.
 */
export interface CertificateForm {
  kind: ExemptionKind;
  state: string;
  number: string;
  /** The PDF as base64 ('' until one is chosen). */
  certificate: string;
  signedOn: string;
  /** '' for a certificate without an expiry. */
  expiresOn: string;
}

export const emptyCertificateForm = (): CertificateForm => ({ kind: 'resale', state: '', number: '', certificate: '', signedOn: '', expiresOn: '' });

/** The body POST .../exemptions takes: the number trimmed, no expiresOn when none was given. */
export function certificateBodyOf(f: CertificateForm): ExemptionUploadInput {
  return {
    kind: f.kind,
    state: f.state,
    number: f.number.trim(),
    certificate: f.certificate,
    signedOn: f.signedOn,
    ...(f.expiresOn ? { expiresOn: f.expiresOn } : {}),
  };
}

/** "1.2 MB", "340 KB": a file's size as the form says it. */
export function fileSizeText(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** Bytes to base64 in slices, so a 2 MB file never makes one huge argument list. */
export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** The file's bytes, through FileReader (which every browser, and the tests' jsdom, has). */
function bytesOf(file: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsArrayBuffer(file);
  });
}

/**
 * The chosen file read to base64, or why it can not be sent, in the server's words: over 2 MiB is
 * refused before it is read (nothing is sent), and a file that does not start with "%PDF-" is no PDF.
 */
export async function readCertificate(file: Blob): Promise<{ base64: string } | { error: string }> {
  if (file.size > EXEMPTION_LIMITS.fileBytes) return { error: EXEMPTION_MESSAGES.tooBig };
  const bytes = await bytesOf(file);
  if (String.fromCharCode(...bytes.subarray(0, PDF_MAGIC.length)) !== PDF_MAGIC) return { error: EXEMPTION_MESSAGES.notPdf };
  return { base64: toBase64(bytes) };
}
