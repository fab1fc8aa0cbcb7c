import { FieldValue, Timestamp, type QueryDocumentSnapshot, type DocumentSnapshot } from 'firebase-admin/firestore';
import { searchTermFor, searchTermsFor, toolFromStored, type Tool, type ToolInput, type ToolListQuery } from '@fridgeparts/common/tool';
import { collections, type ToolDoc } from '../data/firestore';
import { notFound } from '../errors';
import { readPage, type Page } from './pagination';

export function toTool(doc: QueryDocumentSnapshot<ToolDoc> | DocumentSnapshot<ToolDoc>): Tool {
  return toolFromStored(doc.id, doc.data() as ToolDoc);
}

const ORDER: Record<ToolListQuery['sort'], { field: keyof ToolDoc; dir: 'asc' | 'desc' }> = {
  oldest: { field: 'createdAt', dir: 'asc' },
  newest: { field: 'createdAt', dir: 'desc' },
  'price-asc': { field: 'priceCents', dir: 'asc' },
  'price-desc': { field: 'priceCents', dir: 'desc' },
};

/**
 * GET /tools. Every query here has an index in firestore.indexes.json (search + each order).
 * Without `limit` the whole catalogue comes back (CONTRACT §3); the SPA always pages.
 */
export async function listTools(query: ToolListQuery): Promise<Page<Tool>> {
  const order = ORDER[query.sort];
  let q = collections.tools().orderBy(order.field, order.dir);
  const term = query.q ? searchTermFor(query.q) : null;
  if (query.q && !term) return { items: [], nextCursor: null };
  if (term) q = collections.tools().where('searchTerms', 'array-contains', term).orderBy(order.field, order.dir);
  // Ties (same price) need a stable order for cursors.
  q = q.orderBy('__name__', order.dir);
  return readPage(q, query.limit, query.cursor, async (id) => {
    const snap = await collections.tools().doc(id).get();
    return snap.exists ? (snap as QueryDocumentSnapshot<ToolDoc>) : null;
  }, toTool);
}

export async function getTool(id: string): Promise<Tool> {
  const snap = id.includes('/') ? null : await collections.tools().doc(id).get();
  if (!snap?.exists) throw notFound(`There is no tool with id "${id}". It may have been removed from the catalogue.`);
  return toTool(snap);
}

export async function addTool(input: ToolInput, createdBy: string): Promise<Tool> {
  const ref = collections.tools().doc();
  const doc: ToolDoc = {
    name: input.name,
    description: input.description,
    image: input.image,
    priceCents: input.price,
    minimumQuantity: input.minimumQuantity,
    availableQuantity: input.availableQuantity,
    searchTerms: searchTermsFor(input.name),
    createdAt: Timestamp.now(),
    createdBy,
  };
  await ref.set(doc);
  return toTool(await ref.get());
}

/** Used by stock changes so the field name lives in one place. */
export const stockDelta = (n: number) => ({ availableQuantity: FieldValue.increment(n) });
