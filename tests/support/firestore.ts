import './env';
import { getApps, initializeApp } from 'firebase-admin/app';
import { getFirestore, Timestamp } from 'firebase-admin/firestore';
import { COLLECTION_NAMES } from '../../common/src/documents/collections';
import { newToolDoc, type ToolDoc, type ToolFields } from '../../common/src/documents/tools';
import { PROJECT_ID } from './env';
import { buildSearchSnapshot, searchEntryOf, stageSearchEntry } from '../../functions/src/services/catalog/search-snapshot';
import { STANDIN_READ_STATS_PORT } from './emulators';
// @ts-expect-error plain JS helper shared with npm start
import { firestoreMode } from '../../scripts/lib/stack.mjs';

if (getApps().length === 0) initializeApp({ projectId: PROJECT_ID });
export const db = getFirestore();

/**
 * Empties every collection the shop uses (works on the emulator and on the offline stand-in), the
 * search snapshot's chunks too: the next search builds the snapshot again from the tools.
 */
export async function clearFirestore(): Promise<void> {
  for (const chunk of (await db.collection('searchSnapshot').doc('current').collection('chunks').select().get()).docs) await chunk.ref.delete();
  // A subcollection outlives its parent document: each company's contract prices (decision 0057).
  for (const company of (await db.collection('companies').select().get()).docs)
    for (const price of (await company.ref.collection('prices').select().get()).docs) await price.ref.delete();
  for (const name of COLLECTION_NAMES) {
    const snap = await db.collection(name).get();
    for (let i = 0; i < snap.docs.length; i += 400) {
      const batch = db.batch();
      for (const d of snap.docs.slice(i, i + 400)) batch.delete(d.ref);
      await batch.commit();
    }
  }
}

let seq = 0;

/**
 * Writes a tool straight into Firestore (common newToolDoc) and its entry into the search snapshot
 * in the same transaction, as an admin's add does; returns its id.
 */
export async function makeTool(
  over: Partial<Omit<ToolFields, 'description' | 'image'> & Pick<ToolDoc<Timestamp>, 'createdAt'> & { id: string }> = {},
): Promise<string> {
  seq++;
  const name = over.name ?? `Test Part ${seq}`;
  const ref = over.id ? db.collection('tools').doc(over.id) : db.collection('tools').doc();
  const fields: ToolFields = {
    name,
    description: `Description of ${name}`,
    image: '/images/tools/filter-drier.svg',
    partNumber: over.partNumber ?? `TP-${seq}-${Date.now().toString(36).toUpperCase()}`,
    priceCents: over.priceCents ?? 1999,
    packSize: over.packSize ?? 1,
    priceBreaks: over.priceBreaks ?? [],
    minimumQuantity: over.minimumQuantity ?? 2,
    availableQuantity: over.availableQuantity ?? 100,
    category: over.category,
    specs: over.specs,
    aliases: over.aliases,
    replacedBy: over.replacedBy,
    weight: over.weight,
    freight: over.freight,
    leadTimeDays: over.leadTimeDays,
  };
  const doc = newToolDoc(fields, over.createdAt ?? Timestamp.fromMillis(Date.UTC(2026, 0, 1) + seq * 1000));
  await db.runTransaction(async (tx) => {
    const indexEntry = await stageSearchEntry(tx, ref.id);
    tx.set(ref, doc);
    indexEntry(searchEntryOf(ref.id, doc));
  });
  return ref.id;
}

/**
 * Many tools at once, in the seed's shape, in batched writes of 400 (a few commits, not one write
 * per tool): `count` tools from `make(i)`, each with `id` when given; then the search snapshot is
 * built again, as the seed does. Returns their ids in order.
 */
export async function makeTools(
  count: number,
  make: (i: number) => Partial<Omit<ToolFields, 'description' | 'image'> & Pick<ToolDoc<Timestamp>, 'createdAt'> & { id: string }>,
): Promise<string[]> {
  const ids: string[] = [];
  for (let from = 0; from < count; from += 400) {
    const batch = db.batch();
    for (let i = from; i < Math.min(count, from + 400); i++) {
      const over = make(i);
      const ref = over.id ? db.collection('tools').doc(over.id) : db.collection('tools').doc();
      const name = over.name ?? `Bulk Part ${i + 1}`;
      const fields: ToolFields = {
        name,
        description: `Description of ${name}`,
        image: '/images/tools/filter-drier.svg',
        partNumber: over.partNumber ?? `BP-${i + 1}-${ref.id}`,
        priceCents: over.priceCents ?? 1999,
        packSize: over.packSize ?? 1,
        priceBreaks: over.priceBreaks ?? [],
        minimumQuantity: over.minimumQuantity ?? 2,
        availableQuantity: over.availableQuantity ?? 100,
      };
      batch.set(ref, newToolDoc(fields, over.createdAt ?? Timestamp.fromMillis(Date.UTC(2026, 0, 1) + i * 1000)));
      ids.push(ref.id);
    }
    await batch.commit();
  }
  await buildSearchSnapshot({ force: true });
  return ids;
}

/** Documents read, as Firestore bills them, by the stand-in's counter (scripts/firestore-standin/read-stats.mjs). */
export interface ReadStats {
  reads: number;
  queries: number;
  gets: number;
  aggregations: number;
  byCollection: Record<string, number>;
}

/** The offline stand-in counts reads (started so by emulators.ts); the official emulator does not. */
export const firestoreCountsReads = (): boolean => firestoreMode() === 'standin';

/** Documents written since the stand-in started, by collection (never reset); stand-in only. */
export interface WriteCounts {
  writes: number;
  byCollection: Record<string, number>;
}

export async function committedWrites(): Promise<WriteCounts> {
  return (await (await fetch(`http://127.0.0.1:${STANDIN_READ_STATS_PORT}/writes`)).json()) as WriteCounts;
}

/**
 * What `action` read in the stand-in (tests/support/emulators.ts starts it with its read counter),
 * everything the stand-in served meanwhile: filter by collection to leave background work out.
 */
export async function readsOf(action: () => Promise<unknown>): Promise<ReadStats> {
  const url = `http://127.0.0.1:${STANDIN_READ_STATS_PORT}/reads`;
  await fetch(`${url}/reset`, { method: 'POST' });
  await action();
  return (await (await fetch(`${url}/reset`, { method: 'POST' })).json()) as ReadStats;
}
