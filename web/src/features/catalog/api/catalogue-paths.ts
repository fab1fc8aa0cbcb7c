import { API } from '@fridgeparts/common/api-paths';
import { searchPath } from '../../../lib/domain/search-path';
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
 * catalogue oldest first when told nothing. The path is the shared builder's (lib/search-path.ts).
 */
export const catalogueSearchPath = (query: CatalogueQuery, limit: number, cursor: string | null): string =>
  searchPath({ ...query, sort: query.sort === 'relevance' ? undefined : query.sort, limit, cursor });

/** GET /tools?sort=newest&limit=: the newest `count` tools, newest first. */
export const newestToolsPath = (count: number) => `${API.tools}?sort=newest&limit=${count}`;
