import { z } from 'zod';
import { MAX_PAGE_SIZE } from '../constants';
import { textField, wholeNumber } from '../strict';
import { CATEGORY_FACET, SEARCH_SORTS, type SearchSort } from './catalogue-search';
import { CATALOGUE_VOCABULARY } from './vocabulary';

/**
 * `GET /search?q=&category=&spec.<key>=<value>&sort=&cursor=&limit=` (CONTRACT §11): the query
 * string as the function's validation reads it (Express's simple parser: a repeated key is an
 * array). Every key is known, every spec key is one of the catalogue's (GET /specs); anything else
 * is a 400 naming it.
 */

/** The longest query (CONTRACT §11). */
export const MAX_SEARCH_TEXT = 200;
export const DEFAULT_SEARCH_LIMIT = 20;
/** How deep a cursor may page: past every hit of a catalogue of this many parts. */
export const MAX_SEARCH_OFFSET = 1_000_000;
/** Values of one filter, which are alternatives. */
const MAX_FILTER_VALUES = 20;
const SPEC_PREFIX = 'spec.';

const INVALID_CURSOR = 'The search cursor is not valid. Start again from the first page.';

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** The opaque cursor of the hit a page ends before: base64url of `o<offset>` (no platform API). */
export function encodeSearchCursor(offset: number): string {
  const bytes = [...`o${offset}`].map((c) => c.charCodeAt(0));
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const [a, b, c] = [bytes[i]!, bytes[i + 1], bytes[i + 2]];
    const n = (a << 16) | ((b ?? 0) << 8) | (c ?? 0);
    out += BASE64URL[(n >> 18) & 63]! + BASE64URL[(n >> 12) & 63]!;
    if (b !== undefined) out += BASE64URL[(n >> 6) & 63]!;
    if (c !== undefined) out += BASE64URL[n & 63]!;
  }
  return out;
}

/** The offset a cursor stands for, or null when it is not one this shop made (or pages too deep). */
export function decodeSearchCursor(cursor: string): number | null {
  if (cursor.length > 12 || !/^[A-Za-z0-9_-]+$/.test(cursor) || cursor.length % 4 === 1) return null;
  let text = '';
  for (let i = 0; i < cursor.length; i += 4) {
    const group = [...cursor.slice(i, i + 4)].map((c) => BASE64URL.indexOf(c));
    const n = group.reduce((acc, v, k) => acc | (v << (18 - 6 * k)), 0);
    text += String.fromCharCode((n >> 16) & 255);
    if (group.length > 2) text += String.fromCharCode((n >> 8) & 255);
    if (group.length > 3) text += String.fromCharCode(n & 255);
  }
  const m = /^o(0|[1-9]\d{0,6})$/.exec(text);
  const offset = m ? Number(m[1]) : NaN;
  // Only the canonical spelling: one offset, one cursor.
  return Number.isSafeInteger(offset) && offset <= MAX_SEARCH_OFFSET && encodeSearchCursor(offset) === cursor ? offset : null;
}

const filterValue = (label: string) => textField(label, { max: 60 });
/** One value or several (the key repeated): always a list. */
const filterValues = (label: string) =>
  z
    .union([filterValue(label), z.array(filterValue(label)).max(MAX_FILTER_VALUES, `${label}: at most ${MAX_FILTER_VALUES} values`)], {
      error: `${label} must be text`,
    })
    .transform((v) => (Array.isArray(v) ? v : [v]));

const SPEC_KEYS: ReadonlySet<string> = new Set(CATALOGUE_VOCABULARY.specs.map((s) => s.key));

/** The query, checked: what the index's search takes, and the offset the cursor stands for. */
export interface SearchQuery {
  q: string;
  category: string[];
  specs: Record<string, string[]>;
  sort?: SearchSort;
  offset: number;
  limit: number;
}

export const searchQuerySchema = z
  .object({
    q: textField('Search text', { max: MAX_SEARCH_TEXT, min: 0 }).optional(),
    [CATEGORY_FACET]: filterValues('category').optional(),
    sort: z.enum(SEARCH_SORTS, { error: `sort must be one of ${SEARCH_SORTS.join(', ')}` }).optional(),
    cursor: z
      .string({ error: INVALID_CURSOR })
      .transform((c, ctx) => {
        const offset = decodeSearchCursor(c);
        if (offset === null) {
          ctx.addIssue({ code: 'custom', message: INVALID_CURSOR });
          return z.NEVER;
        }
        return offset;
      })
      .optional(),
    limit: wholeNumber(`limit must be a whole number from 1 to ${MAX_PAGE_SIZE}`, { min: 1, max: MAX_PAGE_SIZE }).optional(),
  })
  .catchall(z.unknown())
  .transform((query, ctx): SearchQuery => {
    const specs: Record<string, string[]> = {};
    for (const [key, value] of Object.entries(query)) {
      if (['q', CATEGORY_FACET, 'sort', 'cursor', 'limit'].includes(key)) continue;
      const spec = key.startsWith(SPEC_PREFIX) ? key.slice(SPEC_PREFIX.length) : null;
      if (spec === null || !SPEC_KEYS.has(spec)) {
        const known = [...SPEC_KEYS].map((k) => SPEC_PREFIX + k).join(', ');
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message:
            spec === null
              ? `Unknown search parameter "${key.slice(0, 40)}": use q, category, spec.<key>, sort, cursor or limit`
              : `Unknown spec key "${spec.slice(0, 40)}": use one of ${known}`,
        });
        continue;
      }
      const parsed = filterValues(key).safeParse(value);
      if (!parsed.success) for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', path: [key], message: issue.message });
      else specs[spec] = parsed.data;
    }
    return {
      q: query.q ?? '',
      category: query[CATEGORY_FACET] ?? [],
      specs,
      ...(query.sort ? { sort: query.sort } : {}),
      offset: query.cursor ?? 0,
      limit: query.limit ?? DEFAULT_SEARCH_LIMIT,
    };
  });
