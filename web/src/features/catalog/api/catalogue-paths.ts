import { API } from '@fridgeparts/common/api-paths';
import type { CatalogueQuery } from './use-catalogue-search';

/*
 * The catalogue's read paths, apart from the hooks that read them: the early script
 * (web/src/early.ts) asks the same paths before the app has loaded, and must not bring React or
 * TanStack Query with it.
 */

/**
 * GET /search for one page of a search. With no search text and no filters it lists the catalogue,
 * newest first; the early script reads the first page the address asks for. Relevance sends no sort (the
 * API's own order of a search's hits); every other order is sent, since the API lists the
 * catalogue oldest first when told nothing.
 */
export function catalogueSearchPath(query: CatalogueQuery, limit: number, cursor: string | null): string {
  const params = new URLSearchParams();
  if (query.q) params.set('q', query.q);
  for (const c of query.category) params.append('category', c);
  for (const [key, values] of Object.entries(query.specs)) for (const v of values) params.append(`spec.${key}`, v);
  if (query.sort !== 'relevance') params.set('sort', query.sort);
  params.set('limit', String(limit));
  if (cursor) params.set('cursor', cursor);
  return `${API.search}?${params}`;
}

/** GET /tools?sort=newest&limit=: the newest `count` tools, newest first. */
export const newestToolsPath = (count: number) => `${API.tools}?sort=newest&limit=${count}`;
