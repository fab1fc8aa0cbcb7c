import { beforeEach, describe, expect, it } from 'vitest';
import { API } from '../../common/src/api-paths';
import { COMPANY_LIMITS, NO_COMPANY } from '../../common/src/company';
import { api, bearer } from '../support/api';
import { createUser, verifyEmailByLink, type TestUser } from '../support/auth';
import { db } from '../support/firestore';
import { ADMIN, ANONYMOUS_CALLERS, CUSTOMER, expectError, firestoreMark, useCast } from './fixtures';
import { clearInbox, mailSettled, settledInboxOf } from './mail-inbox';

/**
 * Buying as a company, its first slice (CONTRACT §10 "Companies" and "People", decision 0055):
 * every call as every kind of caller, invitations and joining on a verified sign-in, one company
 * per person, the last company admin, and races that must end with exactly one winner.
 */

const cast = useCast({
  shopAdmin: ADMIN,
  customer: CUSTOMER,
  unverified: { verified: false },
  adminA: CUSTOMER,
  buyerA: CUSTOMER,
  adminB: CUSTOMER,
  buyerB: CUSTOMER,
});
const { shopAdmin, customer, unverified, adminA, buyerA, adminB, buyerB } = cast;

const ADDRESS = { line1: '400 Compressor Way', city: 'Springfield', region: 'IL', postalCode: '62701', country: 'US' };
const STORED_ADDRESS = { ...ADDRESS, line2: '' };
const companyBody = (over: Record<string, unknown> = {}) => ({
  name: 'Arctic Repair Co.',
  billingAddress: ADDRESS,
  shipTo: [
    { label: 'Main shop', address: ADDRESS },
    { label: 'Warehouse', address: { ...ADDRESS, line1: '12 Depot Road', line2: 'Dock 4' } },
  ],
  terms: 'net30',
  creditLimit: 25000.5,
  ...over,
});

const COMPANY_COLLECTIONS = ['companies', 'companyMembers', 'companyInvitations'];
async function clearCompanies(): Promise<void> {
  // Every document at once: most tests start from a fresh world, so this runs about a hundred times.
  const snaps = await Promise.all(COMPANY_COLLECTIONS.map((name) => db.collection(name).get()));
  await Promise.all(snaps.flatMap((snap) => snap.docs.map((d) => d.ref.delete())));
}

const createCompany = (by: TestUser, body: unknown = companyBody()) =>
  api()
    .post(API.companies)
    .set(bearer(by.token))
    .send(body as object);
const invite = (by: TestUser, id: string, body: Record<string, unknown>) => api().post(API.companyInvitations(id)).set(bearer(by.token)).send(body);
const signInSync = (user: TestUser, token = user.token) => api().put(API.syncUser(user.email)).set(bearer(token)).expect(200);
const myCompany = (user: TestUser) => api().get(API.myCompany).set(bearer(user.token));
const companyDoc = async (id: string) => (await db.collection('companies').doc(id).get()).data();

/** Company A (adminA, buyerA with a $500 limit) and company B (adminB, buyerB), joined the real way: invitation, then a verified sign-in. */
let A = '';
let B = '';
async function makeWorld(): Promise<void> {
  await clearCompanies();
  // The two companies are made side by side (each company's own changes stay one after another:
  // they are serialised on its document anyway). Most tests start from a fresh world.
  const join = async (id: string, people: [TestUser, string, number | null][]) => {
    for (const [user, role, spendingLimit] of people) {
      await invite(shopAdmin, id, { email: user.email, role, spendingLimit }).expect(201);
      await signInSync(user);
    }
  };
  const makeA = async () => {
    A = (await createCompany(shopAdmin).expect(201)).body._id;
    await join(A, [
      [adminA, 'company-admin', null],
      [buyerA, 'buyer', 500],
    ]);
  };
  const makeB = async () => {
    B = (await createCompany(shopAdmin, companyBody({ name: 'Polar Service LLC', terms: 'card', creditLimit: undefined })).expect(201)).body._id;
    await join(B, [
      [adminB, 'company-admin', null],
      [buyerB, 'buyer', null],
    ]);
  };
  await Promise.all([makeA(), makeB()]);
}

