import { FieldPath, Timestamp, type Query, type QueryDocumentSnapshot } from 'firebase-admin/firestore';
import { z } from 'zod';
import { DOCUMENT_ID_PATTERN } from '@fridgeparts/common/ids';
import { MAX_PAGE_SIZE } from '@fridgeparts/common/constants';
import { badRequest } from '../errors';

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/**
 * The fields a list may sort by and the type each holds: a cursor must carry a value of that type
 * (a crafted number on a date field, or a date on the price, is a 400, not a query Firestore would
 * answer across types).
 */
export const SORT_FIELDS = { createdAt: 'timestamp', priceCents: 'integer' } as const;
export type SortField = keyof typeof SORT_FIELDS;
type SortKind = (typeof SORT_FIELDS)[SortField];

/** The range of a Firestore Timestamp (0001-01-01 to 9999-12-31 UTC): outside it the SDK throws. */
const MIN_SECONDS = -62_135_596_800;
const MAX_SECONDS = 253_402_300_799;
/** A cursor is base64url text; the query string already caps it at 200 characters (pageQuerySchema). */
export const MAX_CURSOR_LENGTH = 200;
const BASE64URL = /^[A-Za-z0-9_-]+$/;
const INVALID_CURSOR = 'The page cursor is not valid. Start again from the first page.';

/**
 * A cursor's document id: one the shop could have created (DOCUMENT_ID_PATTERN: no "/", no
 * "__x__", at most 128 characters), so Firestore's SDK never refuses the startAfter (a 5xx).
 */
const cursorId = z.string().regex(DOCUMENT_ID_PATTERN);
const VALUE_SCHEMA: Record<SortKind, z.ZodType<number | { s: number; n: number }>> = {
  integer: z.number().int().min(Number.MIN_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER),
  timestamp: z.strictObject({ s: z.number().int().min(MIN_SECONDS).max(MAX_SECONDS), n: z.number().int().min(0).max(999_999_999) }),
};
const CURSOR_SCHEMA: Record<SortKind, z.ZodType<[number | { s: number; n: number }, string]>> = {
  integer: z.tuple([VALUE_SCHEMA.integer, cursorId]),
  timestamp: z.tuple([VALUE_SCHEMA.timestamp, cursorId]),
};

export interface Cursor {
  value: number | Timestamp;
  id: string;
}

/** The opaque cursor of the item a page ended with: base64url of the JSON [value, id]. */
export function encodeCursor(value: unknown, id: string): string {
  let encoded: number | { s: number; n: number };
  if (value instanceof Timestamp) encoded = { s: value.seconds, n: value.nanoseconds };
  else if (typeof value === 'number') encoded = value;
  else throw new Error('Pagination sorts only by numbers or timestamps');
  return Buffer.from(JSON.stringify([encoded, id])).toString('base64url');
}

/**
 * A cursor a client sent back, checked strictly against the sort field's type; anything else is
 * 400 with one message (never a 5xx, never a query of unbounded cost).
 */
export function decodeCursor(cursor: string, field: SortField): Cursor {
  const invalid = () => badRequest(INVALID_CURSOR);
  if (cursor.length > MAX_CURSOR_LENGTH || !BASE64URL.test(cursor)) throw invalid();
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  const parsed = CURSOR_SCHEMA[SORT_FIELDS[field]].safeParse(json);
  if (!parsed.success) throw invalid();
  const [v, id] = parsed.data;
  return { value: typeof v === 'number' ? v : new Timestamp(v.s, v.n), id };
}

export interface PageRequest<D, T> {
  /** The filtered query, without ordering. */
  query: Query<D>;
  field: SortField & keyof D;
  dir: 'asc' | 'desc';
  /**
   * The page size the client asked for; absent, a whole page of MAX_PAGE_SIZE (decision 0037).
   * Every list is paged, so no read is unbounded.
   */
  limit: number | undefined;
  cursor: string | undefined;
  map: (doc: QueryDocumentSnapshot<D>) => T;
}

/**
 * One page of an ordered query, keyset-paginated on (field, document id) with Firestore's own
 * cursor: orderBy(field).orderBy(documentId()).startAfter(value, id).limit(size + 1). One query
 * of at most size + 1 documents, whatever the cursor and however many items tie on the sort value
 * (CONTRACT §9, docs/decisions/0037-bounded-paging.md); the extra document only says whether a
 * next page exists. The document id breaks ties, so every item appears exactly once across pages.
 */
export async function readPage<D, T>(req: PageRequest<D, T>): Promise<Page<T>> {
  const { field, dir } = req;
  const limit = req.limit ?? MAX_PAGE_SIZE;
  let q = req.query.orderBy(field, dir).orderBy(FieldPath.documentId(), dir);
  if (req.cursor !== undefined) {
    const after = decodeCursor(req.cursor, field);
    q = q.startAfter(after.value, after.id);
  }
  const docs = (await q.limit(limit + 1).get()).docs;
  const pageDocs = docs.slice(0, limit);
  const last = pageDocs[pageDocs.length - 1];
  const more = docs.length > limit && last !== undefined;
  return { items: pageDocs.map(req.map), nextCursor: more ? encodeCursor(last.get(field), last.id) : null };
}
