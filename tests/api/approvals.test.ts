import '../support/env';
import { Timestamp } from 'firebase-admin/firestore';
import { beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../common/src/api-paths';
import { NEXT_CURSOR_HEADER } from '../../common/src/api-paths';
import { sweepReservations } from '../../functions/src/services/sweep/reservation-sweep';
import { api, bearer } from '../support/api';
import type { TestUser } from '../support/auth';
import { db } from '../support/firestore';
import {
  ADMIN,
  bookingDoc,
  catalogued,
  CUSTOMER,
  expectError,
  GOOD_CONTACT,
  HOUR,
  paymentIntentFor,
  quickOrder,
  recordPayment,
  stockOf,
  useCast,
  oneLineTotal,
  oneLineTotalCents,
} from './fixtures';
import { formatCents } from '../../common/src/money';
import { clearInbox, mailSettled, settledInboxOf } from './mail-inbox';

/**
 * Approvals and the company's orders (CONTRACT §10, decision 0056): where a member's order ships,
 * which orders wait for approval, who may approve or decline them (once, even when raced), the
 * emails of each event, expiry of an order nobody decided, and the company's lists.
 */

const cast = useCast({
  shopAdmin: ADMIN,
  customer: CUSTOMER,
  adminA: CUSTOMER,
  limitedAdminA: CUSTOMER,
  buyerA: CUSTOMER,
  freeBuyerA: CUSTOMER,
  adminB: CUSTOMER,
  buyerB: CUSTOMER,
});
const { shopAdmin, customer, adminA, limitedAdminA, buyerA, freeBuyerA, adminB, buyerB } = cast;

const ADDRESS = { line1: '400 Compressor Way', city: 'Springfield', region: 'IL', postalCode: '62701', country: 'US' };
const companyBody = (name: string) => ({
  name,
  billingAddress: ADDRESS,
  shipTo: [
    { label: 'Main shop', address: ADDRESS },
    { label: 'Warehouse', address: { ...ADDRESS, line1: '12 Depot Road', line2: 'Dock 4' } },
  ],
  terms: 'card',
});

/** $20.00 a unit, one at a time: with the Illinois ship-to's 6.25% tax, buyerA's $100 limit lets 4 through and makes 5 wait. */
const PRICE_CENTS = 2000;
let part = { id: '', partNumber: '' };
let A = '';
let B = '';

async function join(companyId: string, user: TestUser, role: string, spendingLimit: number | null): Promise<void> {
  await api().post(API.companyInvitations(companyId)).set(bearer(shopAdmin.token)).send({ email: user.email, role, spendingLimit }).expect(201);
  await api().put(API.syncUser(user.email)).set(bearer(user.token)).expect(200);
}

beforeAll(async () => {
  A = (await api().post(API.companies).set(bearer(shopAdmin.token)).send(companyBody('Arctic Repair Co.')).expect(201)).body._id;
  B = (await api().post(API.companies).set(bearer(shopAdmin.token)).send(companyBody('Polar Service LLC')).expect(201)).body._id;
  await join(A, adminA, 'company-admin', null);
  await join(A, limitedAdminA, 'company-admin', 10);
  await join(A, buyerA, 'buyer', 100);
  await join(A, freeBuyerA, 'buyer', null);
  await join(B, adminB, 'company-admin', null);
  await join(B, buyerB, 'buyer', null);
  part = await catalogued({ priceCents: PRICE_CENTS, minimumQuantity: 1, availableQuantity: 1000 });
});

/** A quick order of `quantity` units of the part, as `user`, shipped to `shipToId`. */
const order = (user: TestUser, quantity: number, over: Record<string, unknown> = { shipToId: 's1' }) =>
  quickOrder(user, { lines: [{ partNumber: part.partNumber, quantity }], phone: GOOD_CONTACT.phone, ...over });
/** An order of buyerA over their limit: placed awaiting approval. */
async function waiting(quantity = 6): Promise<string> {
  const res = await order(buyerA, quantity).expect(201);
  expect(res.body.state).toBe('awaiting-approval');
  return res.body._id as string;
}
const approve = (user: TestUser | null, id: string, body: object = {}) => {
  const req = api().post(API.approveBooking(id));
  return (user ? req.set(bearer(user.token)) : req).send(body);
};
const decline = (user: TestUser | null, id: string, body: object = { note: 'Over budget this month' }) => {
  const req = api().post(API.declineBooking(id));
  return (user ? req.set(bearer(user.token)) : req).send(body);
};

describe('where a company order ships (shipToId)', () => {
  it('a member names one of the company’s locations; its address is copied onto the order', async () => {
    const res = await order(freeBuyerA, 2, { shipToId: 's2' }).expect(201);
    expect(res.body).toMatchObject({ companyId: A, shipToId: 's2', state: 'reserved', approval: null });
    expect(res.body.address).toBe('Warehouse, 12 Depot Road, Dock 4, Springfield, IL 62701, US');
    expect((await bookingDoc(res.body._id))?.shipToAddress).toMatchObject({ line1: '12 Depot Road', line2: 'Dock 4' });
  });
  it('a member who names none, or an unknown one, gets 400 naming the choices; nothing is booked', async () => {
    const stock = await stockOf(part.id);
    for (const over of [{ address: GOOD_CONTACT.address }, { shipToId: 's9' }]) {
      const res = await order(freeBuyerA, 2, over).expect(400);
      expectError(res.body, 'invalid-argument', /s1 \(Main shop\), s2 \(Warehouse\)/);
      expect(res.body.error.fields).toHaveProperty('shipToId');
    }
    expect(await stockOf(part.id)).toBe(stock);
  });
  it('a location removed from the company is refused like an unknown one', async () => {
    const company = (await api().get(API.company(B)).set(bearer(shopAdmin.token)).expect(200)).body;
    await api()
      .patch(API.company(B))
      .set(bearer(shopAdmin.token))
      .send({ shipTo: [company.shipTo[0]] })
      .expect(200);
    expectError((await order(buyerB, 1, { shipToId: 's2' }).expect(400)).body, 'invalid-argument', /no ship-to location s2.*s1 \(Main shop\)/);
  });
  it('someone in no company may not send shipToId, and sends an address as before', async () => {
    expectError((await order(customer, 1).expect(400)).body, 'invalid-argument', /only for members of a company/);
    const res = await order(customer, 1, { address: GOOD_CONTACT.address }).expect(201);
    expect(res.body).toMatchObject({ companyId: null, shipToId: null, approval: null, address: GOOD_CONTACT.address, state: 'reserved' });
    expectError((await order(customer, 1, {}).expect(400)).body, 'invalid-argument', /Address is required/);
  });
  it('the cart’s checkout takes shipToId the same way', async () => {
    await api()
      .put(API.cart)
      .set(bearer(buyerA.token))
      .send({ lines: [{ toolId: part.id, quantity: 6 }] })
      .expect(200);
    expectError(
      (await api().post(API.checkout).set(bearer(buyerA.token)).send({ phone: GOOD_CONTACT.phone }).expect(400)).body,
      'invalid-argument',
      /shipToId/,
    );
    const res = await api().post(API.checkout).set(bearer(buyerA.token)).send({ phone: GOOD_CONTACT.phone, shipToId: 's1' }).expect(201);
    // 6 x $20 and the Illinois ship-to's tax (CONTRACT §15).
    expect(res.body).toMatchObject({ companyId: A, shipToId: 's1', state: 'awaiting-approval', total: oneLineTotal([6 * PRICE_CENTS]) });
  });
});

describe('orders over the spending limit wait for approval', () => {
  it('within the limit (and with no limit) an order is reserved as usual', async () => {
    expect((await order(buyerA, 4).expect(201)).body.state).toBe('reserved');
    expect((await order(freeBuyerA, 50).expect(201)).body.state).toBe('reserved');
  });
  it('the limit judges the total with its sales tax (CONTRACT §10, §15): $100.00 of parts is $106.25 to pay, over a $100 limit', async () => {
    expect(oneLineTotalCents([5 * PRICE_CENTS])).toBe(10_625);
    const res = await order(buyerA, 5).expect(201);
    expect(res.body).toMatchObject({ state: 'awaiting-approval', total: 106.25, tax: { amount: 6.25, state: 'IL', rate: '6.25' } });
  });
  it('over it: awaiting-approval, its stock reserved, and it can be neither paid nor shipped', async () => {
    const before = await stockOf(part.id);
    const id = await waiting(6);
    expect(await stockOf(part.id)).toBe((before ?? 0) - 6);
    const b = (await api().get(API.myBooking(id)).set(bearer(buyerA.token)).expect(200)).body;
    expect(b.approval).toMatchObject({ spendingLimit: 100, decision: null, decidedBy: null, decidedAt: null, note: null });
    // Released one hold after it was placed unless someone decides (decision 0061; the stack's hold is the default 48 h or less).
    const waitsMs = Date.parse(b.approval.expiresAt) - Date.parse(b.createdAt);
    expect(waitsMs > 0 && waitsMs <= 48 * 3_600_000 && waitsMs % 3_600_000 === 0).toBe(true);
    expectError((await paymentIntentFor(buyerA, id).expect(409)).body, 'conflict', /waits for a company admin to approve it/);
    expectError((await recordPayment(buyerA, id, 'pi_123').expect(409)).body, 'conflict', /waits for a company admin/);
    expectError((await api().patch(API.markShipped(id)).set(bearer(shopAdmin.token)).expect(409)).body, 'conflict', /waiting for approval/);
    expect((await bookingDoc(id))?.state).toBe('awaiting-approval');
  });
});

describe('approve and decline', () => {
  it('only an admin of the order’s company decides; everyone else is refused and nothing changes', async () => {
    const id = await waiting();
    const expected: [string, TestUser | null, number][] = [
      ['signed out', null, 401],
      ['plain customer', customer, 403],
      ['the buyer', buyerA, 403],
      ['another buyer of the company', freeBuyerA, 403],
      ['a buyer of another company', buyerB, 403],
      ['an admin of another company', adminB, 404],
      ['a shop admin', shopAdmin, 403],
    ];
    for (const [who, user, status] of expected) {
      expect({ who, approve: (await approve(user, id)).status }).toEqual({ who, approve: status });
      expect({ who, decline: (await decline(user, id)).status }).toEqual({ who, decline: status });
    }
    expect((await bookingDoc(id))?.state).toBe('awaiting-approval');
    expect((await approve(adminA, 'no-such-order')).status).toBe(404);
  });
  it('approve: reserved and payable, who decided, when and the note; a second decision is 409', async () => {
    const id = await waiting();
    const res = await approve(adminA, id, { note: 'Fine for the Henderson job' }).expect(200);
    expect(res.body).toMatchObject({
      state: 'reserved',
      approval: { spendingLimit: 100, decision: 'approved', decidedBy: { uid: adminA.uid, email: adminA.email }, note: 'Fine for the Henderson job' },
    });
    expect(Date.parse(res.body.approval.decidedAt)).toBeGreaterThan(Date.now() - 60_000);
    expectError((await approve(adminA, id).expect(409)).body, 'conflict', /already approved by/);
    expectError((await decline(adminA, id).expect(409)).body, 'conflict', /already approved/);
    await paymentIntentFor(buyerA, id).expect(200);
  });
  it('an approval may come without a body; a decline needs a note', async () => {
    const id = await waiting();
    expectError((await decline(adminA, id, {}).expect(400)).body, 'invalid-argument', /why/);
    expectError((await approve(adminA, id, { note: 'x', extra: 1 }).expect(400)).body, 'invalid-argument');
    await api().post(API.approveBooking(id)).set(bearer(adminA.token)).expect(200);
  });
  it('decline: declined, its stock back once, and it can not be paid', async () => {
    const before = await stockOf(part.id);
    const id = await waiting(7);
    const res = await decline(adminA, id).expect(200);
    expect(res.body).toMatchObject({
      state: 'declined',
      approval: { decision: 'declined', note: 'Over budget this month', decidedBy: { email: adminA.email } },
    });
    expect(await stockOf(part.id)).toBe(before);
    expectError((await decline(adminA, id).expect(409)).body, 'conflict', /already declined/);
    expect(await stockOf(part.id)).toBe(before);
    expectError((await paymentIntentFor(buyerA, id).expect(409)).body, 'conflict', /declined/);
  });
  it('a company admin over their own limit waits too, and another company admin approves it', async () => {
    const id = (await order(limitedAdminA, 1).expect(201)).body._id;
    expect((await bookingDoc(id))?.state).toBe('awaiting-approval');
    expectError((await approve(limitedAdminA, id).expect(403)).body, 'permission-denied', /another company admin/);
    expect((await approve(adminA, id).expect(200)).body.approval.decidedBy.email).toBe(adminA.email);
  });
  it('the buyer may withdraw a waiting order (its stock back); then there is nothing to decide', async () => {
    const before = await stockOf(part.id);
    const id = await waiting(4 + 6);
    await api().delete(API.cancelBooking(buyerA.email, id)).set(bearer(buyerA.token)).expect(200);
    expect(await stockOf(part.id)).toBe(before);
    expect((await approve(adminA, id)).status).toBe(404);
  });
  it('raced: two approvals, or an approval and a decline, at once: exactly one wins, the other is 409', async () => {
    const first = await waiting();
    const twice = await Promise.all([approve(adminA, first), approve(adminA, first)]);
    expect(twice.map((r) => r.status).sort()).toEqual([200, 409]);

    const before = await stockOf(part.id);
    const second = await waiting(8);
    const both = await Promise.all([approve(adminA, second), decline(adminA, second)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    const winner = both.find((r) => r.status === 200)!;
    const state = (await bookingDoc(second))?.state;
    expect(state).toBe(winner.body.state);
    // Declined: the 8 came back once; approved: they stay reserved.
    expect(await stockOf(part.id)).toBe(state === 'declined' ? before : (before ?? 0) - 8);
  });
});

describe('emails', () => {
  it('one per event to the buyer and to each company admin, naming the order number', async () => {
    await mailSettled();
    await clearInbox();
    const approved = (await order(buyerA, 6).expect(201)).body;
    const declined = (await order(buyerA, 9).expect(201)).body;
    await approve(adminA, approved._id).expect(200);
    await decline(adminA, declined._id).expect(200);
    await approve(adminA, approved._id).expect(409);
    const forBuyer = await settledInboxOf(buyerA.email, 4);
    const forAdmin = await settledInboxOf(adminA.email, 4);
    const subjects = (mails: { subject: string }[]) => mails.map((m) => m.subject).sort();
    expect(subjects(forBuyer)).toEqual(
      [
        `Order ${approved.orderNumber} is waiting for approval`,
        `Order ${approved.orderNumber} approved: ${formatCents(oneLineTotalCents([6 * PRICE_CENTS]))} to pay`,
        `Order ${declined.orderNumber} is waiting for approval`,
        `Order ${declined.orderNumber} declined`,
      ].sort(),
    );
    expect(subjects(forAdmin)).toEqual(
      [
        `Order ${approved.orderNumber} by ${buyerA.email} needs your approval`,
        `Order ${approved.orderNumber} by ${buyerA.email} approved`,
        `Order ${declined.orderNumber} by ${buyerA.email} needs your approval`,
        `Order ${declined.orderNumber} by ${buyerA.email} declined`,
      ].sort(),
    );
    expect(forBuyer.find((m) => m.subject.endsWith('declined'))?.text).toContain('Over budget this month');
    // The usual 'booked' email is replaced by the waiting one: nothing to pay yet.
    expect(forBuyer.some((m) => /received/.test(m.subject))).toBe(false);
  });
});

describe('expiry', () => {
  it('an order nobody decided expires like an unpaid one, its stock back once; an approved one’s hold starts at its approval', async () => {
    const before = await stockOf(part.id);
    const undecided = await waiting();
    const approved = await waiting();
    await approve(adminA, approved).expect(200);
    const old = Timestamp.fromMillis(Date.now() - 100 * HOUR);
    for (const id of [undecided, approved]) await db.collection('bookings').doc(id).update({ createdAt: old });
    await Promise.all([sweepReservations(), sweepReservations()]);
    expect((await bookingDoc(undecided))?.state).toBe('expired');
    expect((await bookingDoc(approved))?.state).toBe('reserved');
    expect(await stockOf(part.id)).toBe((before ?? 0) - 6);
    expectError((await approve(adminA, undecided).expect(409)).body, 'conflict', /not decided in time/);
  });
});

describe('the company’s orders and approvals', () => {
  it('company admins and shop admins see them; nobody else does', async () => {
    const cases: [string, TestUser | null, number][] = [
      ['signed out', null, 401],
      ['plain customer', customer, 403],
      ['a buyer of the company', buyerA, 403],
      ['a buyer of another company', buyerB, 403],
      ['an admin of another company', adminB, 403],
      ['the company admin', adminA, 200],
      ['a shop admin', shopAdmin, 200],
    ];
    for (const path of [API.companyOrders(A), API.companyApprovals(A)]) {
      for (const [who, user, status] of cases) {
        const req = api().get(path);
        expect({ who, path, status: (await (user ? req.set(bearer(user.token)) : req)).status }).toEqual({ who, path, status });
      }
    }
    expect((await api().get(API.companyOrders('no-such-company')).set(bearer(shopAdmin.token))).status).toBe(404);
    expect((await api().get(API.companyOrders('no-such-company')).set(bearer(adminA.token))).status).toBe(403);
  });
  it('one order of the company (GET /mybooking/{id}): its buyer, the company’s admins and the shop’s; anyone else 404 (decision 0061)', async () => {
    const id = await waiting();
    const cases: [string, TestUser | null, number][] = [
      ['signed out', null, 401],
      ['plain customer', customer, 404],
      ['another buyer of the company', freeBuyerA, 404],
      ['a buyer of another company', buyerB, 404],
      ['an admin of another company', adminB, 404],
      ['its buyer', buyerA, 200],
      ['a company admin', adminA, 200],
      ['a company admin with a limit', limitedAdminA, 200],
      ['a shop admin', shopAdmin, 200],
    ];
    for (const [who, user, status] of cases) {
      const req = api().get(API.myBooking(id));
      expect({ who, status: (await (user ? req.set(bearer(user.token)) : req)).status }).toEqual({ who, status });
    }
  });
  it('every order of the company, newest first, a page at a time; approvals only the waiting ones, oldest first', async () => {
    const all = (await db.collection('bookings').where('companyId', '==', A).get()).docs;
    const ids: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const res = await api()
        .get(`${API.companyOrders(A)}?limit=4${cursor ? `&cursor=${cursor}` : ''}`)
        .set(bearer(adminA.token))
        .expect(200);
      expect(res.body.length).toBeLessThanOrEqual(4);
      ids.push(...res.body.map((b: { _id: string; companyId: string }) => (expect(b.companyId).toBe(A), b._id)));
      cursor = res.headers[NEXT_CURSOR_HEADER.toLowerCase()];
      pages++;
    } while (cursor && pages < 20);
    expect(ids.sort()).toEqual(all.map((d) => d.id).sort());
    expect(pages).toBeGreaterThan(1);

    const waitingIds = all.filter((d) => d.get('state') === 'awaiting-approval').map((d) => d.id);
    const res = await api().get(API.companyApprovals(A)).set(bearer(adminA.token)).expect(200);
    expect(res.body.map((b: { _id: string }) => b._id).sort()).toEqual(waitingIds.sort());
    const times = res.body.map((b: { createdAt: string }) => b.createdAt);
    expect(times).toEqual([...times].sort());
    // The buyer still sees their own orders as before.
    const own = await api().get(API.myBookings(buyerA.email)).set(bearer(buyerA.token)).expect(200);
    expect(own.body.every((b: { email: string }) => b.email === buyerA.email)).toBe(true);
    expect((await api().get(API.companyOrders(B)).set(bearer(adminB.token)).expect(200)).body.every((b: { companyId: string }) => b.companyId === B)).toBe(
      true,
    );
  });
});