type Kind = 'no token' | 'customer' | 'unverified customer' | 'buyer of A' | 'buyer of B' | 'admin of A' | 'admin of B' | 'shop admin';
const KINDS: Kind[] = ['no token', 'customer', 'unverified customer', 'buyer of A', 'buyer of B', 'admin of A', 'admin of B', 'shop admin'];
const headersOf = (kind: Kind): Record<string, string> => {
  const user: Record<Exclude<Kind, 'no token'>, TestUser> = {
    customer,
    'unverified customer': unverified,
    'buyer of A': buyerA,
    'buyer of B': buyerB,
    'admin of A': adminA,
    'admin of B': adminB,
    'shop admin': shopAdmin,
  };
  return kind === 'no token' ? {} : bearer(user[kind].token);
};

interface Call {
  label: string;
  send: (headers: Record<string, string>) => ReturnType<ReturnType<typeof api>['get']>;
  /** The status each kind of caller gets; anything not 2xx must change nothing. */
  expected: Record<Kind, number>;
  /** Whether a 2xx changes data (the world is made again after it). */
  writes: boolean;
}
const refused = (allowed: Partial<Record<Kind, number>>, others = 403): Record<Kind, number> =>
  Object.fromEntries(KINDS.map((k) => [k, k === 'no token' ? 401 : (allowed[k] ?? others)])) as Record<Kind, number>;

const CALLS: Call[] = [
  { label: 'POST /companies', send: (h) => api().post(API.companies).set(h).send(companyBody()), expected: refused({ 'shop admin': 201 }), writes: true },
  { label: 'GET /companies', send: (h) => api().get(API.companies).set(h), expected: refused({ 'shop admin': 200 }), writes: false },
  { label: 'GET /companies/{A}', send: (h) => api().get(API.company(A)).set(h), expected: refused({ 'shop admin': 200, 'admin of A': 200 }), writes: false },
  {
    label: 'PATCH /companies/{A}',
    send: (h) => api().patch(API.company(A)).set(h).send({ name: 'Renamed' }),
    expected: refused({ 'shop admin': 200 }),
    writes: true,
  },
  {
    label: 'POST /companies/{A}/invitations',
    send: (h) => api().post(API.companyInvitations(A)).set(h).send({ email: 'new.tech@example.test', role: 'buyer' }),
    expected: refused({ 'shop admin': 201, 'admin of A': 201 }),
    writes: true,
  },
  {
    label: 'DELETE /companies/{A}/invitations/{email}',
    send: (h) => api().delete(API.companyInvitation(A, 'pending@example.test')).set(h),
    expected: refused({ 'shop admin': 200, 'admin of A': 200 }),
    writes: true,
  },
  {
    label: 'PATCH /companies/{A}/members/{buyer of A}',
    send: (h) => api().patch(API.companyMember(A, buyerA.uid)).set(h).send({ spendingLimit: 900 }),
    expected: refused({ 'shop admin': 200, 'admin of A': 200 }),
    writes: true,
  },
  {
    label: 'DELETE /companies/{A}/members/{buyer of A}',
    send: (h) => api().delete(API.companyMember(A, buyerA.uid)).set(h),
    expected: refused({ 'shop admin': 200, 'admin of A': 200 }),
    writes: true,
  },
  {
    label: 'GET /me/company',
    send: (h) => api().get(API.myCompany).set(h),
    // Everyone signed in gets 200: someone in no company reads three nulls (CONTRACT §10).
    expected: refused({ 'buyer of A': 200, 'buyer of B': 200, 'admin of A': 200, 'admin of B': 200 }, 200),
    writes: false,
  },
];

