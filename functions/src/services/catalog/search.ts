import { decodeSearchCursor, encodeSearchCursor, type SearchQuery } from '@fridgeparts/common/search/search-query';
import type { SearchResponse } from '@fridgeparts/common/responses';
import type { Tool, ToolListQuery } from '@fridgeparts/common/tool';
import { MAX_PAGE_SIZE } from '@fridgeparts/common/constants';
import { badRequest } from '../../errors';
import { answerFrom, catalogueIndex } from './search-index';
import type { Page } from '../pagination';
import { answerTool, shopDayNow } from './tool-answer';

/**
 * GET /search (CONTRACT §11): answered from this instance's index (search-index.ts), 0 document
 * reads but the version document's re-check every 20 s. Hits carry the tool as the snapshot holds
 * it, its stock as of the tool's last admin change or the snapshot's build (every order checks
 * live stock).
 */
export async function searchCatalogue(query: SearchQuery): Promise<SearchResponse> {
  const index = await catalogueIndex.current();
  const now = shopDayNow();
  const answer = await answerFrom(index, {
    q: query.q,
    category: query.category,
    specs: query.specs,
    sort: query.sort,
    offset: query.offset,
    limit: query.limit,
  });
  const end = query.offset + answer.hits.length;
  return {
    // A hit is never discontinued (the index leaves those out): the tool as GET /tools answers it.
    // Its availability from the stock the hit holds, as of now (CONTRACT §14): no read.
    hits: answer.hits.map(({ tool: { replacedBy: _, ...tool }, matchedBy }) => ({ ...answerTool(tool, false, now), matchedBy })),
    total: answer.total,
    facets: answer.facets,
    cursor: end < answer.total ? encodeSearchCursor(end) : null,
  };
}

/**
 * GET /tools?q=: the same hits as GET /search, as the plain list GET /tools answers (the next
 * page's cursor in X-Next-Cursor). Best first unless a sort is asked for.
 */
export async function searchToolList(query: ToolListQuery & { q: string }): Promise<Page<Tool>> {
  const offset = query.cursor === undefined ? 0 : decodeSearchCursor(query.cursor);
  if (offset === null) throw badRequest('The page cursor is not valid. Start again from the first page.');
  const found = await searchCatalogue({ q: query.q, category: [], specs: {}, sort: query.sort, offset, limit: query.limit ?? MAX_PAGE_SIZE });
  return { items: found.hits.map(({ matchedBy: _, ...tool }) => tool), nextCursor: found.cursor };
}
