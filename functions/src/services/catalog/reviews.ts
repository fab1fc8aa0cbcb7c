import { Timestamp, type QueryDocumentSnapshot } from 'firebase-admin/firestore';
import { reviewFromDoc } from '@fridgeparts/common/documents/reviews';
import type { ReviewInput, ReviewListQuery } from '@fridgeparts/common/review';
import type { Review } from '@fridgeparts/common/review.answers';
import { collections, isoTime, type ReviewDoc } from '../../data/firestore';
import type { HiddenReviewResponse } from '@fridgeparts/common/responses';
import { notFound } from '../../errors';
import { bookingStateOf } from '@fridgeparts/common/documents/bookings';
import { readPage, type Page } from '../pagination';

function toReview(doc: QueryDocumentSnapshot<ReviewDoc>): Review {
  return reviewFromDoc(doc.id, doc.data());
}

/** GET /reviewsget: newest first (SPEC §7); with toolId only that tool's (index toolId + createdAt desc). */
export async function listReviews(query: ReviewListQuery): Promise<Page<Review>> {
  const base = query.toolId ? collections.reviews().where('toolId', '==', query.toolId) : collections.reviews();
  return readPage({ query: base, field: 'createdAt', dir: 'desc', limit: query.limit, cursor: query.cursor, map: toReview });
}

/**
 * A reviewer is a verified buyer of a tool when one of their orders holding it was paid (and not
 * refunded): any line of an order (`toolIds`, index bookings uid + toolIds), or the one tool of a
 * booking stored before orders had lines.
 */
async function boughtTool(uid: string, toolId: string): Promise<boolean> {
  const mine = collections.bookings().where('uid', '==', uid);
  const [withLines, older] = await Promise.all([
    mine.where('toolIds', 'array-contains', toolId).limit(50).get(),
    mine.where('toolId', '==', toolId).limit(50).get(),
  ]);
  return [...withLines.docs, ...older.docs].some((d) => ['paid', 'shipped', 'partially-shipped', 'delivered'].includes(bookingStateOf(d.data())));
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
  const doc: ReviewDoc = {
    image: input.image,
    review: input.review,
    description: input.description,
    userName: author.name,
    toolId: input.toolId ?? null,
    verifiedBuyer,
    createdAt,
  };
  batch.create(ref, doc);
  batch.create(collections.reviewAuthors().doc(ref.id), { uid: author.uid, createdAt });
  await batch.commit();
  return toReview((await ref.get()) as QueryDocumentSnapshot<ReviewDoc>);
}

/**
 * DELETE /reviews/{id} (admin, CONTRACT §9). The review is moved, in one transaction, from
 * `reviews` to `hiddenReviews` with who hid it and when, rather than flagged `hidden: true` where
 * it is: every reader of `reviews` (GET /reviewsget, the tool page, the web's live Firestore
 * query, the rules' world-readable list) then leaves it out with no filter to add, no composite
 * index (a flag would need hidden + createdAt and hidden + toolId + createdAt, and reviews stored
 * before the flag would have no field for `where('hidden', '==', false)` to match), and no
 * client can still read it from Firestore. The audit trail is kept whole (the review as it was,
 * hiddenBy, hiddenAt; reviewAuthors still says who wrote it), and an admin could move it back.
 * Hiding again answers the same (idempotent); an id that was never a review is 404.
 */
export async function hideReview(id: string, admin: { uid: string }): Promise<HiddenReviewResponse> {
  const ref = collections.reviews().doc(id);
  const hiddenRef = collections.hiddenReviews().doc(id);
  return ref.firestore.runTransaction(async (tx) => {
    const [review, hidden] = await Promise.all([tx.get(ref), tx.get(hiddenRef)]);
    const data = review.data();
    if (!data) {
      const before = hidden.data();
      if (!before) throw notFound(`There is no review with id "${id}".`);
      return { _id: id, hidden: true, hiddenAt: isoTime(before.hiddenAt) };
    }
    const hiddenAt = Timestamp.now();
    tx.set(hiddenRef, { ...data, hiddenAt, hiddenBy: admin.uid });
    tx.delete(ref);
    return { _id: id, hidden: true, hiddenAt: isoTime(hiddenAt) };
  });
}
