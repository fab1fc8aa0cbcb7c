import { badRequest } from '../errors';

/**
 * What an If-Match header asks for (RFC 9110 §13.1.1): any current version (`*`), or one of
 * these entity tags, compared strongly (a weak tag, W/"...", never matches).
 */
export type IfMatch = { any: true } | { any: false; tags: string[] };

/** One entity tag of a list, with its separator: [W/]"etagc*" then a comma or the end. */
const LIST_ITEM = /[ \t]*(W\/)?("[\x21\x23-\x7e\x80-\xff]*")[ \t]*(?:,|$)/y;
const MAX_TAGS = 20;

export const IF_MATCH_MESSAGE = 'If-Match must be "*" or the quoted ETag the read answered, like If-Match: "1764147000.123456789-abc"';

/** Parses If-Match; undefined when it is absent. A malformed header is bad input (400), not a mismatch. */
export function parseIfMatch(header: string | undefined): IfMatch | undefined {
  if (header === undefined) return undefined;
  const value = header.trim();
  if (value === '*') return { any: true };
  const tags: string[] = [];
  LIST_ITEM.lastIndex = 0;
  while (LIST_ITEM.lastIndex < value.length) {
    const start = LIST_ITEM.lastIndex;
    const m = LIST_ITEM.exec(value);
    if (!m || LIST_ITEM.lastIndex === start || tags.length >= MAX_TAGS) throw badRequest(IF_MATCH_MESSAGE, { 'If-Match': IF_MATCH_MESSAGE });
    // A weak tag takes part in no strong comparison: kept out, so it can never match.
    if (!m[1]) tags.push(m[2]);
  }
  if (value.length === 0 || value.endsWith(',')) throw badRequest(IF_MATCH_MESSAGE, { 'If-Match': IF_MATCH_MESSAGE });
  return { any: false, tags };
}

/** Strong comparison of the current ETag against what the caller sent. */
export const ifMatchHolds = (want: IfMatch, current: string): boolean => want.any || want.tags.includes(current);
