import { Timestamp, type QueryDocumentSnapshot } from 'firebase-admin/firestore';
import type { Review, ReviewInput } from '@fridgeparts/common/review';
import type { PageQuery } from '@fridgeparts/common/pagination';
import { collections, isoTime, type ReviewDoc } from '../data/firestore';
import { readPage, type Page } from './pagination';

function toReview(doc: QueryDocumentSnapshot<ReviewDoc>): Review {
  const r = doc.data();
  return { _id: doc.id, image: r.image, review: r.review, description: r.description, userName: r.userName, createdAt: isoTime(r.createdAt) };
}

/** GET /reviewsget: newest first (SPEC §7). */
export async function listReviews(query: PageQuery): Promise<Page<Review>> {
  return readPage({ query: collections.reviews(), field: 'createdAt', dir: 'desc', limit: query.limit, cursor: query.cursor, map: toReview });
}

export async function addReview(input: ReviewInput, author: { uid: string; name: string }): Promise<Review> {
  const ref = collections.reviews().doc();
  await ref.set({ ...input, uid: author.uid, userName: author.name, createdAt: Timestamp.now() });
  return toReview((await ref.get()) as QueryDocumentSnapshot<ReviewDoc>);
}
