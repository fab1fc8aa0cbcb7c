import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './constants';
import { textField, wholeNumber } from './strict';

/**
 * Lists keep the JSON array of SPEC §7; a `limit` asks for one page and the response header
 * X-Next-Cursor (see api-paths.ts) carries the opaque cursor to pass back as `cursor`.
 */
export const pageQuerySchema = z.object({
  // Query strings are text: only a plain decimal like "12" is a limit.
  limit: wholeNumber(`limit must be a whole number from 1 to ${MAX_PAGE_SIZE}`, { min: 1, max: MAX_PAGE_SIZE }).optional(),
  cursor: textField('cursor', { max: 200 }).optional(),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

export function pageSize(query: PageQuery): number {
  return query.limit ?? DEFAULT_PAGE_SIZE;
}