describe('who may call what', () => {
  beforeEach(async () => {
    await makeWorld();
    await invite(shopAdmin, A, { email: 'pending@example.test', role: 'buyer' }).expect(201);
  });

  it.each(CALLS)('$label answers every kind of caller as it should; a refusal changes nothing', async (call) => {
    for (const kind of KINDS) {
      const before = await firestoreMark();
      const res = await call.send(headersOf(kind));
      expect(res.status, `${call.label} as ${kind}: ${JSON.stringify(res.body)}`).toBe(call.expected[kind]);
      if (res.status >= 300) {
        expectError(res.body, res.status === 401 ? 'unauthenticated' : res.status === 404 ? 'not-found' : 'permission-denied');
        expect(await firestoreMark(), `${call.label} as ${kind} changed data`).toEqual(before);
      } else if (call.writes) {
        await makeWorld();
        await invite(shopAdmin, A, { email: 'pending@example.test', role: 'buyer' }).expect(201);
      }
    }
  });

  it.each(ANONYMOUS_CALLERS)('refuses $label with 401 on every company call', async ({ headers }) => {
    for (const call of CALLS) expect((await call.send(headers)).status, call.label).toBe(401);
  });

  it('GET /me/company answers each member their company, role and spending limit', async () => {
    const a = (await myCompany(buyerA).expect(200)).body;
    expect(a).toMatchObject({ role: 'buyer', spendingLimit: 500, company: { _id: A, name: 'Arctic Repair Co.' } });
    expect((await myCompany(adminB).expect(200)).body).toMatchObject({ role: 'company-admin', spendingLimit: null, company: { _id: B } });
    // In no company is an ordinary answer, not a 404 the browser logs (CONTRACT §10).
    expect((await myCompany(customer).expect(200)).body).toEqual(NO_COMPANY);
    expect((await myCompany(shopAdmin).expect(200)).body).toEqual(NO_COMPANY);
  });
});

