/**
 * Reviews straight from Firestore (live), lazy-loaded by use-reviews.ts only when the stack reads
 * the catalogue from Firestore, so the SDK never weighs on the home page's first paint.
 */
import { collection, limit, onSnapshot, orderBy, query, where, type Timestamp } from 'firebase/firestore';
import { MAX_PAGE_SIZE } from '@fridgeparts/common/constants';
import { reviewFromDoc, type ReviewDoc } from '@fridgeparts/common/documents/reviews';
import type { Review } from '@fridgeparts/common/review.answers';
import { firestore } from '../../../lib/infra/firestore-client';

/**
 * Newest first; with `toolId` only that tool's (index reviews toolId + createdAt desc). At most
 * MAX_PAGE_SIZE (100): firestore.rules refuses a list of reviews that asks for more, or for no limit.
 */
export function watchReviews(count: number, toolId: string | null, onData: (reviews: Review[]) => void, onError: (e: Error) => void): () => void {
  const base = collection(firestore(), 'reviews');
  const bounded = limit(Math.min(count, MAX_PAGE_SIZE));
  const q = toolId ? query(base, where('toolId', '==', toolId), orderBy('createdAt', 'desc'), bounded) : query(base, orderBy('createdAt', 'desc'), bounded);
  return onSnapshot(q, (snap) => onData(snap.docs.map((d) => reviewFromDoc(d.id, d.data() as ReviewDoc<Timestamp>))), onError);
}
