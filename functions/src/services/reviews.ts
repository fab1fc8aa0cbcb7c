import { Timestamp, type QueryDocumentSnapshot } from 'firebase-admin/firestore';
import { reviewFromDoc } from '@fridgeparts/common/documents/reviews';
import type { Review, ReviewInput, ReviewListQuery } from '@fridgeparts/common/review';
import { collections, type ReviewDoc } from '../data/firestore';
import { notFound } from '../errors';
import { bookingStateOf } from '@fridgeparts/common/documents/bookings';
import { readPage, type Page } from './pagination';
import { MAX_PAGE_SIZE } from '@fridgeparts/common/constants';

function toReview(doc: QueryDocumentSnapshot<ReviewDoc>): Review {
  return reviewFromDoc(doc.id, doc.data());
}

/** GET /reviewsget: newest first (SPEC §7); with toolId only that tool's (index toolId + createdAt desc). */
export async function listReviews(query: ReviewListQuery): Promise<Page<Review>> {
  const base = query.toolId ? collections.reviews().where('toolId', '==', query.toolId) : collections.reviews();
  return readPage({ query: base, field: 'createdAt', dir: 'desc', limit: query.limit ?? MAX_PAGE_SIZE, cursor: query.cursor, map: toReview });
}

/**
 * A reviewer is a verified buyer of a tool when one of their orders holding it was paid (and not
 * refunded): any line of an order (`toolIds`, index bookings uid + toolIds), or the one tool of a
 * booking stored before orders had lines.
 */
async function boughtTool(uid: string, toolId: string): Promise<boolean> {
  const mine = collections.bookings().where('uid', '==', uid);
  const [withLines, older] = await Promise.all([mine.where('toolIds', 'array-contains', toolId).limit(50).get(), mine.where('toolId', '==', toolId).limit(50).get()]);
  return [...withLines.docs, ...older.docs].some((d) => ['paid', 'shipped'].includes(bookingStateOf(d.data())));
}

export async function addReview(input: ReviewInput, author: { uid: string; name: string }): Promise<Review> {
  const ref = collections.reviews().doc();
  const createdAt = Timestamp.now();
  // The public review carries no uid (issue 8: world-readable documents hold public fields only).
  let verifiedBuyer = false;
  if (input.toolId) {
    if (!(await collections.tools().doc(input.toolId).get()).exists) throw notFound(`There is no tool with id "${input.toolId}".`);
    verifiedBuyer = await boughtTool(author.uid, input.toolId);
  }
  const batch = ref.firestore.batch();
  const doc: ReviewDoc = { image: input.image, review: input.review, description: input.description, userName: author.name, toolId: input.toolId ?? null, verifiedBuyer, createdAt };
  batch.create(ref, doc);
  batch.create(collections.reviewAuthors().doc(ref.id), { uid: author.uid, createdAt });
  await batch.commit();
  return toReview((await ref.get()) as QueryDocumentSnapshot<ReviewDoc>);
}
