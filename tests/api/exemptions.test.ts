import { describe, expect, it, beforeAll } from 'vitest';
import { addCalendarDays } from '../../common/src/availability/availability';
import { dayWords, EXEMPTION_LIMITS } from '../../common/src/tax/exemption';
import { sweepReservations } from '../../functions/src/services/sweep/reservation-sweep';
import { api, bearer } from '../support/api';
import type { TestUser } from '../support/auth';
import { db } from '../support/firestore';
import { ADMIN, CUSTOMER, expectError, firestoreMark, useCast } from './fixtures';
import {
  CA_ADDRESS as CA,
  TX_ADDRESS as TX,
  certificateBody,
  companyWith,
  pdfOf,
  reviewPath,
  shopDay as today,
  upload,
  listPath,
  filePath,
} from './exemption-fixtures';

/**
 * Tax exemption certificates (CONTRACT §15, decision 0084): a ship-to's certificate uploaded by its
 * company's admin or the shop admin (201 pending, the PDF kept in chunks and read back byte for
 * byte), each bad input 400 naming its field with nothing stored, others refused, the shop admin's
 * approve, reject and revoke (each writing the company's copy of its approved certificates), and
 * the review list's pages.
 */

const { shopAdmin, adminA, buyerA, adminB } = useCast({ shopAdmin: ADMIN, adminA: CUSTOMER, buyerA: CUSTOMER, adminB: CUSTOMER });

let A = '';
let B = '';

beforeAll(async () => {
  A = await companyWith(
    shopAdmin,
    'Arctic Supply',
    [
      { label: 'Dallas', address: TX },
      { label: 'Oakland', address: CA },
    ],
    [
      [adminA, 'company-admin'],
      [buyerA, 'buyer'],
    ],
  );
  B = await companyWith(shopAdmin, 'Boreal Parts', [{ label: 'Main', address: TX }], [[adminB, 'company-admin']]);
});

const listOf = async (user: TestUser, companyId: string) =>
  (await api().get(listPath(companyId)).set(bearer(user.token)).expect(200)).body.exemptions as { id: string; status: string }[];
const companyDoc = async (id: string) => (await db.collection('companies').doc(id).get()).data()!;

