import { describe, expect, it } from 'vitest';
import { API } from '../../common/src/api-paths';
import { api, bearer } from '../support/api';
import { db } from '../support/firestore';
import { ANONYMOUS_CALLERS, dumpFirestore, expectError, useCast } from './fixtures';

const { author } = useCast({ author: { name: 'Riley Reviewer' } });

const GOOD_REVIEW = { image: 'https://example.test/me.jpg', review: '5', description: 'Parts arrived well packed and on time.' };
const post = (body: Record<string, unknown>) => api().post(API.addReview).set(bearer(author.token)).send(body);

describe('POST /reviews', () => {
  it('adds a review with the author’s name from the token; it shows first on the home page', async () => {
    await post({ ...GOOD_REVIEW, description: 'An older review.' }).expect(201);
    const res = await post({ ...GOOD_REVIEW, userName: 'Mallory', uid: 'someone-else', createdAt: '1999-01-01' }).expect(201);
    expect(res.body).toMatchObject({ review: 5, userName: 'Riley Reviewer', description: GOOD_REVIEW.description, image: GOOD_REVIEW.image });
    const stored = (await db.collection('reviews').doc(res.body._id).get()).data()!;
    expect(stored).toMatchObject({ userName: 'Riley Reviewer' });
    // The world-readable review holds no uid; the author is kept where no client can read.
    expect(stored).not.toHaveProperty('uid');
    expect((await db.collection('reviewAuthors').doc(res.body._id).get()).data()).toMatchObject({ uid: author.uid });
    expect(stored.createdAt.toDate().getFullYear()).toBeGreaterThan(2000);
    const list = await api().get(API.reviews).expect(200);
    expect(list.body[0]._id).toBe(res.body._id);
  });

  it.each([
    ['rating 0', { review: 0 }, /Rating must be a whole number from 1 to 5/],
    ['rating 6', { review: '6' }, /Rating must be a whole number from 1 to 5/],
    ['a fractional rating', { review: 4.5 }, /whole number/],
    ['a rating that is text', { review: 'great' }, /Rating must be a whole number/],
    ['no image', { image: undefined }, /Image is required/],
    ['an image that is not a URL', { image: 'my face' }, /Image must be an https:\/\/ URL/],
    ['a javascript: image', { image: 'javascript:alert(1)' }, /Image must be an https:\/\/ URL/],
    ['no description', { description: '' }, /Description is required/],
    ['a description too long', { description: 'x'.repeat(1001) }, /too long/],
  ])('refuses %s with 400 and a message, changing nothing', async (_label, over, message) => {
    const before = await dumpFirestore();
    expectError((await post({ ...GOOD_REVIEW, ...over }).expect(400)).body, 'invalid-argument', message);
    expect(await dumpFirestore()).toEqual(before);
  });

  it.each(ANONYMOUS_CALLERS)('refuses $label with 401, changing nothing', async ({ headers }) => {
    const before = await dumpFirestore();
    await api().post(API.addReview).set(headers).send(GOOD_REVIEW).expect(401);
    expect(await dumpFirestore()).toEqual(before);
  });
});
