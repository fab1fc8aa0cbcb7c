import { getAuth } from 'firebase-admin/auth';
import { describe, expect, it } from 'vitest';
import { API } from '../../common/src/api-paths';
import { ADMIN_CLAIM } from '../../common/src/constants';
import { api, bearer } from '../support/api';
import { createUser, signIn } from '../support/auth';
import { db } from '../support/firestore';
import { ADMIN, aSecondAfter, ANONYMOUS_CALLERS, CUSTOMER, dumpFirestore, expectError, makeBooking, signedUpUser, useCast } from './fixtures';

const claimsOf = async (uid: string) => (await getAuth().getUser(uid)).customClaims ?? {};
const roleOf = async (uid: string) => (await db.collection('users').doc(uid).get()).get('role') as string | undefined;

const { admin, customer } = useCast({ admin: ADMIN, customer: CUSTOMER }, { each: true });

describe('GET /allusers (admin)', () => {
  it('lists the shop’s users in sign-up order with their role, and pages', async () => {
    const third = await signedUpUser();
    const res = await api().get(API.allUsers).set(bearer(admin.token)).expect(200);
    expect(res.body).toEqual([
      { _id: admin.uid, email: admin.email, displayName: admin.name, role: 'admin' },
      { _id: customer.uid, email: customer.email, displayName: customer.name, role: 'customer' },
      { _id: third.uid, email: third.email, displayName: third.name, role: 'customer' },
    ]);
    const first = await api().get(`${API.allUsers}?limit=2`).set(bearer(admin.token)).expect(200);
    const next = await api().get(`${API.allUsers}?limit=2&cursor=${first.headers['x-next-cursor']}`).set(bearer(admin.token)).expect(200);
    expect(next.body.map((u: { email: string }) => u.email)).toEqual([third.email]);
  });

  it('refuses a customer with 403', async () => {
    expectError((await api().get(API.allUsers).set(bearer(customer.token)).expect(403)).body, 'permission-denied');
  });

  it.each(ANONYMOUS_CALLERS)('refuses $label with 401', async ({ headers }) => {
    await api().get(API.allUsers).set(headers).expect(401);
  });
});

describe('PUT /user/admin/{email} (admin)', () => {
  it('sets the claim (keeping other claims) and the role; the new admin’s next token works on admin calls', async () => {
    await getAuth().setCustomUserClaims(customer.uid, { tier: 'gold' });
    expect((await api().put(API.makeAdmin(customer.email.toUpperCase())).set(bearer(admin.token)).expect(200)).body).toEqual({ modifiedCount: 1 });
    expect(await claimsOf(customer.uid)).toEqual({ tier: 'gold', [ADMIN_CLAIM]: true });
    expect(await roleOf(customer.uid)).toBe('admin');
    const fresh = await signIn(customer.email, customer.password);
    await api().get(API.allOrders).set(bearer(fresh)).expect(200);
  });

  it('answers modifiedCount 0 for someone already admin', async () => {
    const other = await signedUpUser({ admin: true });
    expect((await api().put(API.makeAdmin(other.email)).set(bearer(admin.token)).expect(200)).body).toEqual({ modifiedCount: 0 });
  });

  it('lists a user who never synced once made admin', async () => {
    const unsynced = await createUser();
    await api().put(API.makeAdmin(unsynced.email)).set(bearer(admin.token)).expect(200);
    expect(await roleOf(unsynced.uid)).toBe('admin');
  });

  it('answers 404 for an unknown email and 400 for a malformed one', async () => {
    expectError((await api().put(API.makeAdmin('nobody@example.test')).set(bearer(admin.token)).expect(404)).body, 'not-found');
    expectError((await api().put(API.makeAdmin('not-an-email')).set(bearer(admin.token)).expect(400)).body, 'invalid-argument', 'Provide a valid Email');
  });

  it('refuses a customer (even for themself) with 403, changing nothing', async () => {
    const before = await dumpFirestore();
    for (const email of [customer.email, admin.email]) await api().put(API.makeAdmin(email)).set(bearer(customer.token)).expect(403);
    expect(await claimsOf(customer.uid)).toEqual({});
    expect(await dumpFirestore()).toEqual(before);
  });

  it.each(ANONYMOUS_CALLERS)('refuses $label with 401, changing nothing', async ({ headers }) => {
    const before = await dumpFirestore();
    await api().put(API.makeAdmin(customer.email)).set(headers).expect(401);
    expect(await claimsOf(customer.uid)).toEqual({});
    expect(await dumpFirestore()).toEqual(before);
  });
});