describe('uploading a certificate', () => {
  it('lists the states the shop collects in', async () => {
    const res = await api().get('/tax/registrations').set(bearer(buyerA.token)).expect(200);
    const states = (res.body.registrations as { country: string; state: string }[]).map((r) => r.state);
    expect(states).toEqual(expect.arrayContaining(['CA', 'TX', 'NY', 'IL', 'OH']));
    expect(states).not.toContain('OR');
    expect(res.body.registrations[0]).toEqual({ country: 'US', state: expect.stringMatching(/^[A-Z]{2}$/) });
    await api().get('/tax/registrations').expect(401);
  });

  it.each([
    ['a state the shop does not collect in', { state: 'OR' }, 'state', /does not collect sales tax in OR, so no certificate is needed there/],
    ['an expiry in the past', { signedOn: '2020-01-01', expiresOn: addCalendarDays(today(), -1) }, 'expiresOn', /expiresOn is in the past/],
    ['a signature after today', { signedOn: addCalendarDays(today(), 1) }, 'signedOn', /signedOn is after today/],
    ['a certificate that is not base64', { certificate: 'this is not base64!' }, 'certificate', /base64/],
    ['a file that is not a PDF', { certificate: Buffer.from('GIF89a not a pdf at all').toString('base64') }, 'certificate', /not a PDF/],
    ['a PDF over 2 MiB', { certificate: pdfOf(EXEMPTION_LIMITS.fileBytes + 1).toString('base64') }, 'certificate', /over 2 MiB/],
    ['an unknown kind', { kind: 'charity' }, 'kind', /kind is one of/],
    ['no number', { number: '' }, 'number', /number is required/i],
  ])('refuses %s: 400 naming the field, nothing stored', async (_label, over, field, message) => {
    const before = await firestoreMark();
    const res = await upload(adminA, A, 's1', certificateBody(over)).expect(400);
    expectError(res.body, 'invalid-argument', message);
    expect(Object.keys(res.body.error.fields)).toEqual([field]);
    expect(await firestoreMark()).toEqual(before);
    expect(await listOf(adminA, A)).toEqual([]);
    expect((await db.collection('exemptionFiles').get()).size).toBe(0);
  });

  it('refuses a buyer and another company’s admin (403), an unknown company or ship-to (404), nothing stored', async () => {
    const before = await firestoreMark();
    expectError((await upload(buyerA, A, 's1', certificateBody()).expect(403)).body, 'permission-denied');
    expectError((await upload(adminB, A, 's1', certificateBody()).expect(403)).body, 'permission-denied');
    expectError((await api().get(listPath(A)).set(bearer(adminB.token)).expect(403)).body, 'permission-denied');
    expectError((await api().get(listPath(A)).set(bearer(buyerA.token)).expect(403)).body, 'permission-denied');
    expectError((await upload(shopAdmin, 'no-such-company', 's1', certificateBody()).expect(404)).body, 'not-found');
    expectError((await upload(adminA, A, 's9', certificateBody()).expect(404)).body, 'not-found', /no ship-to location s9/);
    expect(await firestoreMark()).toEqual(before);
  });

  it('keeps a PDF of 1.5 MB in chunks and answers it back byte for byte, privately, as an attachment', async () => {
    const pdf = pdfOf(1_500_000, 11);
    const res = await upload(adminA, A, 's1', certificateBody({ certificate: pdf.toString('base64'), number: 'TX/77 "big"', expiresOn: null })).expect(201);
    expect(res.body).toMatchObject({
      companyId: A,
      shipToId: 's1',
      kind: 'resale',
      state: 'TX',
      number: 'TX/77 "big"',
      status: 'pending',
      reason: null,
      fileBytes: pdf.length,
      expiresOn: null,
      reviewedAt: null,
      words: 'Resale certificate TX/77 "big" (TX)',
    });
    const eid = res.body.id as string;
    const chunks = (await db.collection('exemptionFiles').get()).docs.filter((d) => d.id.startsWith(`${eid}_`));
    expect(chunks.length).toBe(Math.ceil(pdf.length / EXEMPTION_LIMITS.chunkBytes));
    for (const user of [adminA, shopAdmin]) {
      const file = await api().get(filePath(A, eid)).set(bearer(user.token)).responseType('blob').expect(200);
      expect(file.headers['content-type']).toBe('application/pdf');
      expect(file.headers['content-disposition']).toBe('attachment; filename="certificate-TX-77-big.pdf"');
      expect(file.headers['cache-control']).toBe('private, no-store');
      expect(Buffer.compare(file.body as Buffer, pdf)).toBe(0);
    }
    await api().get(filePath(A, eid)).set(bearer(adminB.token)).expect(403);
    await api().get(filePath(B, eid)).set(bearer(adminB.token)).expect(404);
  });

  it('takes a shop admin’s upload, lists the company’s newest first, and stops a ship-to at 10', async () => {
    const first = (await upload(shopAdmin, A, 's2', certificateBody({ state: 'CA', number: 'CA-1' })).expect(201)).body;
    const second = (await upload(adminA, A, 's2', certificateBody({ state: 'CA', number: 'CA-2', kind: 'government' })).expect(201)).body;
    expect(second.words).toBe('Government certificate CA-2 (CA)');
    const list = await listOf(shopAdmin, A);
    expect(list.slice(0, 2).map((e) => e.id)).toEqual([second.id, first.id]);
    const onS2 = list.filter((e) => (e as { shipToId?: string }).shipToId === 's2').length;
    for (let i = onS2; i < EXEMPTION_LIMITS.perShipTo; i++) await upload(adminA, A, 's2', certificateBody({ state: 'CA', number: `CA-x${i}` })).expect(201);
    const before = await firestoreMark();
    expectError((await upload(adminA, A, 's2', certificateBody({ state: 'CA', number: 'CA-11' })).expect(409)).body, 'conflict', /already has 10/);
    expect(await firestoreMark()).toEqual(before);
  });
});

