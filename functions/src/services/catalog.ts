import { FieldValue, Timestamp, type DocumentSnapshot, type Query } from 'firebase-admin/firestore';
import { newToolDoc, toolFromDoc } from '@fridgeparts/common/documents/tools';
import { searchTermsToTry } from '@fridgeparts/common/search-terms';
import type { Tool, ToolInput, ToolListQuery } from '@fridgeparts/common/tool';
import { logs } from '../logs';
import { collections, db, type ToolDoc } from '../data/firestore';
import type { DeletedCountResponse } from '@fridgeparts/common/responses';
import { conflict, notFound } from '../errors';
import { isDocumentId as isDocId } from '@fridgeparts/common/ids';
import { readPage, type Page } from './pagination';
import { MAX_PAGE_SIZE } from '@fridgeparts/common/constants';

export function toTool(doc: DocumentSnapshot<ToolDoc>): Tool {
  return toolFromDoc(doc.id, doc.data() as ToolDoc);
}

const ORDER: Record<ToolListQuery['sort'], { field: 'createdAt' | 'priceCents'; dir: 'asc' | 'desc' }> = {
  oldest: { field: 'createdAt', dir: 'asc' },
  newest: { field: 'createdAt', dir: 'desc' },
  'price-asc': { field: 'priceCents', dir: 'asc' },
  'price-desc': { field: 'priceCents', dir: 'desc' },
};

/**
 * GET /tools. Every query here has an index in firestore.indexes.json (search + each order).
 * Without `limit` one page of MAX_PAGE_SIZE comes back with the next cursor, never the whole
 * catalogue, so an anonymous call costs the same at 14 tools or 10,000 (docs/decisions/0012).
 * A search that finds nothing tries its word with a letter or three fewer ("compresor" finds the
 * compressors): at most three more indexed queries, each of which read nothing but the page it
 * returns. The same query string always settles on the same term, so its next pages follow it.
 */
export async function listTools(query: ToolListQuery): Promise<Page<Tool>> {
  const order = ORDER[query.sort];
  const page = (base: Query<ToolDoc>) => readPage({ query: base, field: order.field, dir: order.dir, limit: query.limit ?? MAX_PAGE_SIZE, cursor: query.cursor, map: toTool });
  if (!query.q) return page(collections.tools());
  const terms = searchTermsToTry(query.q);
  let found: Page<Tool> = { items: [], nextCursor: null };
  for (const term of terms) {
    found = await page(collections.tools().where('searchTerms', 'array-contains', term));
    if (found.items.length > 0) break;
  }
  return found;
}

export async function getTool(id: string): Promise<Tool> {
  const snap = !isDocId(id) ? null : await collections.tools().doc(id).get();
  if (!snap?.exists) throw notFound(`There is no tool with id "${id}". It may have been removed from the catalogue.`);
  return toTool(snap);
}

/**
 * POST /addItem (admin). The part number is claimed in partNumbers/{partNumber} in the same
 * transaction as the tool is written, so two admins adding the same number get one tool and a 409.
 */
export async function addTool(input: ToolInput, createdBy: string): Promise<Tool> {
  const ref = collections.tools().doc();
  const claim = collections.partNumbers().doc(input.partNumber);
  const { price, ...fields } = input;
  const doc = newToolDoc({ ...fields, priceCents: price }, Timestamp.now());
  await db.runTransaction(async (tx) => {
    if ((await tx.get(claim)).exists) {
      throw conflict(`Part number ${input.partNumber} is already used by another product.`, { partNumber: 'This part number is already used by another product' });
    }
    tx.create(claim, { toolId: ref.id });
    tx.create(ref, doc);
  });
  // Who added it goes to the logs, not into the world-readable tool document (issue 8).
  logs.toolAdded(ref.id, createdBy);
  return toTool(await ref.get());
}

/**
 * DELETE /manage/{id} (admin). Bookings keep their own copy of name, price and quantities, so
 * existing orders still read and pay correctly after their tool is gone.
 */
export async function deleteTool(id: string): Promise<DeletedCountResponse> {
  if (!isDocId(id)) throw notFound(`There is no tool with id "${id}".`);
  const ref = collections.tools().doc(id);
  const deleted = await ref.firestore.runTransaction(async (tx) => {
    const tool = (await tx.get(ref)).data();
    if (!tool) return false;
    tx.delete(ref);
    // The part number is free again for a new product.
    if (tool.partNumber) tx.delete(collections.partNumbers().doc(tool.partNumber));
    return true;
  });
  if (!deleted) throw notFound(`There is no tool with id "${id}". It may have been removed already.`);
  return { deletedCount: 1 };
}

/** Used by stock changes so the field name lives in one place. */
export const stockDelta = (n: number) => ({ availableQuantity: FieldValue.increment(n) });
