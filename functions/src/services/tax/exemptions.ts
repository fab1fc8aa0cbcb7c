import { createHash } from 'node:crypto';
import { FieldPath, Timestamp, type Transaction } from 'firebase-admin/firestore';
import { shopToday } from '@fridgeparts/common/availability/availability';
import { COMPANY_LIMITS } from '@fridgeparts/common/company';
import type { Address, ShipTo } from '@fridgeparts/common/company.answers';
import { exemptionFileId, exemptionFromDoc } from '@fridgeparts/common/documents/exemptions';
import { certificateFileName, EXEMPTION_LIMITS, EXEMPTION_MESSAGES, type CompanyExemptCertificate } from '@fridgeparts/common/tax/exemption';
import type { Exemption, ExemptionForReview, ExemptionReviewPage } from '@fridgeparts/common/tax/exemption.answers';
import type { ExemptionReject, ExemptionReviewQuery, ExemptionUpload } from '@fridgeparts/common/tax/exemption.schema';
import { shipCutoff } from '../../config';
import { collections, db, type CompanyDoc, type ExemptionDoc } from '../../data/firestore';
import { badRequest, conflict, forbidden, notFound } from '../../errors';
import type { Caller } from '../caller';
import { companyAccess } from '../companies/company-access';
import { readCompanySide } from '../companies/company-side';
import { decodeCursor, encodeCursor } from '../pagination';
import { taxRegistrations } from './registrations';

/**
 * Tax exemption certificates (CONTRACT §15, decision 0084). A ship-to's certificate is uploaded by
 * its company's admin (or the shop admin) as pending, with the PDF in chunks beside it; the shop
 * admin approves or rejects it. Approving, rejecting and revoking write the certificate and the
 * company's copy of its approved certificates (`exemptCertificates`) in one transaction, so the
 * cart's and order's tax read only the company document they already read (decision 0072).
 */

const exemptionRef = (eid: string) => collections.exemptions().doc(eid);
const fileRef = (eid: string, n: number) => collections.exemptionFiles().doc(exemptionFileId(eid, n));
const companyRef = (id: string) => collections.companies().doc(id);
/** Every certificate of one company: bounded by its ship-tos times the certificates each may have. */
const MAX_PER_COMPANY = COMPANY_LIMITS.shipTo * EXEMPTION_LIMITS.perShipTo;

/** The shop's today (YYYY-MM-DD), in the cut-off's time zone. */
export const exemptionToday = (now: Date = new Date()): string => shopToday(now, shipCutoff());

const notManager = () => forbidden("Only the shop's admins and this company's admins may see or add its tax certificates.");
const noSuchCompany = (id: string) => notFound(`There is no company with the id ${id}.`);
const noSuchShipTo = (company: string, shipToId: string) => notFound(`${company} has no ship-to location ${shipToId}.`);
const noSuchExemption = (eid: string) => notFound(`This company has no tax certificate ${eid}.`);

/** The company, for a caller who may manage its certificates: 403 for anyone else (whether or not it exists), 404 for a shop admin when it does not. */
async function companyFor(caller: Caller, companyId: string): Promise<CompanyDoc> {
  if (companyAccess(await readCompanySide(caller, null, 'manage'), companyId, 'manage') !== 'allowed') throw notManager();
  const company = (await companyRef(companyId).get()).data();
  if (!company) throw noSuchCompany(companyId);
  return company;
}

/** The PDF as bytes: the schema checked the base64, the size and the magic; checked again here on the bytes. */
function pdfBytes(base64: string): Buffer {
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > EXEMPTION_LIMITS.fileBytes) throw badRequest(EXEMPTION_MESSAGES.tooBig, { certificate: EXEMPTION_MESSAGES.tooBig });
  if (bytes.subarray(0, 5).toString('latin1') !== '%PDF-') throw badRequest(EXEMPTION_MESSAGES.notPdf, { certificate: EXEMPTION_MESSAGES.notPdf });
  return bytes;
}

/** The checks that need the shop: a registered state, an expiry not past, a signature not in the future. */
async function checkAgainstShop(input: ExemptionUpload, today: string): Promise<void> {
  const fail = (field: string, message: string) => badRequest(message, { [field]: message });
  if (input.expiresOn && input.expiresOn < today) throw fail('expiresOn', EXEMPTION_MESSAGES.expiresBeforeToday);
  if (input.signedOn > today) throw fail('signedOn', EXEMPTION_MESSAGES.signedAfterToday);
  const registered = await taxRegistrations();
  if (!registered.some((r) => r.state === input.state)) throw fail('state', EXEMPTION_MESSAGES.notRegistered(input.state));
}

