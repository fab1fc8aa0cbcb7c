/**
 * Reviews straight from Firestore (live), lazy-loaded by use-reviews.ts only when the stack reads
 * the catalogue from Firestore, so the SDK never weighs on the home page's first paint.
 */
import { collection, limit, onSnapshot, orderBy, query, where, type Timestamp } from 'firebase/firestore';
import { reviewFromStored, type Review } from '@fridgeparts/common/review';
import { firestore } from '../../../lib/firestore-client';

interface Stored {
  image: string;
  review: number;
  description: string;
  userName: string;
  toolId?: string | null;
  verifiedBuyer?: boolean;
  createdAt?: Timestamp | null;
}

/** Newest first; with `toolId` only that tool's (index reviews toolId + createdAt desc). */
export function watchReviews(count: number, toolId: string | null, onData: (reviews: Review[]) => void, onError: (e: Error) => void): () => void {
  const base = collection(firestore(), 'reviews');
  const q = toolId ? query(base, where('toolId', '==', toolId), orderBy('createdAt', 'desc'), limit(count)) : query(base, orderBy('createdAt', 'desc'), limit(count));
  return onSnapshot(q, (snap) => onData(snap.docs.map((d) => reviewFromStored(d.id, d.data() as Stored))), onError);
}
