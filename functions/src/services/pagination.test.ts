import { FieldPath, Timestamp, type Query, type QueryDocumentSnapshot } from 'firebase-admin/firestore';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_PAGE_SIZE } from '@fridgeparts/common/constants';
import { DOCUMENT_ID_PATTERN } from '@fridgeparts/common/ids';
import { AppError } from '../errors';
import { decodeCursor, encodeCursor, MAX_CURSOR_LENGTH, readPage } from './pagination';

const raw = (json: unknown) => Buffer.from(typeof json === 'string' ? json : JSON.stringify(json)).toString('base64url');
/** Ids the shop creates (DOCUMENT_ID_PATTERN without its lookahead, which fast-check can not generate). */
const docId = fc.stringMatching(/^[A-Za-z0-9_-]{1,128}$/).filter((id) => DOCUMENT_ID_PATTERN.test(id));

/** The one answer to a cursor that is not ours: 400 with the existing message. */
function expectInvalid(cursor: string, field: 'createdAt' | 'priceCents'): void {
  let thrown: unknown;
  try {
    decodeCursor(cursor, field);
  } catch (err) {
    thrown = err;
  }
  expect(thrown).toBeInstanceOf(AppError);
  expect((thrown as AppError).status).toBe(400);
  expect((thrown as AppError).message).toBe('The page cursor is not valid. Start again from the first page.');
}

describe('page cursors', () => {
  it('round-trips every integer sort value and document id', () => {
    fc.assert(
      fc.property(fc.maxSafeInteger(), docId, (value, id) => {
        const cursor = encodeCursor(value, id);
        if (cursor.length > MAX_CURSOR_LENGTH) return; // a 128-character id with a 16-digit price
        expect(decodeCursor(cursor, 'priceCents')).toEqual({ value, id });
      }),
    );
  });

  it('round-trips every timestamp Firestore can hold', () => {
    fc.assert(
      fc.property(fc.integer({ min: -62_135_596_800, max: 253_402_300_799 }), fc.integer({ min: 0, max: 999_999_999 }), docId, (s, n, id) => {
        const cursor = encodeCursor(new Timestamp(s, n), id);
        if (cursor.length > MAX_CURSOR_LENGTH) return;
        const back = decodeCursor(cursor, 'createdAt');
        expect(back.id).toBe(id);
        expect(back.value).toBeInstanceOf(Timestamp);
        expect((back.value as Timestamp).isEqual(new Timestamp(s, n))).toBe(true);
      }),
    );
  });

  it('answers any text with a cursor or a 400, never another error', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.base64String(), fc.json().map(raw), fc.jsonValue().map(raw)),
        fc.constantFrom('createdAt' as const, 'priceCents' as const),
        (text, field) => {
          try {
            decodeCursor(text, field);
          } catch (err) {
            expect(err).toBeInstanceOf(AppError);
            expect((err as AppError).status).toBe(400);
          }
        },
      ),
    );
  });

  it('refuses a value of the wrong type for the sort field', () => {
    expectInvalid(raw([1999, 'abc']), 'createdAt');
    expectInvalid(raw([{ s: 1, n: 0 }, 'abc']), 'priceCents');
    expectInvalid(raw(['1999', 'abc']), 'priceCents');
    expectInvalid(raw([19.99, 'abc']), 'priceCents');
    expectInvalid(raw([null, 'abc']), 'priceCents');
    expectInvalid(raw('[1e400,"abc"]'), 'priceCents');
    expectInvalid(raw([2 ** 53, 'abc']), 'priceCents');
    expectInvalid(raw([{ s: 1, n: 1_000_000_000 }, 'abc']), 'createdAt');
    expectInvalid(raw([{ s: 1, n: -1 }, 'abc']), 'createdAt');
    expectInvalid(raw([{ s: 253_402_300_800, n: 0 }, 'abc']), 'createdAt');
    expectInvalid(raw([{ s: 1.5, n: 0 }, 'abc']), 'createdAt');
    expectInvalid(raw([{ s: 1, n: 0, x: 1 }, 'abc']), 'createdAt');
    expectInvalid(raw([{ s: 1 }, 'abc']), 'createdAt');
  });

  it('refuses ids Firestore would reject or the shop never creates, and other shapes', () => {
    for (const id of ['', 'a/b', '__name__', '.', '..', 'x'.repeat(129), 'tool id', 'ünï', 42, null]) expectInvalid(raw([1999, id]), 'priceCents');
    expectInvalid(raw([1999]), 'priceCents');
    expectInvalid(raw([1999, 'abc', 'more']), 'priceCents');
    expectInvalid(raw({ 0: 1999, 1: 'abc' }), 'priceCents');
    expectInvalid(raw('not json'), 'priceCents');
    expectInvalid('', 'priceCents');
    expectInvalid(`${raw([1999, 'abc'])}=`, 'priceCents');
    expectInvalid('a+b/c', 'priceCents');
    expectInvalid('A'.repeat(MAX_CURSOR_LENGTH + 1), 'priceCents');
  });
});