/** POST /companies/{id}/shipTo/{shipToId}/exemptions: 201, pending. Nothing is stored on any refusal. */
export async function uploadExemption(caller: Caller, companyId: string, shipToId: string, input: ExemptionUpload): Promise<Exemption> {
  const company = await companyFor(caller, companyId);
  if (!company.shipTo.some((s) => s.id === shipToId)) throw noSuchShipTo(company.name, shipToId);
  const today = exemptionToday();
  await checkAgainstShop(input, today);
  const bytes = pdfBytes(input.certificate);
  const ref = collections.exemptions().doc();
  const chunks: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += EXEMPTION_LIMITS.chunkBytes) chunks.push(bytes.subarray(at, at + EXEMPTION_LIMITS.chunkBytes));
  const doc: ExemptionDoc = {
    companyId,
    shipToId,
    kind: input.kind,
    state: input.state,
    number: input.number,
    signedOn: input.signedOn,
    expiresOn: input.expiresOn ?? null,
    status: 'pending',
    reason: null,
    fileBytes: bytes.length,
    fileSha256: createHash('sha256').update(bytes).digest('hex'),
    fileChunks: chunks.length,
    createdAt: Timestamp.now(),
    createdBy: caller.uid,
    reviewedAt: null,
    reviewedBy: null,
    reminderSentFor: null,
  };
  await db.runTransaction(async (tx) => {
    // Read in the transaction: the ship-to still there, and the bound on its certificates.
    const now = (await tx.get(companyRef(companyId))).data();
    if (!now) throw noSuchCompany(companyId);
    if (!now.shipTo.some((s) => s.id === shipToId)) throw noSuchShipTo(now.name, shipToId);
    const existing = await tx.get(
      collections.exemptions().where('companyId', '==', companyId).where('shipToId', '==', shipToId).limit(EXEMPTION_LIMITS.perShipTo),
    );
    if (existing.size >= EXEMPTION_LIMITS.perShipTo) throw conflict(EXEMPTION_MESSAGES.tooMany);
    tx.create(ref, doc);
    chunks.forEach((data, n) => tx.create(fileRef(ref.id, n), { data }));
  });
  return exemptionFromDoc(ref.id, doc, today);
}

/** GET /companies/{id}/exemptions: every certificate of the company, newest first. */
export async function listExemptions(caller: Caller, companyId: string): Promise<Exemption[]> {
  await companyFor(caller, companyId);
  const snap = await collections.exemptions().where('companyId', '==', companyId).limit(MAX_PER_COMPANY).get();
  const today = exemptionToday();
  return snap.docs
    .sort((a, b) => b.data().createdAt.toMillis() - a.data().createdAt.toMillis() || b.id.localeCompare(a.id))
    .map((d) => exemptionFromDoc(d.id, d.data(), today));
}

/** GET /companies/{id}/exemptions/{eid}/certificate: the PDF, and a safe name to save it as. */
export async function exemptionCertificate(caller: Caller, companyId: string, eid: string): Promise<{ bytes: Buffer; fileName: string }> {
  await companyFor(caller, companyId);
  const doc = (await exemptionRef(eid).get()).data();
  if (!doc || doc.companyId !== companyId) throw noSuchExemption(eid);
  const refs = Array.from({ length: doc.fileChunks }, (_, n) => fileRef(eid, n));
  const snaps = refs.length > 0 ? await db.getAll(...refs) : [];
  const parts = snaps.map((s) => s.data()?.data);
  if (parts.some((p) => !p)) throw notFound('This certificate’s file is missing: upload it again.');
  const bytes = Buffer.concat(parts.map((p) => Buffer.from(p as Uint8Array)));
  if (bytes.length !== doc.fileBytes || createHash('sha256').update(bytes).digest('hex') !== doc.fileSha256) {
    throw notFound('This certificate’s file is damaged: upload it again.');
  }
  return { bytes, fileName: certificateFileName(doc.number) };
}

/** The company's copy of an approved certificate. */
const companyCopy = (id: string, d: ExemptionDoc): CompanyExemptCertificate => ({
  id,
  shipToId: d.shipToId,
  kind: d.kind,
  state: d.state,
  number: d.number,
  expiresOn: d.expiresOn,
});

/** The certificate and its company, read in `tx` for a review (shop admin only): 404 unless it is that company's and that ship-to's. */
async function reviewedIn(tx: Transaction, companyId: string, shipToId: string, eid: string) {
  const [companySnap, snap] = await Promise.all([tx.get(companyRef(companyId)), tx.get(exemptionRef(eid))]);
  const company = companySnap.data();
  if (!company) throw noSuchCompany(companyId);
  const doc = snap.data();
  if (!doc || doc.companyId !== companyId || doc.shipToId !== shipToId) throw noSuchExemption(eid);
  return { company, doc };
}

