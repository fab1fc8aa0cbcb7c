import type { Query, QueryDocumentSnapshot } from 'firebase-admin/firestore';
import { badRequest } from '../errors';

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/**
 * Runs one page of an ordered query: reads limit + 1 documents to learn whether more exist, so
 * cost grows with the page size, never with the collection. The cursor is the last document's id.
 */
export async function readPage<D, T>(
  query: Query<D>,
  limit: number | undefined,
  cursor: string | undefined,
  startAfterDoc: (id: string) => Promise<QueryDocumentSnapshot<D> | null>,
  map: (doc: QueryDocumentSnapshot<D>) => T,
): Promise<Page<T>> {
  let q = query;
  if (cursor) {
    const after = await startAfterDoc(cursor);
    if (!after) throw badRequest('The page cursor is not valid any more. Start again from the first page.');
    q = q.startAfter(after);
  }
  if (limit === undefined) {
    const snap = await q.get();
    return { items: snap.docs.map(map), nextCursor: null };
  }
  const snap = await q.limit(limit + 1).get();
  const docs = snap.docs.slice(0, limit);
  return { items: docs.map(map), nextCursor: snap.docs.length > limit ? docs[docs.length - 1].id : null };
}
