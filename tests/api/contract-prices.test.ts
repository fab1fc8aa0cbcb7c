import { beforeAll, describe, expect, it } from 'vitest';
import { API, NEXT_CURSOR_HEADER } from '../../common/src/api-paths';
import { MY_PRICES_MAX_IDS } from '../../common/src/contract-prices';
import { api, bearer } from '../support/api';
import type { TestUser } from '../support/auth';
import { db, firestoreCountsReads, readsOf } from '../support/firestore';
import {
  ADMIN,
  ANONYMOUS_CALLERS,
  CUSTOMER,
  GOOD_CONTACT,
  bookingDoc,
  catalogued,
  expectError,
  firestoreMark,
  orderDocument,
  paymentIntentFor,
  pdfText,
  placeBooking,
  quickOrder,
  useCast,
  oneLineTotal,
  oneLineTotalCents,
} from './fixtures';
import { formatCents } from '../../common/src/money';

/**
 * Contract prices (CONTRACT §10, decision 0057): the shop admin's three calls by every kind of
 * caller, GET /me/prices, and a member charged the contract price (with its own breaks) by the cart,
 * every way of ordering, the stored order, its PDF and the payment, while another company's member
 * and a plain customer pay the list price and never see it. One world for the file (beforeAll):
 * each test sets the prices it needs on tools of its own.
 */

const cast = useCast({ shopAdmin: ADMIN, customer: CUSTOMER, adminA: CUSTOMER, buyerA: CUSTOMER, buyerB: CUSTOMER });
const { shopAdmin, customer, adminA, buyerA, buyerB } = cast;

const ADDRESS = { line1: '400 Compressor Way', city: 'Springfield', region: 'IL', postalCode: '62701', country: 'US' };
/** A member's checkout and quick order ship to one of the company's locations (CONTRACT §10, decision 0056). */
const MEMBER_CONTACT = { phone: GOOD_CONTACT.phone, shipToId: 's1' };
const companyBody = (name: string) => ({ name, billingAddress: ADDRESS, shipTo: [{ label: 'Main shop', address: ADDRESS }], terms: 'card' });

let A = '';
let B = '';
/** A relay: list $15.00, from 100 $12.00; packs of 10, at least 10. */
const RELAY = {
  name: 'Start Relay',
  priceCents: 1500,
  priceBreaks: [{ minQuantity: 100, priceCents: 1200 }],
  packSize: 10,
  minimumQuantity: 10,
  availableQuantity: 5000,
};
/** A's contract for the relay: $13.00, from 50 $11.00, from 200 $9.00 (its own breaks, not the tool's). */
const CONTRACT = {
  price: 13,
  priceBreaks: [
    { minQuantity: 50, price: 11 },
    { minQuantity: 200, price: 9 },
  ],
};

beforeAll(async () => {
  A = (await api().post(API.companies).set(bearer(shopAdmin.token)).send(companyBody('Arctic Repair Co.')).expect(201)).body._id;
  B = (await api().post(API.companies).set(bearer(shopAdmin.token)).send(companyBody('Polar Service LLC')).expect(201)).body._id;
  const people: [string, TestUser, string][] = [
    [A, adminA, 'company-admin'],
    [A, buyerA, 'buyer'],
    [B, buyerB, 'buyer'],
  ];
  // Joined the real way: an invitation, then a verified sign-in.
  for (const [id, user, role] of people) {
    await api().post(API.companyInvitations(id)).set(bearer(shopAdmin.token)).send({ email: user.email, role }).expect(201);
    await api().put(API.syncUser(user.email)).set(bearer(user.token)).expect(200);
  }
});

const putPrice = (by: TestUser | null, company: string, toolId: string, body: object = CONTRACT) =>
  api()
    .put(API.companyPrice(company, toolId))
    .set(by ? bearer(by.token) : {})
    .send(body);
const myPrices = (by: TestUser, toolIds: string) => api().get(API.myPrices).query({ toolIds }).set(bearer(by.token));
const priceDoc = async (company: string, toolId: string) => (await db.collection('companies').doc(company).collection('prices').doc(toolId).get()).data();
const relay = () => catalogued(RELAY);

type Kind = 'customer' | 'buyer of A' | 'admin of A' | 'buyer of B' | 'shop admin';
const KINDS: Kind[] = ['customer', 'buyer of A', 'admin of A', 'buyer of B', 'shop admin'];
const userOf = (kind: Kind): TestUser => ({ customer, 'buyer of A': buyerA, 'admin of A': adminA, 'buyer of B': buyerB, 'shop admin': shopAdmin })[kind];

