import { createHash } from 'node:crypto';
import { Timestamp, type DocumentSnapshot, type Transaction } from 'firebase-admin/firestore';
import { newToolDoc, toolFromDoc } from '@fridgeparts/common/documents/tools';
import { assignedPartNumber, type Tool, type ToolPageDetail, type ToolInput, type ToolListQuery } from '@fridgeparts/common/tool';
import { logs } from '../../logs';
import { collections, db, type ToolDoc } from '../../data/firestore';
import type { DeletedCountResponse } from '@fridgeparts/common/responses';
import { badRequest, conflict, notFound } from '../../errors';
import { isDocumentId as isDocId } from '@fridgeparts/common/ids';
import { readPage, type Page } from '../pagination';
import { searchEntryOf, stageSearchEntry } from './search-snapshot';
import { searchToolList } from './search';
import { readChainEnd, readClaims, readReplacedTools, replacesOf, sameNumber, stageNumberClaims } from './part-number-registry';
import { countFittedModels } from './tool-fitments';
import { answerTool } from './tool-answer';

export function toTool(doc: DocumentSnapshot<ToolDoc>): Tool {
  const stored = doc.data() as ToolDoc;
  return answerTool(toolFromDoc(doc.id, stored), Boolean(stored.replacedBy), new Date(), stored.backorderedQuantity ?? 0);
}

/** A tool with the version of the same read, sent as its ETag (CONTRACT §13). */
export interface VersionedTool {
  tool: Tool;
  version: string;
}

/**
 * The tool's version, its ETag (CONTRACT §13, docs/decisions/0044): a strong validator from the document's
 * update time, which Firestore moves on every write (an edit, a booking, a cancel, an expiry), and
 * a hash of the tool as answered. The hash is there for the offline stand-in, whose update times
 * have millisecond steps: two writes in one millisecond still change the tag when they change the
 * tool. Both come from one snapshot, so the tag always describes the body it travels with.
 */
export function versionOf(snap: DocumentSnapshot<ToolDoc>): VersionedTool {
  const tool = toTool(snap);
  const at = snap.updateTime;
  const time = at ? `${at.seconds}.${String(at.nanoseconds).padStart(9, '0')}` : '0';
  const hash = createHash('sha256').update(JSON.stringify(tool)).digest('base64url').slice(0, 16);
  return { tool, version: `${time}-${hash}` };
}

const ORDER: Record<NonNullable<ToolListQuery['sort']>, { field: 'createdAt' | 'priceCents'; dir: 'asc' | 'desc' }> = {
  oldest: { field: 'createdAt', dir: 'asc' },
  newest: { field: 'createdAt', dir: 'desc' },
  'price-asc': { field: 'priceCents', dir: 'asc' },
  'price-desc': { field: 'priceCents', dir: 'desc' },
};

/**
 * GET /tools. Without `q`, one page of the catalogue in the asked order (oldest first by default),
 * keyset-paginated: without `limit` one page of MAX_PAGE_SIZE with the next cursor, never the
 * whole catalogue, so an anonymous call costs the same at 14 tools or 10,000 (docs/decisions/0012).
 * With `q`, the hits of the search index, best first (services/catalog/search.ts, CONTRACT §11): no
 * document read per search. A discontinued tool is listed by neither (CONTRACT §11): here an
 * equality on `discontinued` (composite indexes in firestore.indexes.json), so pages stay bounded.
 */
export async function listTools(query: ToolListQuery): Promise<Page<Tool>> {
  if (query.q) return searchToolList({ ...query, q: query.q });
  const order = ORDER[query.sort ?? 'oldest'];
  return readPage({
    query: collections.tools().where('discontinued', '==', false),
    field: order.field,
    dir: order.dir,
    limit: query.limit,
    cursor: query.cursor,
    map: toTool,
  });
}

/** A tool as GET /tool/{id}, PATCH /manage/{id} and its 412 answer it, with its version. */
export interface VersionedDetail {
  tool: ToolPageDetail;
  version: string;
}

/**
 * The tool of `snap` with its version (the ETag is the tool document's: what an edit's If-Match
 * compares), what replaces it (the end of its chain, at most MAX_CHAIN reads) and what it replaces
 * (one query per level of the chains that end here; part-number-registry.ts).
 */
export async function detailOf(snap: DocumentSnapshot<ToolDoc>): Promise<VersionedDetail> {
  const { tool, version } = versionOf(snap);
  const doc = snap.data()!;
  const [replacedBy, replaced] = await Promise.all([readChainEnd(doc), readReplacedTools(snap.id)]);
  // The models it fits count those listing a number it replaces (CONTRACT §12): one count query.
  const fitsModelCount = await countFittedModels([snap.id, ...replaced.map((r) => r.id)]);
  return { tool: { ...tool, replacedBy, replaces: replacesOf(doc, replaced), fitsModelCount }, version };
}

