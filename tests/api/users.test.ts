import { describe, expect, it } from 'vitest';
import { API } from '../../common/src/api-paths';
import { api, bearer } from '../support/api';
import { db } from '../support/firestore';
import { ADMIN, ANONYMOUS_CALLERS, CUSTOMER, dumpFirestore, expectError, useCast } from './fixtures';

// The customer has not signed in through the web app yet: no users/{uid} record.
const { customer, other, admin } = useCast({ customer: { name: 'Casey Customer', signedUp: false }, other: CUSTOMER, admin: ADMIN });

describe('PUT /user/{email}', () => {
  it('records the caller and answers a Bearer the API accepts, with the admin flag', async () => {
    const res = await api().put(API.syncUser(customer.email)).set(bearer(customer.token)).send({ email: customer.email }).expect(200);
    expect(res.body).toEqual({ token: expect.any(String), admin: false });
    await api().get(API.myBookings(customer.email)).set(bearer(res.body.token)).expect(200);
    expect((await db.collection('users').doc(customer.uid).get()).data()).toMatchObject({
      email: customer.email,
      displayName: 'Casey Customer',
      role: 'customer',
    });
    expect((await api().put(API.syncUser(admin.email)).set(bearer(admin.token)).expect(200)).body.admin).toBe(true);
  });

  it('refuses another email with 403, changing nothing', async () => {
    const before = await dumpFirestore();
    expectError((await api().put(API.syncUser(other.email)).set(bearer(customer.token)).expect(403)).body, 'permission-denied');
    expect(await dumpFirestore()).toEqual(before);
  });

  it('refuses a malformed email with 400', async () => {
    await api().put(API.syncUser('nope')).set(bearer(customer.token)).expect(400);
  });

  it.each(ANONYMOUS_CALLERS)('refuses $label with 401, changing nothing', async ({ headers }) => {
    const before = await dumpFirestore();
    await api().put(API.syncUser(customer.email)).set(headers).expect(401);
    expect(await dumpFirestore()).toEqual(before);
  });
});

describe('GET /admins/{email}', () => {
  it('answers the caller about themself and an admin about anyone', async () => {
    expect((await api().get(API.isAdmin(other.email)).set(bearer(other.token)).expect(200)).body).toEqual({ admin: false });
    expect((await api().get(API.isAdmin(admin.email)).set(bearer(admin.token)).expect(200)).body).toEqual({ admin: true });
    expect((await api().get(API.isAdmin(other.email)).set(bearer(admin.token)).expect(200)).body).toEqual({ admin: false });
    expect((await api().get(API.isAdmin('nobody@example.test')).set(bearer(admin.token)).expect(200)).body).toEqual({ admin: false });
  });

  it('refuses a customer asking about someone else with 403', async () => {
    await api().get(API.isAdmin(admin.email)).set(bearer(other.token)).expect(403);
  });

  it.each(ANONYMOUS_CALLERS)('refuses $label with 401', async ({ headers }) => {
    await api().get(API.isAdmin(other.email)).set(headers).expect(401);
  });
});

describe('GET /user?email=', () => {
  it('answers the caller’s own record and, to an admin, anyone’s', async () => {
    expect((await api().get(API.userRecord(other.email)).set(bearer(other.token)).expect(200)).body).toEqual({
      _id: other.uid,
      email: other.email,
      displayName: other.name,
      role: 'customer',
    });
    expect((await api().get(API.userRecord(other.email)).set(bearer(admin.token)).expect(200)).body._id).toBe(other.uid);
    expectError((await api().get(API.userRecord('nobody@example.test')).set(bearer(admin.token)).expect(404)).body, 'not-found');
  });

  it('refuses another customer’s record with 403', async () => {
    await api().get(API.userRecord(admin.email)).set(bearer(other.token)).expect(403);
  });

  it.each(ANONYMOUS_CALLERS)('refuses $label with 401', async ({ headers }) => {
    await api().get(API.userRecord(other.email)).set(headers).expect(401);
  });

  it('refuses a missing or malformed email with 400', async () => {
    await api().get('/user').set(bearer(other.token)).expect(400);
    await api().get(API.userRecord('nope')).set(bearer(other.token)).expect(400);
  });
});