describe('who may set, remove and list contract prices: the shop admin only', () => {
  it('refuses everyone else (a company admin of that company too: 403; signed out: 401) and changes nothing', async () => {
    const tool = await relay();
    await putPrice(shopAdmin, A, tool.id).expect(201);
    const calls = [
      { label: 'PUT', send: (h: Record<string, string>) => api().put(API.companyPrice(A, tool.id)).set(h).send({ price: 1 }) },
      { label: 'DELETE', send: (h: Record<string, string>) => api().delete(API.companyPrice(A, tool.id)).set(h) },
      { label: 'GET', send: (h: Record<string, string>) => api().get(API.companyPrices(A)).set(h) },
    ];
    const before = await firestoreMark();
    for (const call of calls) {
      for (const kind of KINDS.filter((k) => k !== 'shop admin')) {
        const res = await call.send(bearer(userOf(kind).token));
        expect(res.status, `${call.label} as ${kind}`).toBe(403);
        expectError(res.body, 'permission-denied');
      }
      for (const anon of ANONYMOUS_CALLERS.slice(0, 2)) expect((await call.send(anon.headers)).status, `${call.label} with ${anon.label}`).toBe(401);
    }
    expect(await firestoreMark()).toEqual(before);
    expect((await priceDoc(A, tool.id))?.priceCents).toBe(1300);
  });

  it('lets the shop admin set (201, then 200 when replaced), list (paged) and remove (then 404) a price', async () => {
    const [r, s] = [await relay(), await relay()];
    const first = await putPrice(shopAdmin, A, r.id).expect(201);
    expect(first.body).toEqual({ toolId: r.id, ...CONTRACT, createdAt: expect.any(String), updatedAt: first.body.createdAt });
    const again = await putPrice(shopAdmin, A, r.id, { price: '12.50', priceBreaks: '300: 8.00' }).expect(200);
    expect(again.body).toMatchObject({ toolId: r.id, price: 12.5, priceBreaks: [{ minQuantity: 300, price: 8 }], createdAt: first.body.createdAt });
    await putPrice(shopAdmin, A, s.id, { price: 19 }).expect(201);

    const page1 = await api().get(API.companyPrices(A)).query({ limit: 1 }).set(bearer(shopAdmin.token)).expect(200);
    const all = [...page1.body];
    let cursor = page1.headers[NEXT_CURSOR_HEADER.toLowerCase()];
    while (cursor) {
      const next = await api().get(API.companyPrices(A)).query({ limit: 1, cursor }).set(bearer(shopAdmin.token)).expect(200);
      expect(next.body.length).toBeLessThanOrEqual(1);
      all.push(...next.body);
      cursor = next.headers[NEXT_CURSOR_HEADER.toLowerCase()];
    }
    const mine = all.filter((p: { toolId: string }) => [r.id, s.id].includes(p.toolId));
    expect(mine.map((p: { toolId: string; price: number }) => [p.toolId, p.price])).toEqual([
      [r.id, 12.5],
      [s.id, 19],
    ]);
    // B has none of A's.
    expect((await api().get(API.companyPrices(B)).set(bearer(shopAdmin.token)).expect(200)).body).toEqual([]);

    expect((await api().delete(API.companyPrice(A, s.id)).set(bearer(shopAdmin.token)).expect(200)).body).toEqual({ deletedCount: 1 });
    expect(await priceDoc(A, s.id)).toBeUndefined();
    const gone = await api().delete(API.companyPrice(A, s.id)).set(bearer(shopAdmin.token)).expect(404);
    expectError(gone.body, 'not-found', /no contract price/);
  });

  it('two PUTs of a new price at once: one creates it (201), the other replaces it (200)', async () => {
    const tool = await relay();
    const statuses = (await Promise.all([putPrice(shopAdmin, A, tool.id, { price: 10 }), putPrice(shopAdmin, A, tool.id, { price: 11 })])).map((r) => r.status);
    expect(statuses.sort()).toEqual([200, 201]);
    expect([1000, 1100]).toContain((await priceDoc(A, tool.id))?.priceCents);
  });

  it('answers 400 or 404 with a message for bad input, and changes nothing', async () => {
    const tool = await relay();
    const before = await firestoreMark();
    const bad: [string, object, number, RegExp][] = [
      [API.companyPrice(A, tool.id), {}, 400, /Price/],
      [API.companyPrice(A, tool.id), { price: 0 }, 400, /Price/],
      [API.companyPrice(A, tool.id), { price: 'ten' }, 400, /Price/],
      [API.companyPrice(A, tool.id), { price: 10, priceBreaks: [{ minQuantity: 10, price: 11 }] }, 400, /cheaper/],
      [API.companyPrice(A, tool.id), { price: 10, priceBreaks: 'lots' }, 400, /Price breaks/],
      [API.companyPrice(A, 'not a tool'), { price: 10 }, 400, /Tool id/],
      [API.companyPrice(A, 'no-such-tool'), { price: 10 }, 404, /no tool/],
      [API.companyPrice('no-such-company', tool.id), { price: 10 }, 404, /no company/],
    ];
    for (const [path, body, status, message] of bad) {
      const res = await api().put(path).set(bearer(shopAdmin.token)).send(body);
      expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(status);
      expectError(res.body, status === 400 ? 'invalid-argument' : 'not-found', message);
    }
    expect((await api().delete(API.companyPrice('no-such-company', tool.id)).set(bearer(shopAdmin.token))).status).toBe(404);
    expect((await api().get(API.companyPrices('no-such-company')).set(bearer(shopAdmin.token))).status).toBe(404);
    expect((await api().get(API.companyPrices(A)).query({ cursor: 'garbage!' }).set(bearer(shopAdmin.token))).status).toBe(400);
    expect(await firestoreMark()).toEqual(before);
    expect(await priceDoc(A, tool.id)).toBeUndefined();
  });
});

