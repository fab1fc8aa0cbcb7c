import type { SearchResponse } from '@fridgeparts/common/responses';
import { buildCatalogueSearch } from '@fridgeparts/common/search/catalogue-search';
import { encodeSearchCursor, searchQuerySchema } from '@fridgeparts/common/search/search-query';
import { CATALOGUE_VOCABULARY } from '@fridgeparts/common/search/vocabulary';
import type { Tool } from '@fridgeparts/common/tool';
import { failure, json, type ApiRequest, type Reply } from './fake-api';

/**
 * GET /search answered as the function answers it (CONTRACT §11), over `tools`: the query checked
 * by the API's own schema (a parameter the API does not know is the API's 400), searched by the
 * catalogue's own index, paged with its cursor. For `fakeApi().on('GET', API.search, searchAnswer(tools))`.
 */
export function searchAnswer(tools: readonly Tool[]): (request: ApiRequest) => Reply {
  const index = buildCatalogueSearch(tools, CATALOGUE_VOCABULARY);
  return (request) => {
    // As Express's simple parser reads a query string: a repeated key is an array.
    const raw: Record<string, string | string[]> = {};
    for (const [k, v] of new URL(request.path, 'http://shop.test').searchParams) {
      const had = raw[k];
      raw[k] = had === undefined ? v : [...(Array.isArray(had) ? had : [had]), v];
    }
    const parsed = searchQuerySchema.safeParse(raw);
    if (!parsed.success) return failure('invalid-argument', parsed.error.issues.map((i) => i.message).join('; '));
    const query = parsed.data;
    const found = index.search(query);
    const end = query.offset + found.hits.length;
    return json<SearchResponse>({
      hits: found.hits.map((h) => ({ ...h.tool, matchedBy: h.matchedBy })),
      total: found.total,
      facets: found.facets,
      cursor: end < found.total ? encodeSearchCursor(end) : null,
    });
  };
}
