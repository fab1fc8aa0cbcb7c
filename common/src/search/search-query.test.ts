import { describe, expect, it } from 'vitest';
import { decodeSearchCursor, encodeSearchCursor, MAX_SEARCH_OFFSET, searchQuerySchema } from './search-query';

const parse = (query: Record<string, unknown>) => searchQuerySchema.safeParse(query);
const message = (query: Record<string, unknown>) => parse(query).error?.issues[0]?.message;

describe('GET /search query (CONTRACT §11)', () => {
  it('reads text, filters as lists of alternatives, a sort, a cursor and a limit', () => {
    const cursor = encodeSearchCursor(40);
    expect(parse({ q: ' fp cmp ', category: 'compressors', 'spec.voltage': ['115', '230'], sort: 'price-asc', cursor, limit: '20' }).data).toEqual({
      q: 'fp cmp',
      category: ['compressors'],
      specs: { voltage: ['115', '230'] },
      sort: 'price-asc',
      offset: 40,
      limit: 20,
    });
    expect(parse({}).data).toEqual({ q: '', category: [], specs: {}, offset: 0, limit: 20 });
  });

  it('refuses text over 200 characters, control characters, unknown keys, an unknown sort and a bad limit', () => {
    expect(parse({ q: 'x'.repeat(200) }).success).toBe(true);
    expect(message({ q: 'x'.repeat(201) })).toMatch(/too long/);
    expect(message({ q: 'gasket\u0000' })).toMatch(/not valid text/);
    expect(message({ 'spec.colour': 'red' })).toMatch(/Unknown spec key "colour"/);
    expect(message({ color: 'red' })).toMatch(/Unknown search parameter "color"/);
    expect(message({ sort: 'cheapest' })).toMatch(/sort must be one of/);
    expect(message({ q: ['a', 'b'] })).toBeDefined();
    for (const limit of ['0', '101', '2.5', 'x']) expect(message({ limit }), limit).toMatch(/limit must be/);
  });

  it('cursors: only those it makes, up to the deepest offset', () => {
    for (const offset of [0, 1, 20, 12345, MAX_SEARCH_OFFSET]) expect(decodeSearchCursor(encodeSearchCursor(offset))).toBe(offset);
    expect(decodeSearchCursor(encodeSearchCursor(MAX_SEARCH_OFFSET + 1))).toBeNull();
    for (const bad of ['', 'x', 'not-a-cursor', 'b0xMDA', 'bzAx', 'A'.repeat(50), 'bzE=']) expect(decodeSearchCursor(bad), bad).toBeNull();
    expect(message({ cursor: 'garbage' })).toMatch(/cursor is not valid/);
  });
});