/** A stand-in Query that records the calls readPage makes and answers `docs` to get(). */
function fakeQuery(docs: { id: string; priceCents: number }[]) {
  const calls: unknown[][] = [];
  const q = {
    orderBy: (...a: unknown[]) => (calls.push(['orderBy', ...a]), q),
    startAfter: (...a: unknown[]) => (calls.push(['startAfter', ...a]), q),
    limit: (n: number) => (calls.push(['limit', n]), { ...q, get: async () => (calls.push(['get']), snap(docs.slice(0, n))) }),
    get: async () => (calls.push(['get']), snap(docs)),
  };
  const snap = (list: typeof docs) => ({ docs: list.map((d) => ({ id: d.id, get: (f: string) => (f === 'priceCents' ? d.priceCents : undefined) })) });
  return { query: q as unknown as Query<{ priceCents: number }>, calls };
}

describe('readPage', () => {
  const docs = Array.from({ length: 5 }, (_, i) => ({ id: `t${i}`, priceCents: 500 }));
  const map = (d: QueryDocumentSnapshot<{ priceCents: number }>) => d.id;

  it('runs one query of size + 1 after the cursor and hands out the last item as the next cursor', async () => {
    const { query, calls } = fakeQuery(docs);
    const page = await readPage({ query, field: 'priceCents', dir: 'asc', limit: 2, cursor: encodeCursor(500, 'a0'), map });
    expect(calls).toEqual([['orderBy', 'priceCents', 'asc'], ['orderBy', FieldPath.documentId(), 'asc'], ['startAfter', 500, 'a0'], ['limit', 3], ['get']]);
    expect(page).toEqual({ items: ['t0', 't1'], nextCursor: encodeCursor(500, 't1') });
  });

  it('ends without a cursor when no document is left after the page', async () => {
    const { query, calls } = fakeQuery(docs.slice(0, 2));
    expect(await readPage({ query, field: 'priceCents', dir: 'desc', limit: 2, cursor: undefined, map })).toEqual({ items: ['t0', 't1'], nextCursor: null });
    expect(calls.filter((c) => c[0] === 'get')).toHaveLength(1);
  });

  it('reads a whole page (MAX_PAGE_SIZE) when the client asks for no size: no list is unbounded', async () => {
    const { query, calls } = fakeQuery(docs);
    await readPage({ query, field: 'priceCents', dir: 'asc', limit: undefined, cursor: undefined, map });
    expect(calls).toContainEqual(['limit', MAX_PAGE_SIZE + 1]);
  });

  it('refuses a bad cursor before any query runs', async () => {
    const { query, calls } = fakeQuery(docs);
    await expect(readPage({ query, field: 'priceCents', dir: 'asc', limit: 2, cursor: raw([500, 'a/b']), map })).rejects.toMatchObject({ status: 400 });
    expect(calls.some((c) => c[0] === 'get')).toBe(false);
  });
});
