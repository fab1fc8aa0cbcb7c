/**
 * Reviews straight from Firestore (live), lazy-loaded by use-reviews.ts only when the stack reads
 * the catalogue from Firestore, so the SDK never weighs on the home page's first paint.
 */
import { collection, limit, onSnapshot, orderBy, query, type Timestamp } from 'firebase/firestore';
import type { Review } from '@fridgeparts/common/review';
import { firestore } from '../../../lib/firestore-client';

interface Stored {
  image: string;
  review: number;
  description: string;
  userName: string;
  createdAt?: Timestamp | null;
}

export function watchReviews(count: number, onData: (reviews: Review[]) => void, onError: (e: Error) => void): () => void {
  const q = query(collection(firestore(), 'reviews'), orderBy('createdAt', 'desc'), limit(count));
  return onSnapshot(
    q,
    (snap) =>
      onData(
        snap.docs.map((d) => {
          const r = d.data() as Stored;
          return {
            _id: d.id,
            image: r.image,
            review: r.review,
            description: r.description,
            userName: r.userName,
            createdAt: (r.createdAt?.toDate() ?? new Date(0)).toISOString(),
          };
        }),
      ),
    onError,
  );
}