/** POST .../exemptions/{eid}/approve (shop admin): approved, and on the company's list. An approved one is answered as it is; a rejected one is 409. */
export async function approveExemption(caller: Caller, companyId: string, shipToId: string, eid: string): Promise<Exemption> {
  const today = exemptionToday();
  const doc = await db.runTransaction(async (tx) => {
    const { company, doc } = await reviewedIn(tx, companyId, shipToId, eid);
    if (doc.status === 'approved') return doc;
    if (doc.status === 'rejected') throw conflict('This certificate was rejected: the company uploads it again to have it reviewed.');
    const now = Timestamp.now();
    const approved: ExemptionDoc = { ...doc, status: 'approved', reason: null, reviewedAt: now, reviewedBy: caller.uid };
    const list = (company.exemptCertificates ?? []).filter((c) => c.id !== eid);
    tx.update(exemptionRef(eid), { status: 'approved', reason: null, reviewedAt: now, reviewedBy: caller.uid });
    tx.update(companyRef(companyId), { exemptCertificates: [...list, companyCopy(eid, approved)], updatedAt: now });
    return approved;
  });
  return exemptionFromDoc(eid, doc, today);
}

/**
 * POST .../exemptions/{eid}/reject (shop admin): rejected with the reason; an approved one is
 * revoked (taken off the company's list). Rejecting a rejected one again with the same reason
 * answers it as it is; with another reason, 409.
 */
export async function rejectExemption(caller: Caller, companyId: string, shipToId: string, eid: string, input: ExemptionReject): Promise<Exemption> {
  const today = exemptionToday();
  const doc = await db.runTransaction(async (tx) => {
    const { company, doc } = await reviewedIn(tx, companyId, shipToId, eid);
    if (doc.status === 'rejected') {
      if (doc.reason === input.reason) return doc;
      throw conflict('This certificate is already rejected.');
    }
    const now = Timestamp.now();
    tx.update(exemptionRef(eid), { status: 'rejected', reason: input.reason, reviewedAt: now, reviewedBy: caller.uid });
    const list = company.exemptCertificates ?? [];
    if (list.some((c) => c.id === eid)) tx.update(companyRef(companyId), { exemptCertificates: list.filter((c) => c.id !== eid), updatedAt: now });
    return { ...doc, status: 'rejected' as const, reason: input.reason, reviewedAt: now, reviewedBy: caller.uid };
  });
  return exemptionFromDoc(eid, doc, today);
}

const NO_ADDRESS: Address = { line1: '', line2: '', city: '', region: '', postalCode: '', country: '' };

/** GET /exemptions (shop admin): 25 a page by status, the oldest pending first, else the newest first; each with its company and ship-to. */
export async function reviewExemptions(q: ExemptionReviewQuery): Promise<ExemptionReviewPage> {
  const dir = q.status === 'pending' ? 'asc' : 'desc';
  const size = EXEMPTION_LIMITS.reviewPage;
  let query = collections.exemptions().where('status', '==', q.status).orderBy('createdAt', dir).orderBy(FieldPath.documentId(), dir);
  if (q.cursor !== undefined) {
    const after = decodeCursor(q.cursor, 'createdAt');
    query = query.startAfter(after.value, after.id);
  }
  const docs = (await query.limit(size + 1).get()).docs;
  const page = docs.slice(0, size);
  const companyIds = [...new Set(page.map((d) => d.data().companyId))];
  const companies = companyIds.length > 0 ? await db.getAll(...companyIds.map(companyRef)) : [];
  const byId = new Map<string, CompanyDoc | undefined>(companies.map((s) => [s.id, s.data() as CompanyDoc | undefined]));
  const today = exemptionToday();
  const exemptions = page.map((d): ExemptionForReview => {
    const doc = d.data();
    const company = byId.get(doc.companyId);
    const shipTo: ShipTo | undefined = company?.shipTo.find((s) => s.id === doc.shipToId);
    return {
      ...exemptionFromDoc(d.id, doc, today),
      companyName: company?.name ?? '(company removed)',
      shipToLabel: shipTo?.label ?? `${doc.shipToId} (removed)`,
      shipToAddress: shipTo?.address ?? NO_ADDRESS,
    };
  });
  const last = page[page.length - 1];
  return { exemptions, nextCursor: docs.length > size && last ? encodeCursor(last.data().createdAt, last.id) : null };
}
