import { Timestamp, type QueryDocumentSnapshot } from 'firebase-admin/firestore';
import type { Review, ReviewInput } from '@fridgeparts/common/review';
import type { PageQuery } from '@fridgeparts/common/pagination';
import { collections, isoTime, type ReviewDoc } from '../data/firestore';
import { readPage, type Page } from './pagination';
import { MAX_PAGE_SIZE } from '@fridgeparts/common/constants';

function toReview(doc: QueryDocumentSnapshot<ReviewDoc>): Review {
  const r = doc.data();
  return { _id: doc.id, image: r.image, review: r.review, description: r.description, userName: r.userName, createdAt: isoTime(r.createdAt) };
}

/** GET /reviewsget: newest first (SPEC §7). */
export async function listReviews(query: PageQuery): Promise<Page<Review>> {
  return readPage({ query: collections.reviews(), field: 'createdAt', dir: 'desc', limit: query.limit ?? MAX_PAGE_SIZE, cursor: query.cursor, map: toReview });
}

export async function addReview(input: ReviewInput, author: { uid: string; name: string }): Promise<Review> {
  const ref = collections.reviews().doc();
  const createdAt = Timestamp.now();
  // The public review carries no uid (issue 8: world-readable documents hold public fields only).
  const batch = ref.firestore.batch();
  batch.create(ref, { ...input, userName: author.name, createdAt });
  batch.create(collections.reviewAuthors().doc(ref.id), { uid: author.uid, createdAt });
  await batch.commit();
  return toReview((await ref.get()) as QueryDocumentSnapshot<ReviewDoc>);
}
