import '../support/env';
import { getAuth } from 'firebase-admin/auth';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { API } from '../../common/src/api-paths';
import { ADMIN_CLAIM, QUICK_ORDER_MAX_LINES } from '../../common/src/constants';
import { api, bearer } from '../support/api';
import { verifyEmailByLink, type TestUser } from '../support/auth';
import {
  ADMIN,
  GOOD_CONTACT,
  PARTS,
  catalogued,
  dumpFirestore,
  expectError,
  makeBooking,
  paymentIntentFor,
  placeBooking,
  quickOrder,
  recordPayment,
  useCast,
} from './fixtures';
import { clearInbox, inboxOf, mailSettled, settledInboxOf } from './mail-inbox';

/**
 * CONTRACT §9: ordering, paying, reviewing and being made an admin need a verified email address.
 * The API reads the Auth record's emailVerified on every call (decision 0035), so an account that
 * verifies is accepted with the very token it already holds.
 */

const { newcomer, admin } = useCast({ newcomer: { name: 'Nora Newcomer', verified: false }, admin: ADMIN }, { each: true });

afterAll(() => mailSettled());

const GOOD_REVIEW = { image: 'https://example.test/me.jpg', review: '5', description: 'Parts arrived well packed and on time.' };
const UNVERIFIED = /Verify your email address first: open the link we sent to .+, or send it again from your dashboard\./;

let gasket: { id: string; partNumber: string };
beforeEach(async () => {
  await mailSettled();
  await clearInbox();
  gasket = await catalogued(PARTS.gasket);
});

/** Every call that orders, pays or reviews, as `user` makes it (a booking of theirs to pay for). */
async function guardedCalls(user: TestUser) {
  const booking = await makeBooking(user, gasket.id);
  return [
    { label: 'POST /booking', call: () => placeBooking(user, { toolId: gasket.id, quantity: 2, ...GOOD_CONTACT }) },
    { label: 'POST /booking/quick', call: () => quickOrder(user, { lines: [{ partNumber: gasket.partNumber, quantity: 2 }], ...GOOD_CONTACT }) },
    { label: 'POST /booking/checkout', call: () => api().post(API.checkout).set(bearer(user.token)).send(GOOD_CONTACT) },
    { label: 'POST /create-payment-intent', call: () => paymentIntentFor(user, booking) },
    { label: 'PATCH /cardBooking/{id}', call: () => recordPayment(user, booking, 'pi_made_up_123') },
    { label: 'POST /reviews', call: () => api().post(API.addReview).set(bearer(user.token)).send(GOOD_REVIEW) },
  ];
}