/** GET /tool/{id} (CONTRACT §11: with `replacedBy` and `replaces`). */
export async function getTool(id: string): Promise<VersionedDetail> {
  const snap = !isDocId(id) ? null : await collections.tools().doc(id).get();
  if (!snap?.exists) throw notFound(`There is no tool with id "${id}". It may have been removed from the catalogue.`);
  return detailOf(snap);
}

/** How many taken numbers in a row addTool skips before it gives up (an admin typed them by hand). */
export const MAX_PART_NUMBER_SKIPS = 25;

/**
 * POST /addItem (admin). The part number is claimed in partNumbers/{partNumber} in the same
 * transaction as the tool is written, so two admins adding the same number get one tool and a 409.
 * Without one (CONTRACT §9) the shop assigns the next free FP-ITEM-000123 from counters/partNumbers
 * in that transaction, skipping numbers an admin already typed by hand; all reads come first.
 */
export async function addTool(input: ToolInput, createdBy: string): Promise<Tool> {
  const ref = collections.tools().doc();
  const { partNumber: given, coreDeposit, taxCode, ...fields } = input;
  const createdAt = Timestamp.now();
  await db.runTransaction(async (tx) => {
    const { partNumber, commit } = given ? await claimGiven(tx, given) : await claimNext(tx);
    // The part number and the superseded aliases, claimed together (CONTRACT §11).
    const claims = await stageNumberClaims(tx, ref.id, null, { partNumber, aliases: fields.aliases }, (number) => {
      const i = (fields.aliases ?? []).findIndex((a) => sameNumber(a.number, number));
      return i >= 0 ? `aliases.${i}.number` : 'partNumber';
    });
    const indexEntry = await stageSearchEntry(tx, ref.id);
    commit();
    claims();
    const doc = newToolDoc({ ...fields, partNumber, coreDepositCents: coreDeposit, taxCode }, createdAt);
    tx.create(ref, doc);
    // Searchable with the tool's own transaction (CONTRACT §11).
    indexEntry(searchEntryOf(ref.id, doc));
  });
  // Who added it goes to the logs, not into the world-readable tool document (issue 8).
  logs.toolAdded(ref.id, createdBy);
  return toTool(await ref.get());
}

type Claim = { partNumber: string; commit: () => void };

async function claimGiven(tx: Transaction, partNumber: string): Promise<Claim> {
  if ((await readClaims(tx, [partNumber])).get(partNumber)) {
    throw conflict(`Part number ${partNumber} is already used by another product.`, { partNumber: 'This part number is already used by another product' });
  }
  return { partNumber, commit: () => undefined };
}

async function claimNext(tx: Transaction): Promise<Claim> {
  const counter = collections.counters().doc('partNumbers');
  const last = (await tx.get(counter)).data()?.seq ?? 0;
  for (let seq = last + 1; seq <= last + MAX_PART_NUMBER_SKIPS; seq++) {
    const partNumber = assignedPartNumber(seq);
    if (!(await readClaims(tx, [partNumber])).get(partNumber)) return { partNumber, commit: () => tx.set(counter, { seq }) };
  }
  throw conflict(`The next ${MAX_PART_NUMBER_SKIPS} part numbers after ${assignedPartNumber(last)} are all taken. Type a part number for this product.`, {
    partNumber: 'No free part number to assign: type one',
  });
}

/**
 * DELETE /manage/{id} (admin). Bookings keep their own copy of name, price and quantities, so
 * existing orders still read and pay correctly after their tool is gone. A tool that replaces
 * another is not removed (400): the other's chain would lead nowhere.
 */
export async function deleteTool(id: string): Promise<DeletedCountResponse> {
  if (!isDocId(id)) throw notFound(`There is no tool with id "${id}".`);
  const ref = collections.tools().doc(id);
  const deleted = await ref.firestore.runTransaction(async (tx) => {
    const tool = (await tx.get(ref)).data();
    if (!tool) return false;
    const replaced = (await tx.get(collections.tools().where('replacedBy', '==', id).limit(1))).docs[0];
    if (replaced) {
      throw badRequest(
        `${tool.partNumber ?? id} replaces ${replaced.data().partNumber ?? replaced.id}: point that part at another replacement (or none) before removing this one.`,
      );
    }
    // Its part number and superseded numbers are free again for a new product.
    const claims = await stageNumberClaims(tx, id, tool, {}, () => 'partNumber');
    const indexEntry = await stageSearchEntry(tx, id);
    tx.delete(ref);
    indexEntry(null);
    claims();
    return true;
  });
  if (!deleted) throw notFound(`There is no tool with id "${id}". It may have been removed already.`);
  return { deletedCount: 1 };
}