describe('reviewing a certificate', () => {
  it('approves, answers an approved one as it is, refuses to approve a rejected one; the company keeps its approved ones', async () => {
    const e = (await upload(adminA, A, 's1', certificateBody({ number: 'AP-1' })).expect(201)).body;
    const approve = (user: TestUser) =>
      api()
        .post(reviewPath(A, 's1', e.id, 'approve'))
        .set(bearer(user.token))
        .send({});
    expectError((await approve(adminA).expect(403)).body, 'permission-denied');
    const approved = (await approve(shopAdmin).expect(200)).body;
    expect(approved).toMatchObject({ id: e.id, status: 'approved', reason: null, reviewedAt: expect.any(String) });
    expect((await approve(shopAdmin).expect(200)).body).toEqual(approved);
    expect((await companyDoc(A)).exemptCertificates).toContainEqual({
      id: e.id,
      shipToId: 's1',
      kind: 'resale',
      state: 'TX',
      number: 'AP-1',
      expiresOn: e.expiresOn,
    });
    // Another ship-to's path, or another company's, does not name it.
    await api()
      .post(reviewPath(A, 's2', e.id, 'approve'))
      .set(bearer(shopAdmin.token))
      .send({})
      .expect(404);
    await api()
      .post(reviewPath(B, 's1', e.id, 'approve'))
      .set(bearer(shopAdmin.token))
      .send({})
      .expect(404);

    const r = (await upload(adminA, A, 's1', certificateBody({ number: 'RJ-1' })).expect(201)).body;
    const reject = (reason: unknown) =>
      api()
        .post(reviewPath(A, 's1', r.id, 'reject'))
        .set(bearer(shopAdmin.token))
        .send({ reason });
    expectError((await reject('').expect(400)).body, 'invalid-argument');
    expectError((await reject('x'.repeat(501)).expect(400)).body, 'invalid-argument');
    expect((await reject('The certificate is not signed.').expect(200)).body).toMatchObject({ status: 'rejected', reason: 'The certificate is not signed.' });
    expect((await reject('The certificate is not signed.').expect(200)).body.status).toBe('rejected');
    await reject('Something else').expect(409);
    expectError(
      (
        await api()
          .post(reviewPath(A, 's1', r.id, 'approve'))
          .set(bearer(shopAdmin.token))
          .send({})
          .expect(409)
      ).body,
      'conflict',
    );
    expect((await companyDoc(A)).exemptCertificates.map((c: { id: string }) => c.id)).not.toContain(r.id);
  });

  it('revokes an approved certificate: rejected, and off the company’s list', async () => {
    const e = (await upload(adminA, A, 's1', certificateBody({ number: 'RV-1' })).expect(201)).body;
    await api()
      .post(reviewPath(A, 's1', e.id, 'approve'))
      .set(bearer(shopAdmin.token))
      .expect(200);
    expect((await companyDoc(A)).exemptCertificates.map((c: { id: string }) => c.id)).toContain(e.id);
    const revoked = await api()
      .post(reviewPath(A, 's1', e.id, 'reject'))
      .set(bearer(shopAdmin.token))
      .send({ reason: 'Revoked: the business closed' })
      .expect(200);
    expect(revoked.body).toMatchObject({ status: 'rejected', reason: 'Revoked: the business closed' });
    expect((await companyDoc(A)).exemptCertificates.map((c: { id: string }) => c.id)).not.toContain(e.id);
    const listed = (await listOf(adminA, A)).find((x) => x.id === e.id);
    expect(listed?.status).toBe('rejected');
  });

  it('pages the shop admin’s review list: pending oldest first with company and ship-to, 25 a page; the others newest first', async () => {
    const C = await companyWith(
      shopAdmin,
      'Cryo Wholesale',
      [1, 2, 3].map((n) => ({ label: `Dock ${n}`, address: { ...TX, line1: `${n} Dock Rd` } })),
      [],
    );
    const pendingBefore = (await api().get('/exemptions?status=pending').set(bearer(shopAdmin.token)).expect(200)).body;
    const already: string[] = pendingBefore.exemptions.map((e: { id: string }) => e.id);
    expect(pendingBefore.nextCursor).toBeNull();
    const made: string[] = [];
    for (const s of ['s1', 's2', 's3']) {
      for (let i = 0; i < EXEMPTION_LIMITS.perShipTo; i++)
        made.push((await upload(shopAdmin, C, s, certificateBody({ number: `C-${s}-${i}` })).expect(201)).body.id);
    }
    const seen: { id: string; companyName: string; shipToLabel: string; shipToAddress: { line1: string } }[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res: { body: { exemptions: typeof seen; nextCursor: string | null } } = await api()
        .get(`/exemptions?status=pending${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`)
        .set(bearer(shopAdmin.token))
        .expect(200);
      expect(res.body.exemptions.length).toBeLessThanOrEqual(25);
      seen.push(...res.body.exemptions);
      cursor = res.body.nextCursor;
      pages++;
    } while (cursor && pages < 5);
    expect(pages).toBe(Math.ceil((already.length + made.length) / 25));
    expect(seen.map((e) => e.id)).toEqual([...already, ...made]);
    expect(seen.find((e) => e.id === made[12])).toMatchObject({ companyName: 'Cryo Wholesale', shipToLabel: 'Dock 2', shipToAddress: { line1: '2 Dock Rd' } });
    const rejected = (await api().get('/exemptions?status=rejected').set(bearer(shopAdmin.token)).expect(200)).body.exemptions as { createdAt: string }[];
    expect(rejected.length).toBeGreaterThan(0);
    expect([...rejected].sort((a, b) => b.createdAt.localeCompare(a.createdAt))).toEqual(rejected);
    await api().get('/exemptions').set(bearer(adminA.token)).expect(403);
    expectError((await api().get('/exemptions?status=expired').set(bearer(shopAdmin.token)).expect(400)).body, 'invalid-argument');
    expectError((await api().get('/exemptions?cursor=nonsense').set(bearer(shopAdmin.token)).expect(400)).body, 'invalid-argument');
  });
});