describe('DELETE /alluserr/{email} (admin)', () => {
  it('takes the role from another admin: still listed as a customer, claim cleared, sessions revoked', async () => {
    const other = await signedUpUser({ admin: true });
    await getAuth().setCustomUserClaims(other.uid, { [ADMIN_CLAIM]: true, tier: 'gold' });
    const oldToken = await signIn(other.email, other.password);
    await api().get(API.allOrders).set(bearer(oldToken)).expect(200);
    await aSecondAfter(oldToken);

    expect((await api().delete(API.removeAdmin(other.email)).set(bearer(admin.token)).expect(200)).body).toEqual({ deletedCount: 1 });
    expect((await db.collection('users').doc(other.uid).get()).data()).toMatchObject({ email: other.email, role: 'customer' });
    expect(await claimsOf(other.uid)).toEqual({ tier: 'gold' });
    // Admin calls check revocation: the token that still says admin is refused at once.
    await api().get(API.allOrders).set(bearer(oldToken)).expect(401);
    // Signed-in calls confirm the live claim before showing someone else's records (403); the
    // Auth emulator checks revocation on every verify, so here the same token may already be 401.
    expect([401, 403]).toContain((await api().get(API.myBookings(customer.email)).set(bearer(oldToken))).status);
  });

  it('refuses a token that still says admin once the claim is gone, on someone else’s records', async () => {
    const stale = await signedUpUser({ admin: true });
    await getAuth().setCustomUserClaims(stale.uid, {});
    const before = await dumpFirestore();
    await api().get(API.myBookings(customer.email)).set(bearer(stale.token)).expect(403);
    await api().get(API.userProfile(customer.email)).set(bearer(stale.token)).expect(403);
    await api().get(API.userRecord(customer.email)).set(bearer(stale.token)).expect(403);
    await api().delete(API.cancelBooking(customer.email, 'any-id')).set(bearer(stale.token)).expect(403);
    expect(await dumpFirestore()).toEqual(before);
  });

  it('a customer has no role to take: deletedCount 0, still listed, claims and sessions untouched', async () => {
    await getAuth().setCustomUserClaims(customer.uid, { tier: 'gold' });
    const before = await dumpFirestore();
    expect((await api().delete(API.removeAdmin(customer.email)).set(bearer(admin.token)).expect(200)).body).toEqual({ deletedCount: 0 });
    expect(await dumpFirestore()).toEqual(before);
    expect(await claimsOf(customer.uid)).toEqual({ tier: 'gold' });
    await api().get(API.myBookings(customer.email)).set(bearer(customer.token)).expect(200);
  });

  it('removing the same admin twice takes the role once', async () => {
    const other = await signedUpUser({ admin: true });
    expect((await api().delete(API.removeAdmin(other.email)).set(bearer(admin.token)).expect(200)).body).toEqual({ deletedCount: 1 });
    expect((await api().delete(API.removeAdmin(other.email)).set(bearer(admin.token)).expect(200)).body).toEqual({ deletedCount: 0 });
    expect((await db.collection('users').doc(other.uid).get()).data()?.role).toBe('customer');
  });

  it('refuses self-removal with 409, changing nothing', async () => {
    const before = await dumpFirestore();
    const res = await api().delete(API.removeAdmin(admin.email)).set(bearer(admin.token)).expect(409);
    expectError(res.body, 'conflict', /yourself/);
    expect(await claimsOf(admin.uid)).toEqual({ [ADMIN_CLAIM]: true });
    expect(await dumpFirestore()).toEqual(before);
  });

  it('refuses removing the last listed admin with 409, changing nothing', async () => {
    // An admin by claim who never synced is not in the shop's list, so the listed admin is the last one.
    const unlisted = await createUser({ admin: true });
    const before = await dumpFirestore();
    const res = await api().delete(API.removeAdmin(admin.email)).set(bearer(unlisted.token)).expect(409);
    expectError(res.body, 'conflict', /last admin/);
    expect(await claimsOf(admin.uid)).toEqual({ [ADMIN_CLAIM]: true });
    expect(await dumpFirestore()).toEqual(before);
  });

  it('answers 404 for an unknown email and 400 for a malformed one', async () => {
    await api().delete(API.removeAdmin('nobody@example.test')).set(bearer(admin.token)).expect(404);
    await api().delete(API.removeAdmin('nobody')).set(bearer(admin.token)).expect(400);
    for (const odd of ['a/b@example.test', "o'neil+x@example.test", 'ü@example.test']) {
      expect([odd, (await api().delete(API.removeAdmin(odd)).set(bearer(admin.token))).status]).toEqual([odd, 404]);
      expect([odd, (await api().put(API.makeAdmin(odd)).set(bearer(admin.token))).status]).toEqual([odd, 404]);
      expect([odd, (await api().get(API.myBookings(odd)).set(bearer(admin.token))).status]).toEqual([odd, 200]);
    }
  });

  it('refuses a customer with 403, changing nothing', async () => {
    const other = await signedUpUser({ admin: true });
    const before = await dumpFirestore();
    await api().delete(API.removeAdmin(other.email)).set(bearer(customer.token)).expect(403);
    expect(await claimsOf(other.uid)).toEqual({ [ADMIN_CLAIM]: true });
    expect(await dumpFirestore()).toEqual(before);
  });

  it.each(ANONYMOUS_CALLERS)('refuses $label with 401, changing nothing', async ({ headers }) => {
    const other = await signedUpUser({ admin: true });
    const before = await dumpFirestore();
    await api().delete(API.removeAdmin(other.email)).set(headers).expect(401);
    expect(await claimsOf(other.uid)).toEqual({ [ADMIN_CLAIM]: true });
    expect(await dumpFirestore()).toEqual(before);
  });

  it('leaves the removed user’s bookings in place for the order history', async () => {
    const id = await makeBooking(customer, 'some-tool');
    await api().delete(API.removeAdmin(customer.email)).set(bearer(admin.token)).expect(200);
    expect((await db.collection('bookings').doc(id).get()).exists).toBe(true);
  });
});
