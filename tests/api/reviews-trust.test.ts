import fc from 'fast-check';
import { Timestamp } from 'firebase-admin/firestore';
import { beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../common/src/api-paths';
import { api, bearer } from '../support/api';
import type { TestUser } from '../support/auth';
import { db, makeTool } from '../support/firestore';
import { ADMIN, ANONYMOUS_CALLERS, CUSTOMER, dumpFirestore, expectError, useCast } from './fixtures';

/** CONTRACT §9, review images and hidden reviews. */
const { customer, admin } = useCast({ customer: CUSTOMER, admin: ADMIN });
let toolId: string;

beforeAll(async () => {
  toolId = await makeTool();
});

const GOOD = { image: 'https://example.test/me.jpg', review: 5, description: 'Good part.' };
const post = (user: TestUser, body: Record<string, unknown>) =>
  api()
    .post(API.addReview)
    .set(bearer(user.token))
    .send({ ...GOOD, ...body });
const hide = (id: string, user?: TestUser) => {
  const req = api().delete(API.hideReview(id));
  return user ? req.set(bearer(user.token)) : req;
};
const homeIds = async () => ((await api().get(API.reviews).expect(200)).body as { _id: string }[]).map((r) => r._id);
const toolIds = async () => ((await api().get(`${API.reviews}?toolId=${toolId}`).expect(200)).body as { _id: string }[]).map((r) => r._id);

describe('review images (CONTRACT §9)', () => {
  it.each(['https://cdn.example.test/a.png', '/images/reviewers/3.svg'])('takes %s', async (image) => {
    expect((await post(customer, { image }).expect(201)).body.image).toBe(image);
  });

  it.each([
    ['http:', 'http://example.test/me.jpg'],
    ['javascript:', 'javascript:alert(document.cookie)'],
    ['data:', 'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4='],
    ['protocol-relative', '//evil.example.test/me.jpg'],
    ['a path outside /images/', '/api/users/profile'],
    ['a path climbing out of /images/', '/images/../api/users/profile'],
  ])('refuses a %s image with 400 naming image, changing nothing', async (_label, image) => {
    const before = await dumpFirestore();
    const res = await post(customer, { image }).expect(400);
    expectError(res.body, 'invalid-argument', /Image must be an https:\/\/ URL or a path under \/images\//);
    expect(Object.keys(res.body.error.fields)).toEqual(['image']);
    expect(await dumpFirestore()).toEqual(before);
  });

  it('refuses generated non-https and outside-/images/ images, changing nothing', async () => {
    const segment = fc.stringMatching(/^[\w.-]{1,12}$/);
    const bad = fc.oneof(
      fc.webUrl({ validSchemes: ['http', 'ftp', 'ws', 'file'] }),
      fc
        .tuple(fc.constantFrom('javascript:', 'JavaScript:', 'data:', 'vbscript:', 'blob:', 'HTTP://'), fc.string({ minLength: 1, maxLength: 30 }))
        .map(([s, r]) => s + r.trim() + 'x'),
      fc.domain().map((d) => `//${d}/a.png`),
      fc
        .array(segment, { minLength: 1, maxLength: 4 })
        .filter((s) => s[0] !== 'images')
        .map((s) => `/${s.join('/')}`),
      fc.array(segment, { maxLength: 3 }).map((s) => ['/images', '..', ...s].join('/')),
    );
    const before = await dumpFirestore();
    await fc.assert(
      fc.asyncProperty(bad, async (image) => {
        const res = await post(customer, { image });
        expect(res.status).toBe(400);
        expect(res.body.error.fields).toHaveProperty('image');
      }),
      { numRuns: 40 },
    );
    expect(await dumpFirestore()).toEqual(before);
  });

  it('a review stored earlier with another image is served without it', async () => {
    const ref = db.collection('reviews').doc();
    await ref.set({
      image: 'http://tracker.example.test/p.gif',
      review: 4,
      description: 'Old one.',
      userName: 'Old Timer',
      toolId: null,
      verifiedBuyer: false,
      createdAt: Timestamp.now(),
    });
    const found = ((await api().get(API.reviews).expect(200)).body as { _id: string; image: string }[]).find((r) => r._id === ref.id);
    expect(found).toMatchObject({ image: '', userName: 'Old Timer' });
  });
});

describe('DELETE /reviews/{id} (admin hides a review)', () => {
  it('takes it off the home page and the tool page at once, keeps it for the record, and is idempotent', async () => {
    const kept = (await post(customer, { toolId, description: 'Stays.' }).expect(201)).body._id as string;
    const id = (await post(customer, { toolId, description: 'Goes.' }).expect(201)).body._id as string;
    expect(await homeIds()).toContain(id);
    expect(await toolIds()).toContain(id);

    const res = await hide(id, admin).expect(200);
    expect(res.body).toEqual({ _id: id, hidden: true, hiddenAt: expect.any(String) });
    expect(await homeIds()).not.toContain(id);
    expect(await toolIds()).not.toContain(id);
    expect(await homeIds()).toContain(kept);
    expect(await toolIds()).toContain(kept);

    const stored = (await db.collection('hiddenReviews').doc(id).get()).data();
    expect(stored).toMatchObject({ description: 'Goes.', toolId, hiddenBy: admin.uid });
    expect((await db.collection('reviews').doc(id).get()).exists).toBe(false);
    expect((await db.collection('reviewAuthors').doc(id).get()).data()).toMatchObject({ uid: customer.uid });

    // Again: the same answer, nothing changes.
    const before = await dumpFirestore();
    expect((await hide(id, admin).expect(200)).body).toEqual(res.body);
    expect(await dumpFirestore()).toEqual(before);
  });

  it('refuses a customer with 403, changing nothing', async () => {
    const id = (await post(customer, {}).expect(201)).body._id as string;
    const before = await dumpFirestore();
    expectError((await hide(id, customer).expect(403)).body, 'permission-denied');
    expect(await dumpFirestore()).toEqual(before);
    expect(await homeIds()).toContain(id);
  });

  it.each(ANONYMOUS_CALLERS)('refuses $label with 401, changing nothing', async ({ headers }) => {
    const id = (await post(customer, {}).expect(201)).body._id as string;
    const before = await dumpFirestore();
    await api().delete(API.hideReview(id)).set(headers).expect(401);
    expect(await dumpFirestore()).toEqual(before);
  });

  it('answers 404 for an id that is no review', async () => {
    expectError((await hide('no-such-review', admin).expect(404)).body, 'not-found', /no review/);
  });

  it.each(['a..b', 'bad id', '__x__', 'x'.repeat(129)])('answers 400 for the malformed id %j', async (id) => {
    const before = await dumpFirestore();
    expectError((await hide(id, admin).expect(400)).body, 'invalid-argument', /Review id is not a valid id/);
    expect(await dumpFirestore()).toEqual(before);
  });
});