describe('the 30-day reminder', () => {
  it('mails the company’s admins and the shop’s once per certificate and expiry, however often the sweep runs', async () => {
    const soon = (await upload(adminA, A, 's1', certificateBody({ number: 'SOON-1', expiresOn: addCalendarDays(today(), 20) })).expect(201)).body;
    const later = (await upload(adminA, A, 's1', certificateBody({ number: 'LATER-1', expiresOn: addCalendarDays(today(), 40) })).expect(201)).body;
    const waiting = (await upload(adminA, A, 's1', certificateBody({ number: 'WAIT-1', expiresOn: addCalendarDays(today(), 10) })).expect(201)).body;
    for (const e of [soon, later])
      await api()
        .post(reviewPath(A, 's1', e.id, 'approve'))
        .set(bearer(shopAdmin.token))
        .expect(200);
    const reminders = async () => (await db.collection('mail').where('kind', '==', 'exemption-expiry').get()).docs;
    expect(await reminders()).toEqual([]);
    const first = await sweepReservations();
    const second = await sweepReservations();
    expect(first.exemptionReminders).toBe(1);
    expect(second.exemptionReminders).toBe(0);
    const sent = await reminders();
    expect(sent.map((d) => d.id).sort()).toEqual([`exemption-${soon.id}-expiry-${soon.expiresOn}`, `exemption-${soon.id}-expiry-${soon.expiresOn}-shop`]);
    const [mail, shopMail] = [sent.find((d) => !d.id.endsWith('-shop'))!.data(), sent.find((d) => d.id.endsWith('-shop'))!.data()];
    // The company's admins and the shop's each get their own mail: neither sees the other's addresses.
    expect(mail.to).toBe(adminA.email);
    expect(shopMail.to.split(', ')).toContain(shopAdmin.email);
    expect(shopMail.to).not.toContain(adminA.email);
    expect(shopMail.subject).toBe(`A tax certificate of Arctic Supply expires on ${dayWords(soon.expiresOn)}`);
    expect(mail.subject).toBe(`Your tax certificate for Dallas expires on ${dayWords(soon.expiresOn)}`);
    expect(mail.text).toContain('Resale certificate SOON-1 (TX) of Arctic Supply');
    expect((await db.collection('exemptions').doc(soon.id).get()).data()?.reminderSentFor).toBe(soon.expiresOn);
    expect((await db.collection('exemptions').doc(waiting.id).get()).data()?.reminderSentFor).toBeNull();
    expect((await db.collection('exemptions').doc(later.id).get()).data()?.reminderSentFor).toBeNull();
  });
});
