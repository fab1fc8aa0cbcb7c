import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './constants';

/**
 * Lists keep the JSON array of SPEC §7; a `limit` asks for one page and the response header
 * X-Next-Cursor (see api-paths.ts) carries the opaque cursor to pass back as `cursor`.
 */
export const pageQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).optional(),
  cursor: z.string().trim().min(1).max(200).optional(),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

export function pageSize(query: PageQuery): number {
  return query.limit ?? DEFAULT_PAGE_SIZE;
}
