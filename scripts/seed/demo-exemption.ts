import { createHash } from 'node:crypto';
import type { Timestamp } from 'firebase-admin/firestore';
import { DEMO_COMPANY } from '../../common/src/constants';
import type { ExemptionDoc } from '../../common/src/documents/exemptions';
import { NORTHWIND_SHIP_TO } from './demo-company';

/**
 * The demo company's one tax exemption certificate (CONTRACT §15, decision 0084): a California
 * resale certificate for its second ship-to (San Jose, in a state the shop collects in), pending,
 * so the shop admin's review screen has something to show. Its PDF is a one-page document made here.
 */

export const DEMO_EXEMPTION_ID = 'demo-northwind-s2-resale';

/** A one-page PDF saying what the demo certificate is, with a correct cross-reference table. */
export function demoCertificatePdf(): Buffer {
  const text = `BT /F1 14 Tf 72 720 Td (California Resale Certificate - demo, ${DEMO_COMPANY.name}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(pdf.length);
    pdf += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

/** The certificate, pending, uploaded by the company's admin. */
export function demoExemptionDoc(now: Timestamp, companyAdminUid: string, pdf: Buffer): ExemptionDoc<Timestamp> {
  const shipTo = NORTHWIND_SHIP_TO[1]!;
  return {
    companyId: DEMO_COMPANY.id,
    shipToId: shipTo.id,
    kind: 'resale',
    state: shipTo.address.region,
    number: 'SR-FH-100-123456',
    signedOn: '2026-01-15',
    expiresOn: null,
    status: 'pending',
    reason: null,
    fileBytes: pdf.length,
    fileSha256: createHash('sha256').update(pdf).digest('hex'),
    fileChunks: 1,
    createdAt: now,
    createdBy: companyAdminUid,
    reviewedAt: null,
    reviewedBy: null,
    reminderSentFor: null,
  };
}
