import { beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../common/src/api-paths';
import { api, bearer } from '../support/api';
import type { TestUser } from '../support/auth';
import { db } from '../support/firestore';
import { ADMIN, ANONYMOUS_CALLERS, CUSTOMER, dumpFirestore, expectError, useCast } from './fixtures';

const { owner, other, admin } = useCast({ owner: { name: 'Casey Customer' }, other: CUSTOMER, admin: ADMIN });

const GOOD_PROFILE = {
  education: 'BSc Mechanical Engineering',
  location: 'Springfield, IL',
  phone: '+1 555 010 2030',
  linkedlnProfile: 'https://www.linkedin.com/in/casey',
};
const save = (user: TestUser, body: Record<string, unknown>) => api().put(API.saveProfile).set(bearer(user.token)).send(body);

describe('PUT /api/users/profile', () => {
  it('upserts one profile per user, name and email from the token, unknown fields ignored', async () => {
    const res = await save(owner, { ...GOOD_PROFILE, name: 'Mallory', email: 'mallory@example.test', uid: other.uid, role: 'admin' }).expect(200);
    expect(res.body).toEqual({ _id: owner.uid, name: 'Casey Customer', email: owner.email, ...GOOD_PROFILE });
    await save(owner, { ...GOOD_PROFILE, location: 'Chicago, IL' }).expect(200);
    const docs = await db.collection('profiles').where('email', '==', owner.email).get();
    expect(docs.size).toBe(1);
    expect(docs.docs[0].data()).toMatchObject({ uid: owner.uid, location: 'Chicago, IL' });
    expect(docs.docs[0].data()).not.toHaveProperty('role');
  });

  it.each([
    ['no education', { education: undefined }, /Education is required/],
    ['a blank location', { location: '   ' }, /Location is required/],
    ['a phone that is not one', { phone: 'ring me' }, /Phone number must be a phone number/],
    ['a number for the phone', { phone: 5550102030 }, /Phone number is required/],
    ['a link that is not LinkedIn', { linkedlnProfile: 'https://evil.test/in/casey' }, /Linkedin profile must be/],
    ['an http LinkedIn link', { linkedlnProfile: 'http://linkedin.com/in/casey' }, /Linkedin profile must be/],
  ])('refuses %s with 400 and a message, changing nothing', async (_label, over, message) => {
    const before = await dumpFirestore();
    expectError((await save(other, { ...GOOD_PROFILE, ...over }).expect(400)).body, 'invalid-argument', message);
    expect(await dumpFirestore()).toEqual(before);
  });

  it.each(ANONYMOUS_CALLERS)('refuses $label with 401, changing nothing', async ({ headers }) => {
    const before = await dumpFirestore();
    await api().put(API.saveProfile).set(headers).send(GOOD_PROFILE).expect(401);
    expect(await dumpFirestore()).toEqual(before);
  });
});

describe('GET /userProfile?email=', () => {
  beforeAll(async () => {
    await save(owner, GOOD_PROFILE).expect(200);
  });

  it('answers the owner a list of their one profile, and [] to someone without one', async () => {
    const res = await api().get(API.userProfile(owner.email)).set(bearer(owner.token)).expect(200);
    expect(res.body).toEqual([expect.objectContaining({ _id: owner.uid, email: owner.email, name: 'Casey Customer' })]);
    expect((await api().get(API.userProfile(other.email)).set(bearer(other.token)).expect(200)).body).toEqual([]);
  });

  it('answers an admin about anyone', async () => {
    const res = await api().get(API.userProfile(owner.email)).set(bearer(admin.token)).expect(200);
    expect(res.body).toHaveLength(1);
  });

  it('refuses another customer with 403', async () => {
    expectError((await api().get(API.userProfile(owner.email)).set(bearer(other.token)).expect(403)).body, 'permission-denied');
  });

  it.each(ANONYMOUS_CALLERS)('refuses $label with 401', async ({ headers }) => {
    await api().get(API.userProfile(owner.email)).set(headers).expect(401);
  });

  it('refuses a missing or malformed email with 400', async () => {
    await api().get('/userProfile').set(bearer(owner.token)).expect(400);
    await api().get(API.userProfile('nope')).set(bearer(owner.token)).expect(400);
  });
});