describe('GET /me/prices', () => {
  let r = '';
  let s = '';
  beforeAll(async () => {
    [r, s] = [(await relay()).id, (await relay()).id];
    await putPrice(shopAdmin, A, r).expect(201);
    await putPrice(shopAdmin, B, s, { price: 14 }).expect(201);
  });

  it('answers a member their company’s prices for the tools asked, privately', async () => {
    for (const member of [buyerA, adminA]) {
      const res = await myPrices(member, `${r},${s},unknown-tool`).expect(200);
      expect(res.body).toEqual({ prices: [{ toolId: r, ...CONTRACT }] });
      expect(res.headers['cache-control']).toBe('private, no-store');
    }
    expect((await myPrices(buyerB, `${r},${s}`).expect(200)).body).toEqual({ prices: [{ toolId: s, price: 14, priceBreaks: [] }] });
  });

  it('answers anyone in no company nothing, and refuses the signed out (401)', async () => {
    expect((await myPrices(customer, `${r},${s}`).expect(200)).body).toEqual({ prices: [] });
    expect((await myPrices(shopAdmin, `${r},${s}`).expect(200)).body).toEqual({ prices: [] });
    expect((await api().get(API.myPrices).query({ toolIds: r })).status).toBe(401);
  });

  it('reads one membership and at most one price per id asked, whatever the catalogue', async () => {
    if (!firestoreCountsReads()) return;
    const ids = [r, s, ...Array.from({ length: MY_PRICES_MAX_IDS - 2 }, (_, i) => `no-such-${i}`)].join(',');
    const member = await readsOf(() => myPrices(buyerA, ids).expect(200));
    expect(member.byCollection.companyMembers).toBe(1);
    expect(member.byCollection.prices).toBeLessThanOrEqual(MY_PRICES_MAX_IDS);
    expect(member.byCollection.tools ?? 0).toBe(0);
    // Anyone in no company: the membership read only.
    const outsider = await readsOf(() => myPrices(customer, ids).expect(200));
    expect(outsider.byCollection.companyMembers).toBe(1);
    expect(outsider.byCollection.prices ?? 0).toBe(0);
  });

  it('refuses no ids, too many and malformed ones (400)', async () => {
    const many = Array.from({ length: MY_PRICES_MAX_IDS + 1 }, (_, i) => `t${i}`).join(',');
    for (const toolIds of ['', many, 'a b', '__x__']) {
      const res = await myPrices(buyerA, toolIds);
      expect(res.status, toolIds.slice(0, 20)).toBe(400);
      expectError(res.body, 'invalid-argument', /toolIds/);
    }
    expect((await api().get(API.myPrices).set(bearer(buyerA.token))).status).toBe(400);
  });
});