describe('POST /companies, GET /companies, GET /companies/{id} (shop admin)', () => {
  beforeEach(clearCompanies);

  it('makes a company: ship-to ids given by the shop, no people yet, no open invoices, the limit in dollars and cents inside', async () => {
    const res = await createCompany(shopAdmin).expect(201);
    expect(res.body).toEqual({
      _id: expect.any(String),
      name: 'Arctic Repair Co.',
      billingAddress: STORED_ADDRESS,
      shipTo: [
        { id: 's1', label: 'Main shop', address: STORED_ADDRESS },
        { id: 's2', label: 'Warehouse', address: { ...ADDRESS, line1: '12 Depot Road', line2: 'Dock 4' } },
      ],
      terms: 'net30',
      creditLimit: 25000.5,
      openInvoiceTotal: 0,
      members: [],
      invitations: [],
      version: '1',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(res.headers.etag).toBe('"1"');
    expect(await companyDoc(res.body._id)).toMatchObject({ creditLimitCents: 2_500_050, openInvoiceCents: 0, memberCount: 0, adminCount: 0, nextShipToSeq: 3 });
    expect((await api().get(API.company(res.body._id)).set(bearer(shopAdmin.token)).expect(200)).body).toEqual(res.body);
  });

  it('a card company has no credit limit', async () => {
    const res = await createCompany(shopAdmin, companyBody({ terms: 'card', creditLimit: undefined })).expect(201);
    expect(res.body).toMatchObject({ terms: 'card', creditLimit: null });
  });

  const BAD: [string, Record<string, unknown>, RegExp][] = [
    ['net30 without a credit limit', { creditLimit: undefined }, /net30 company needs a creditLimit/],
    ['card with a credit limit', { terms: 'card' }, /Only net30 companies have a credit limit/],
    ['a credit limit of three decimals', { creditLimit: 10.001 }, /Credit limit/],
    ['a credit limit of 0', { creditLimit: 0 }, /Credit limit/],
    ['a credit limit above the bound', { creditLimit: COMPANY_LIMITS.creditLimitCents / 100 + 1 }, /Credit limit/],
    ['a credit limit as hex text', { creditLimit: '0x10' }, /Credit limit/],
    ['no name', { name: '  ' }, /Company name is required/],
    ['a name too long', { name: 'x'.repeat(COMPANY_LIMITS.nameLength + 1) }, /too long/],
    ['a name with a lone surrogate', { name: 'Arctic \ud800' }, /not valid/],
    ['a name on two lines', { name: 'Arctic\nRepair' }, /must be on one line/],
    ['unknown terms', { terms: 'net60' }, /card or net30/],
    ['an address as text', { billingAddress: '12 Frost Lane, Springfield' }, /An address is an object/],
    ['an address without a city', { billingAddress: { ...ADDRESS, city: '' } }, /City is required/],
    ['a country that is no ISO code', { billingAddress: { ...ADDRESS, country: 'usa' } }, /two-letter ISO code|too long/],
    ['no ship-to location', { shipTo: [] }, /1 to 20 ship-to/],
    [
      'too many ship-to locations',
      { shipTo: Array.from({ length: COMPANY_LIMITS.shipTo + 1 }, (_, i) => ({ label: `Van ${i}`, address: ADDRESS })) },
      /1 to 20 ship-to/,
    ],
    [
      'two ship-to locations with one label',
      {
        shipTo: [
          { label: 'Van', address: ADDRESS },
          { label: 'VAN', address: ADDRESS },
        ],
      },
      /labelled VAN/,
    ],
  ];
  it.each(BAD)('refuses %s with 400, changing nothing', async (_label, over, message) => {
    const before = await firestoreMark();
    expectError((await createCompany(shopAdmin, companyBody(over)).expect(400)).body, 'invalid-argument', message);
    expect(await firestoreMark()).toEqual(before);
  });

  it('lists companies oldest first, a page at a time with the shop’s cursor, people counted', async () => {
    const ids: string[] = [];
    for (const name of ['One Co', 'Two Co', 'Three Co']) ids.push((await createCompany(shopAdmin, companyBody({ name })).expect(201)).body._id);
    await invite(shopAdmin, ids[0], { email: adminA.email, role: 'company-admin' }).expect(201);
    await signInSync(adminA);
    const first = await api().get(`${API.companies}?limit=2`).set(bearer(shopAdmin.token)).expect(200);
    expect(first.body.map((c: { name: string }) => c.name)).toEqual(['One Co', 'Two Co']);
    expect(first.body[0]).toMatchObject({ _id: ids[0], memberCount: 1, adminCount: 1, invitationCount: 0, openInvoiceTotal: 0, creditLimit: 25000.5 });
    expect(first.body[0].members).toBeUndefined();
    const cursor = first.headers['x-next-cursor'];
    expect(cursor).toEqual(expect.any(String));
    const next = await api().get(`${API.companies}?limit=2&cursor=${cursor}`).set(bearer(shopAdmin.token)).expect(200);
    expect(next.body.map((c: { _id: string }) => c._id)).toEqual([ids[2]]);
    expect(next.headers['x-next-cursor']).toBeUndefined();
    expectError((await api().get(`${API.companies}?cursor=garbage!`).set(bearer(shopAdmin.token)).expect(400)).body, 'invalid-argument');
    expectError((await api().get(`${API.companies}?limit=101`).set(bearer(shopAdmin.token)).expect(400)).body, 'invalid-argument');
  });

  it('answers 404 for a company that does not exist and 400 for an id that can not be one', async () => {
    expectError((await api().get(API.company('nope')).set(bearer(shopAdmin.token)).expect(404)).body, 'not-found');
    expectError((await api().get(API.company('__x__')).set(bearer(shopAdmin.token)).expect(400)).body, 'invalid-argument');
  });
});

describe('PATCH /companies/{id} (shop admin)', () => {
  beforeEach(makeWorld);
  const patch = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    api().patch(API.company(A)).set(bearer(shopAdmin.token)).set(headers).send(body);

  it('changes only what it is sent, and keeps the people', async () => {
    const res = await patch({ name: 'Arctic Repair Group', billingAddress: { ...ADDRESS, line2: 'Suite 9' } }).expect(200);
    expect(res.body).toMatchObject({
      name: 'Arctic Repair Group',
      billingAddress: { ...ADDRESS, line2: 'Suite 9' },
      terms: 'net30',
      creditLimit: 25000.5,
      version: '2',
    });
    expect(res.body.shipTo.map((s: { id: string }) => s.id)).toEqual(['s1', 's2']);
    expect(res.body.members.map((m: { email: string }) => m.email)).toEqual([adminA.email, buyerA.email]);
    expect(res.headers.etag).toBe('"2"');
  });

  it('keeps the id of every location sent with it, gives new ones the next id, and never reuses a removed one', async () => {
    const first = await patch({
      shipTo: [
        { id: 's2', label: 'Warehouse (new dock)', address: { ...ADDRESS, line1: '14 Depot Road' } },
        { label: 'Van 1', address: ADDRESS },
      ],
    }).expect(200);
    expect(first.body.shipTo).toEqual([
      { id: 's2', label: 'Warehouse (new dock)', address: { ...STORED_ADDRESS, line1: '14 Depot Road' } },
      { id: 's3', label: 'Van 1', address: STORED_ADDRESS },
    ]);
    const second = await patch({ shipTo: [...first.body.shipTo, { label: 'Main shop', address: ADDRESS }] }).expect(200);
    expect(second.body.shipTo.map((s: { id: string }) => s.id)).toEqual(['s2', 's3', 's4']);
  });

  it('refuses a ship-to id the company never had, and a location listed twice, with 400, changing nothing', async () => {
    const before = await firestoreMark();
    expectError((await patch({ shipTo: [{ id: 's9', label: 'Ghost', address: ADDRESS }] }).expect(400)).body, 'invalid-argument', /no ship-to s9/);
    expectError(
      (
        await patch({
          shipTo: [
            { id: 's1', label: 'One', address: ADDRESS },
            { id: 's1', label: 'Two', address: ADDRESS },
          ],
        }).expect(400)
      ).body,
      'invalid-argument',
      /listed twice/,
    );
    expect(await firestoreMark()).toEqual(before);
  });

  it('moves between card and net30: net30 needs a limit, card drops it', async () => {
    expect((await patch({ terms: 'card' }).expect(200)).body).toMatchObject({ terms: 'card', creditLimit: null });
    const before = await firestoreMark();
    expectError((await patch({ terms: 'net30' }).expect(400)).body, 'invalid-argument', /needs a creditLimit/);
    expectError((await patch({ creditLimit: 100 }).expect(400)).body, 'invalid-argument', /Only net30/);
    expect(await firestoreMark()).toEqual(before);
    expect((await patch({ terms: 'net30', creditLimit: 1000 }).expect(200)).body).toMatchObject({ terms: 'net30', creditLimit: 1000 });
    expect((await patch({ creditLimit: 2000.25 }).expect(200)).body).toMatchObject({ terms: 'net30', creditLimit: 2000.25 });
  });

  it('refuses a move to card terms while invoices are open (409)', async () => {
    await db.collection('companies').doc(A).update({ openInvoiceCents: 12_000 });
    expectError((await patch({ terms: 'card' }).expect(409)).body, 'conflict', /open invoices/);
  });

  it('is conditional on If-Match (or version): 412 with the company as it is now when it changed meanwhile', async () => {
    const seen = await api().get(API.company(A)).set(bearer(shopAdmin.token)).expect(200);
    await patch({ name: 'Changed by another admin' }).expect(200);
    const before = await firestoreMark();
    const stale = await patch({ name: 'My change' }, { 'If-Match': seen.headers.etag }).expect(412);
    expect(stale.body.error).toMatchObject({ code: 'precondition-failed', message: expect.stringMatching(/changed since you read it/) });
    expect(stale.body.company).toMatchObject({ name: 'Changed by another admin', version: '2' });
    expect(stale.headers.etag).toBe('"2"');
    await patch({ name: 'My change', version: '1' }).expect(412);
    expect(await firestoreMark()).toEqual(before);
    expect((await patch({ name: 'My change' }, { 'If-Match': stale.headers.etag }).expect(200)).body.name).toBe('My change');
  });

  it('refuses an empty change and malformed fields with 400, changing nothing; an unknown company is 404', async () => {
    const before = await firestoreMark();
    for (const body of [{}, { name: '' }, { terms: 'cash' }, { shipTo: 'everywhere' }, { creditLimit: -5 }, { billingAddress: { line1: 'x' } }]) {
      expectError((await patch(body).expect(400)).body, 'invalid-argument');
    }
    expect(await firestoreMark()).toEqual(before);
    expectError((await api().patch(API.company('missing')).set(bearer(shopAdmin.token)).send({ name: 'X' }).expect(404)).body, 'not-found');
  });
});

describe('invitations and joining', () => {
  beforeEach(makeWorld);

  it('the invited person joins when they sign in with the verified address, not before', async () => {
    const newcomer = await createUser({ verified: false });
    const invited = await invite(adminA, A, { email: newcomer.email.toUpperCase(), role: 'buyer', spendingLimit: 250.75 }).expect(201);
    expect(invited.body.invitations).toEqual([{ email: newcomer.email, role: 'buyer', spendingLimit: 250.75, invitedAt: expect.any(String) }]);

    // Signed in, but the address is not proven: no company yet, the invitation waits.
    await signInSync(newcomer);
    expect((await myCompany(newcomer).expect(200)).body).toEqual(NO_COMPANY);
    expect((await companyDoc(A))?.invitationCount).toBe(1);

    await verifyEmailByLink(newcomer.token, newcomer.email);
    await signInSync(newcomer);
    const mine = (await myCompany(newcomer).expect(200)).body;
    expect(mine).toMatchObject({ role: 'buyer', spendingLimit: 250.75, company: { _id: A, invitations: [] } });
    expect(mine.company.members).toContainEqual({
      uid: newcomer.uid,
      email: newcomer.email,
      role: 'buyer',
      spendingLimit: 250.75,
      joinedAt: expect.any(String),
    });
    expect(await companyDoc(A)).toMatchObject({ memberCount: 3, adminCount: 1, invitationCount: 0 });
  });

  it('sends one invitation email, naming the company and how to join, even when the call is retried', async () => {
    await mailSettled();
    await clearInbox();
    const email = `retry-${Date.now()}@example.test`;
    const body = { email, role: 'company-admin' };
    expect((await invite(adminA, A, body)).status).toBe(201);
    // A retry (the answer lost on the way): the same invitation, no second email.
    expect((await invite(adminA, A, body)).status).toBe(200);
    // Sent again with another role: the invitation takes it, still no second email.
    const changed = await invite(shopAdmin, A, { ...body, role: 'buyer', spendingLimit: 99 }).expect(200);
    expect(changed.body.invitations).toEqual([expect.objectContaining({ email, role: 'buyer', spendingLimit: 99 })]);
    const mails = await settledInboxOf(email, 1);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toContain('Arctic Repair Co.');
    expect(mails[0].text).toContain('Arctic Repair Co.');
    expect(mails[0].text).toMatch(/sign in with this email address/i);
    expect(mails[0].text).toMatch(/sign up/i);
    expect(mails[0].text).toContain(email);
  });

  it('one company per person: a member or an address invited elsewhere is 409, changing nothing', async () => {
    await invite(shopAdmin, B, { email: 'wanted@example.test', role: 'buyer' }).expect(201);
    const before = await firestoreMark();
    expectError((await invite(adminA, A, { email: buyerB.email, role: 'buyer' }).expect(409)).body, 'conflict', /member of another company/);
    expectError((await invite(shopAdmin, A, { email: 'WANTED@example.test', role: 'buyer' }).expect(409)).body, 'conflict', /invitation from another company/);
    expectError((await invite(adminA, A, { email: buyerA.email, role: 'buyer' }).expect(409)).body, 'conflict', /already a member of Arctic/);
    expect(await firestoreMark()).toEqual(before);
  });

  it('a person removed from one company can be invited by another and join it', async () => {
    await api().delete(API.companyMember(A, buyerA.uid)).set(bearer(adminA.token)).expect(200);
    await invite(adminB, B, { email: buyerA.email, role: 'buyer' }).expect(201);
    await signInSync(buyerA);
    expect((await myCompany(buyerA).expect(200)).body.company._id).toBe(B);
  });

  it('withdraws a pending invitation; the address then joins nothing', async () => {
    const newcomer = await createUser();
    await invite(adminA, A, { email: newcomer.email, role: 'buyer' }).expect(201);
    const res = await api().delete(API.companyInvitation(A, newcomer.email)).set(bearer(adminA.token)).expect(200);
    expect(res.body.invitations).toEqual([]);
    expectError((await api().delete(API.companyInvitation(A, newcomer.email)).set(bearer(adminA.token)).expect(404)).body, 'not-found');
    await signInSync(newcomer);
    expect((await myCompany(newcomer).expect(200)).body).toEqual(NO_COMPANY);
    expect((await companyDoc(A))?.invitationCount).toBe(0);
  });

  it('does not withdraw another company’s invitation (404), changing nothing', async () => {
    await invite(adminB, B, { email: 'theirs@example.test', role: 'buyer' }).expect(201);
    const before = await firestoreMark();
    expectError((await api().delete(API.companyInvitation(A, 'theirs@example.test')).set(bearer(adminA.token)).expect(404)).body, 'not-found');
    expect(await firestoreMark()).toEqual(before);
  });

  it('refuses more people than the bound (members and pending invitations together) with 409', async () => {
    await db
      .collection('companies')
      .doc(A)
      .update({ invitationCount: COMPANY_LIMITS.people - 2 });
    const before = await firestoreMark();
    expectError((await invite(adminA, A, { email: 'one-too-many@example.test', role: 'buyer' }).expect(409)).body, 'conflict', /at most 50 people/);
    expect(await firestoreMark()).toEqual(before);
  });

  const BAD_INVITES: [string, Record<string, unknown>][] = [
    ['no email', { role: 'buyer' }],
    ['a malformed email', { email: 'not-an-email', role: 'buyer' }],
    ['an unknown role', { email: 'x@example.test', role: 'owner' }],
    ['a negative spending limit', { email: 'x@example.test', role: 'buyer', spendingLimit: -1 }],
    ['a spending limit of three decimals', { email: 'x@example.test', role: 'buyer', spendingLimit: 1.001 }],
    ['a spending limit above the bound', { email: 'x@example.test', role: 'buyer', spendingLimit: COMPANY_LIMITS.spendingLimitCents / 100 + 1 }],
    ['a spending limit as a boolean', { email: 'x@example.test', role: 'buyer', spendingLimit: true }],
  ];
  it.each(BAD_INVITES)('refuses an invitation with %s with 400, changing nothing', async (_label, body) => {
    const before = await firestoreMark();
    expectError((await invite(adminA, A, body).expect(400)).body, 'invalid-argument');
    expect(await firestoreMark()).toEqual(before);
  });
});

describe('members: role, spending limit, removal', () => {
  beforeEach(makeWorld);
  const patchMember = (by: TestUser, id: string, uid: string, body: Record<string, unknown>) =>
    api().patch(API.companyMember(id, uid)).set(bearer(by.token)).send(body);

  it('a company admin sets a buyer’s spending limit (null for none); the buyer sees it at once', async () => {
    const res = await patchMember(adminA, A, buyerA.uid, { spendingLimit: 750.25 }).expect(200);
    expect(res.body.members).toContainEqual(expect.objectContaining({ uid: buyerA.uid, role: 'buyer', spendingLimit: 750.25 }));
    expect((await myCompany(buyerA).expect(200)).body.spendingLimit).toBe(750.25);
    expect((await db.collection('companyMembers').doc(buyerA.uid).get()).get('spendingLimitCents')).toBe(75_025);
    await patchMember(adminA, A, buyerA.uid, { spendingLimit: null }).expect(200);
    expect((await myCompany(buyerA).expect(200)).body.spendingLimit).toBeNull();
  });

  it('the last company admin can be neither demoted nor removed (409), by anyone; with a second admin, both can', async () => {
    const before = await firestoreMark();
    expectError((await patchMember(adminA, A, adminA.uid, { role: 'buyer' }).expect(409)).body, 'conflict', /last company admin/);
    expectError((await patchMember(shopAdmin, A, adminA.uid, { role: 'buyer' }).expect(409)).body, 'conflict', /last company admin/);
    expectError((await api().delete(API.companyMember(A, adminA.uid)).set(bearer(shopAdmin.token)).expect(409)).body, 'conflict', /last company admin/);
    expectError((await api().delete(API.companyMember(A, adminA.uid)).set(bearer(adminA.token)).expect(409)).body, 'conflict', /last company admin/);
    expect(await firestoreMark()).toEqual(before);

    await patchMember(adminA, A, buyerA.uid, { role: 'company-admin' }).expect(200);
    expect((await companyDoc(A))?.adminCount).toBe(2);
    await patchMember(buyerA, A, adminA.uid, { role: 'buyer' }).expect(200);
    expect((await companyDoc(A))?.adminCount).toBe(1);
    // The demoted admin lost the company's management at once (read from Firestore, not a token).
    expectError((await api().get(API.company(A)).set(bearer(adminA.token)).expect(403)).body, 'permission-denied');
  });

  it('a removed buyer loses GET /me/company at once, with the token they hold', async () => {
    await myCompany(buyerA).expect(200);
    const res = await api().delete(API.companyMember(A, buyerA.uid)).set(bearer(adminA.token)).expect(200);
    expect(res.body.members.map((m: { uid: string }) => m.uid)).toEqual([adminA.uid]);
    expect((await myCompany(buyerA).expect(200)).body).toEqual(NO_COMPANY);
    expect(await companyDoc(A)).toMatchObject({ memberCount: 1, adminCount: 1 });
  });

  it('a member of another company, or no member, is 404 under this company, changing nothing', async () => {
    const before = await firestoreMark();
    expectError((await patchMember(adminA, A, buyerB.uid, { spendingLimit: 1 }).expect(404)).body, 'not-found');
    expectError((await api().delete(API.companyMember(A, buyerB.uid)).set(bearer(shopAdmin.token)).expect(404)).body, 'not-found');
    expectError((await api().delete(API.companyMember(A, customer.uid)).set(bearer(adminA.token)).expect(404)).body, 'not-found');
    expect(await firestoreMark()).toEqual(before);
  });

  it('refuses a malformed change or uid with 400, changing nothing', async () => {
    const before = await firestoreMark();
    for (const body of [{}, { role: 'owner' }, { spendingLimit: '12.345' }, { spendingLimit: [5] }]) {
      expectError((await patchMember(adminA, A, buyerA.uid, body).expect(400)).body, 'invalid-argument');
    }
    expectError((await patchMember(adminA, A, 'a.b', { spendingLimit: 5 }).expect(400)).body, 'invalid-argument');
    expect(await firestoreMark()).toEqual(before);
  });
});

describe('races end with exactly one winner', () => {
  beforeEach(makeWorld);

  it('two sign-ins at once join once', async () => {
    const newcomer = await createUser();
    await invite(adminA, A, { email: newcomer.email, role: 'company-admin' }).expect(201);
    await Promise.all([signInSync(newcomer), signInSync(newcomer), signInSync(newcomer)]);
    expect(await companyDoc(A)).toMatchObject({ memberCount: 3, adminCount: 2, invitationCount: 0 });
    expect((await db.collection('companyMembers').where('companyId', '==', A).get()).size).toBe(3);
  });

  it('two companies inviting one address at once: one invitation, one email', async () => {
    await mailSettled();
    const email = `raced-${Date.now()}@example.test`;
    const results = await Promise.all([invite(adminA, A, { email, role: 'buyer' }), invite(adminB, B, { email, role: 'buyer' })]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect((await db.collection('companyInvitations').where('email', '==', email).get()).size).toBe(1);
    expect(await settledInboxOf(email, 1)).toHaveLength(1);
  });

  const secondAdmin = async () => {
    await api().patch(API.companyMember(A, buyerA.uid)).set(bearer(adminA.token)).send({ role: 'company-admin' }).expect(200);
  };

  it('the shop admin removing the last two company admins at once: one removal, one 409', async () => {
    await secondAdmin();
    const results = await Promise.all([adminA, buyerA].map((u) => api().delete(API.companyMember(A, u.uid)).set(bearer(shopAdmin.token))));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await companyDoc(A)).toMatchObject({ adminCount: 1, memberCount: 1 });
    expect((await db.collection('companyMembers').where('companyId', '==', A).get()).size).toBe(1);
  });

  it('the last two company admins removing each other at once: exactly one is removed', async () => {
    await secondAdmin();
    const results = await Promise.all([
      api().delete(API.companyMember(A, buyerA.uid)).set(bearer(adminA.token)),
      api().delete(API.companyMember(A, adminA.uid)).set(bearer(buyerA.token)),
    ]);
    // The loser is no longer an admin (403) once the winner's removal is in.
    expect(results.map((r) => r.status).sort()).toEqual([200, 403]);
    expect(await companyDoc(A)).toMatchObject({ adminCount: 1, memberCount: 1 });
  });

  it('two demotions of the last two admins at once: one demoted, one 409', async () => {
    await secondAdmin();
    const results = await Promise.all(
      [adminA, buyerA].map((u) => api().patch(API.companyMember(A, u.uid)).set(bearer(shopAdmin.token)).send({ role: 'buyer' })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await companyDoc(A))?.adminCount).toBe(1);
    const roles = (await db.collection('companyMembers').where('companyId', '==', A).get()).docs.map((d) => d.get('role'));
    expect(roles.filter((r) => r === 'company-admin')).toHaveLength(1);
  });
});
