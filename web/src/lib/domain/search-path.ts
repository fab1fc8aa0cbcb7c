import { API } from '@fridgeparts/common/api-paths';
import type { ToolSort } from '@fridgeparts/common/tool';

/** What a GET /search asks (CONTRACT §11); every part but the page size may be left out. */
export interface SearchRequest {
  q?: string;
  category?: readonly string[];
  /** Per spec key, the values asked for (values of one key are alternatives). */
  specs?: Readonly<Record<string, readonly string[]>>;
  /** No sort: a search's hits best first, the catalogue oldest first (the API's own orders). */
  sort?: ToolSort;
  limit: number;
  cursor?: string | null;
}

/**
 * The one builder of a GET /search path (decision 0071): the navigation bar's and the
 * contract-price picker's best hits (useSearchHits), the catalogue's pages and the early script's
 * first page ask through it, so one search is one address and one cache entry. Pure, without
 * React: the early script (web/src/early.ts) builds its path before the app has loaded.
 */
export function searchPath({ q, category = [], specs = {}, sort, limit, cursor }: SearchRequest): string {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  for (const c of category) params.append('category', c);
  for (const [key, values] of Object.entries(specs)) for (const v of values) params.append(`spec.${key}`, v);
  if (sort) params.set('sort', sort);
  params.set('limit', String(limit));
  if (cursor) params.set('cursor', cursor);
  return `${API.search}?${params}`;
}