describe('a member is charged the contract price; everyone else the list price', () => {
  let r = { id: '', partNumber: '' };
  let plain = { id: '', partNumber: '' };
  beforeAll(async () => {
    r = await relay();
    plain = await relay();
    await putPrice(shopAdmin, A, r.id).expect(201);
  });
  const cartOf = async (user: TestUser, lines: object[]) => (await api().put(API.cart).set(bearer(user.token)).send({ lines }).expect(200)).body;
  const priceOf = (cart: { lines: { toolId: string; price: number }[] }, id: string) => cart.lines.find((l) => l.toolId === id)?.price;

  it('prices the cart (PUT, GET, POST /cart/lines) with the contract price and its breaks', async () => {
    const cart = await cartOf(buyerA, [
      { toolId: r.id, quantity: 50 },
      { toolId: plain.id, quantity: 100 },
    ]);
    expect(cart.lines.map((l: { price: number; lineTotal: number }) => [l.price, l.lineTotal])).toEqual([
      [11, 550],
      [12, 1200],
    ]);
    expect(cart.total).toBe(1750);
    expect(priceOf((await api().get(API.cart).set(bearer(buyerA.token)).expect(200)).body, r.id)).toBe(11);
    const added = (
      await api()
        .post(API.cartLines)
        .set(bearer(buyerA.token))
        .send({ lines: [{ toolId: r.id, quantity: 150 }] })
        .expect(200)
    ).body;
    expect(priceOf(added, r.id)).toBe(9);
    for (const other of [buyerB, customer]) {
      const theirs = await cartOf(other, [{ toolId: r.id, quantity: 50 }]);
      expect(theirs.lines[0].price).toBe(15);
      expect(theirs.total).toBe(750);
    }
  });

  it('shows a price set, or removed, after the cart was filled on the next read (the cart keeps no price)', async () => {
    const later = await relay();
    await cartOf(buyerA, [{ toolId: later.id, quantity: 10 }]);
    await putPrice(shopAdmin, A, later.id, { price: 10 }).expect(201);
    expect(priceOf((await api().get(API.cart).set(bearer(buyerA.token)).expect(200)).body, later.id)).toBe(10);
    await api().delete(API.companyPrice(A, later.id)).set(bearer(shopAdmin.token)).expect(200);
    expect(priceOf((await api().get(API.cart).set(bearer(buyerA.token)).expect(200)).body, later.id)).toBe(15);
  });

  it('books POST /booking at the contract price for a member, at list for the others', async () => {
    const mine = await placeBooking(buyerA, { toolId: r.id, quantity: 100, ...GOOD_CONTACT }).expect(201);
    // Taxed in Illinois (the one-line address, and the ship-to too): CONTRACT §14, §15.
    expect([mine.body.price, mine.body.total]).toEqual([11, oneLineTotal([110_000])]);
    expect(await bookingDoc(mine.body._id)).toMatchObject({ unitPriceCents: 1100, totalCents: oneLineTotalCents([110_000]) });
    for (const other of [buyerB, customer]) {
      const theirs = await placeBooking(other, { toolId: r.id, quantity: 100, ...GOOD_CONTACT }).expect(201);
      expect([theirs.body.price, theirs.body.total]).toEqual([12, oneLineTotal([120_000])]);
    }
  });

  it('books a quick order at the contract price, and the PDF and the payment carry it', async () => {
    const res = await quickOrder(buyerA, {
      lines: [
        { partNumber: r.partNumber, quantity: 200 },
        { partNumber: plain.partNumber, quantity: 10 },
      ],
      ...MEMBER_CONTACT,
    }).expect(201);
    expect(res.body.lines.map((l: { price: number; lineTotal: number }) => [l.price, l.lineTotal])).toEqual([
      [9, 1800],
      [15, 150],
    ]);
    const totalCents = oneLineTotalCents([180_000, 15_000]);
    expect(res.body.total).toBe(totalCents / 100);
    const text = await pdfText((await orderDocument(buyerA, res.body._id).expect(200)).body as Buffer);
    for (const piece of ['$9.00', '$1,800.00', formatCents(totalCents)]) expect(text).toContain(piece);
    expect((await paymentIntentFor(buyerA, res.body._id).expect(200)).body.amount).toBe(totalCents);
    const list = await quickOrder(customer, { lines: [{ partNumber: r.partNumber, quantity: 200 }], ...GOOD_CONTACT }).expect(201);
    expect(list.body.lines[0].price).toBe(12);
  });

  it('checks the cart out at the contract price, and at list once the price is removed', async () => {
    await cartOf(buyerA, [{ toolId: r.id, quantity: 60 }]);
    const order = await api().post(API.checkout).set(bearer(buyerA.token)).send(MEMBER_CONTACT).expect(201);
    // The Illinois ship-to's tax on the line (CONTRACT §15).
    expect([order.body.lines[0].price, order.body.total]).toEqual([11, oneLineTotal([66_000])]);

    await api().delete(API.companyPrice(A, r.id)).set(bearer(shopAdmin.token)).expect(200);
    expect((await myPrices(buyerA, r.id).expect(200)).body).toEqual({ prices: [] });
    await cartOf(buyerA, [{ toolId: r.id, quantity: 60 }]);
    const atList = await api().post(API.checkout).set(bearer(buyerA.token)).send(MEMBER_CONTACT).expect(201);
    expect([atList.body.lines[0].price, atList.body.total]).toEqual([15, oneLineTotal([90_000])]);
  });
});