describe('an unverified account', () => {
  it('is refused 403 email-unverified on every call that orders, pays or reviews, and nothing changes', async () => {
    // A cart to check out, so the checkout's refusal is the address and not an empty cart.
    await api()
      .put(API.cart)
      .set(bearer(newcomer.token))
      .send({ lines: [{ toolId: gasket.id, quantity: 2 }] })
      .expect(200);
    for (const { label, call } of await guardedCalls(newcomer)) {
      const before = await dumpFirestore();
      const res = await call();
      expect(res.status, label).toBe(403);
      expectError(res.body, 'email-unverified', UNVERIFIED);
      expect(res.body.error.message, label).toContain(newcomer.email);
      expect(await dumpFirestore(), `${label} changed nothing`).toEqual(before);
    }
  });

  it('is refused before its input is read: an invalid body is 403, not 400; no token is still 401', async () => {
    expectError((await placeBooking(newcomer, { quantity: 'lots' }).expect(403)).body, 'email-unverified');
    expectError((await api().post(API.addReview).send(GOOD_REVIEW).expect(401)).body, 'unauthenticated');
  });

  it('may still fill its cart, read and save its profile and list its orders', async () => {
    const cart = await api()
      .put(API.cart)
      .set(bearer(newcomer.token))
      .send({ lines: [{ toolId: gasket.id, quantity: 2 }] })
      .expect(200);
    expect(cart.body.lines).toHaveLength(1);
    await api().get(API.cart).set(bearer(newcomer.token)).expect(200);
    await api().get(API.userProfile(newcomer.email)).set(bearer(newcomer.token)).expect(200);
    await api()
      .put(API.saveProfile)
      .set(bearer(newcomer.token))
      .send({
        education: 'BSc Mechanical Engineering',
        location: 'Springfield, IL',
        phone: '+1 555 010 2030',
        linkedlnProfile: 'https://www.linkedin.com/in/nora',
      })
      .expect(200);
    await api().get(API.myBookings(newcomer.email)).set(bearer(newcomer.token)).expect(200);
  });

  it(`sends no email for a ${QUICK_ORDER_MAX_LINES}-line quick order; once verified, the same order sends one`, async () => {
    const parts = await Promise.all(Array.from({ length: QUICK_ORDER_MAX_LINES }, (_, i) => catalogued({ ...PARTS.fan, name: `Fan ${i}` })));
    const order = () => quickOrder(newcomer, { lines: parts.map((p) => ({ partNumber: p.partNumber, quantity: 1 })), ...GOOD_CONTACT });
    const before = await dumpFirestore();
    expectError((await order().expect(403)).body, 'email-unverified');
    expect(await dumpFirestore()).toEqual(before);
    await mailSettled();
    expect(await inboxOf(newcomer.email)).toHaveLength(0);

    await verifyEmailByLink(newcomer.token, newcomer.email);
    expect((await order().expect(201)).body).toMatchObject({ lineCount: QUICK_ORDER_MAX_LINES, email: newcomer.email });
    // The check above can fail: the same call, verified, does mail the buyer.
    expect(await settledInboxOf(newcomer.email, 1)).toHaveLength(1);
  });
});

describe('after verifying', () => {
  it('the account is accepted on every guarded call with the token it already had (link opened through the emulator)', async () => {
    await verifyEmailByLink(newcomer.token, newcomer.email);
    await api()
      .put(API.cart)
      .set(bearer(newcomer.token))
      .send({ lines: [{ toolId: gasket.id, quantity: 2 }] })
      .expect(200);
    for (const { label, call } of await guardedCalls(newcomer)) {
      const res = await call();
      // Past the address check: each answers as for any verified buyer (the made-up payment id is a 4xx of its own).
      expect(res.body?.error?.code, label).not.toBe('email-unverified');
      expect(res.status, `${label}: ${JSON.stringify(res.body)}`).toBeLessThan(500);
    }
    expect((await placeBooking(newcomer, { toolId: gasket.id, quantity: 2, ...GOOD_CONTACT }).expect(201)).body).toMatchObject({ email: newcomer.email });
    expect((await api().post(API.addReview).set(bearer(newcomer.token)).send(GOOD_REVIEW).expect(201)).body).toMatchObject({ userName: 'Nora Newcomer' });
  });

  it('is live: marked verified by the Auth admin API, the old token orders at once', async () => {
    await placeBooking(newcomer, { toolId: gasket.id, quantity: 2, ...GOOD_CONTACT }).expect(403);
    await getAuth().updateUser(newcomer.uid, { emailVerified: true });
    await placeBooking(newcomer, { toolId: gasket.id, quantity: 2, ...GOOD_CONTACT }).expect(201);
  });
});

describe('PUT /user/admin/{email}', () => {
  it('answers 409 for an unverified account and changes no claim and no document', async () => {
    const before = await dumpFirestore();
    const res = await api().put(API.makeAdmin(newcomer.email)).set(bearer(admin.token)).expect(409);
    expectError(res.body, 'conflict', /has not verified its email address yet, so it can not be made an admin/);
    expect((await getAuth().getUser(newcomer.uid)).customClaims?.[ADMIN_CLAIM]).toBeUndefined();
    expect(await dumpFirestore()).toEqual(before);
  });

  it('promotes the same account once it has verified', async () => {
    await verifyEmailByLink(newcomer.token, newcomer.email);
    expect((await api().put(API.makeAdmin(newcomer.email)).set(bearer(admin.token)).expect(200)).body).toEqual({ modifiedCount: 1 });
    expect((await getAuth().getUser(newcomer.uid)).customClaims?.[ADMIN_CLAIM]).toBe(true);
  });
});
