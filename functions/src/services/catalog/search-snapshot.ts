import { randomUUID } from 'node:crypto';
import { FieldPath, Timestamp, type Transaction } from 'firebase-admin/firestore';
import { toolFromDoc } from '@fridgeparts/common/documents/tools';
import {
  changeChunk,
  chunkIndexFor,
  layOutSnapshot,
  type SearchChunkDoc,
  type SearchEntry,
  type SearchSnapshotDoc,
} from '@fridgeparts/common/documents/search-snapshot';
import { collections, db, type ToolDoc } from '../../data/firestore';
import { logs } from '../../logs';

/**
 * The search snapshot's writers (CONTRACT §11, docs/decisions/0048; the documents are
 * common/src/documents/search-snapshot.ts):
 * - every admin change of a tool writes the tool's entry into its chunk in the same transaction as
 *   the tool (`stageSearchEntry`), so the snapshot never disagrees with the catalogue;
 * - `buildSearchSnapshot` writes the whole snapshot from the tools collection: the seed runs it,
 *   and an instance that finds no snapshot (a fresh deployment, documents stored before) runs it
 *   before its first search. One build at a time: it claims the version document first.
 * - stock moves with every order, which does not write the snapshot (a chunk would be a hot
 *   document): each order stamps the tool's `stockChangedAt`, and the sweep, every minute, carries
 *   the stock of the tools changed since into their chunks (`refreshSnapshotStock`), reading only
 *   those tools and their chunks. Every order checks live stock as before.
 */

/** A build that has not finished after this long is taken to have died, and another takes over. */
export const STALE_BUILD_MS = 5 * 60_000;
/** Tools read per query while building: a bounded read each, never the collection in one answer. */
const BUILD_PAGE = 1_500;
/** Tools whose stock moved, carried into the snapshot per sweep; more wait for the next run. */
export const STOCK_REFRESH_BATCH = 300;
/** A build reads each tool's stock some time after it starts; changes from a minute before are read again. */
const BUILD_STOCK_MARGIN_MS = 60_000;

/** A tool's entry in the snapshot: the tool as GET /tools answers it, and what replaces it (CONTRACT §11). */
export const searchEntryOf = (id: string, doc: ToolDoc): SearchEntry => ({ ...toolFromDoc(id, doc), replacedBy: doc.replacedBy ?? null });

const chunkRef = (index: number) => collections.searchChunks().doc(String(index));

/**
 * Reads what a change of tool `id` needs (the version document and the tool's chunk), inside the
 * change's transaction, before its writes; the answer writes the entry (or, with null, removes it)
 * when called after them. No snapshot yet: nothing to write, the build will read the tool. A
 * build under way: the tool is listed in `pending`, and the build reads it again when it ends.
 */
export async function stageSearchEntry(tx: Transaction, id: string): Promise<(entry: SearchEntry | null) => void> {
  const write = await stageSearchEntries(tx, [id]);
  return (entry) => write(new Map([[id, entry]]));
}

/**
 * stageSearchEntry for several tools changed in one transaction (the alias import): reads the
 * version document and each of their chunks once, and writes each changed chunk and the version
 * document once.
 */
export async function stageSearchEntries(tx: Transaction, ids: readonly string[]): Promise<(entries: ReadonlyMap<string, SearchEntry | null>) => void> {
  const headRef = collections.searchSnapshot();
  const head = (await tx.get(headRef)).data();
  if (!head) return () => undefined;
  if (head.state !== 'ready') return () => tx.set(headRef, { ...head, pending: [...new Set([...head.pending, ...ids])] });
  const indexes = [...new Set(ids.map((id) => chunkIndexFor(head.chunks, id)))];
  const snaps = await tx.getAll(...indexes.map(chunkRef));
  const read = new Map(indexes.map((index, i) => [index, snaps[i]!.data() as SearchChunkDoc | undefined]));
  return (entries) => {
    let laid = head.chunks;
    const changed = new Map<number, SearchChunkDoc>();
    for (const [id, entry] of entries) {
      const index = chunkIndexFor(laid, id);
      const chunk = read.get(index);
      const stored = changed.get(index)?.tools ?? (chunk?.build === head.build ? chunk.tools : []);
      const change = changeChunk(laid, stored, id, entry);
      laid = change.chunks;
      for (const w of change.writes) changed.set(w.index, { build: head.build, version: w.version, tools: w.tools });
    }
    for (const [index, chunk] of changed) tx.set(chunkRef(index), chunk);
    tx.set(headRef, { ...head, version: head.version + 1, chunks: laid });
  };
}

export type BuildOutcome = 'built' | 'ready' | 'busy';

/**
 * Builds the whole snapshot from the tools collection, read in pages of BUILD_PAGE. Without
 * `force`, only when there is none (or a build died): 'ready' when one exists, 'busy' when another
 * build is under way. Changes made meanwhile are listed in `pending` (stageSearchEntry) and read
 * again in the last step, which makes the snapshot ready.
 */
export async function buildSearchSnapshot({ force = false, now = Date.now }: { force?: boolean; now?: () => number } = {}): Promise<BuildOutcome> {
  const started = now();
  const build = randomUUID();
  const headRef = collections.searchSnapshot();
  const claim = await db.runTransaction(async (tx): Promise<BuildOutcome | 'claimed'> => {
    const head = (await tx.get(headRef)).data();
    if (head && !force) {
      if (head.state === 'ready') return 'ready';
      if (started - head.startedAt < STALE_BUILD_MS) return 'busy';
    }
    tx.set(headRef, { build, state: 'building', startedAt: started, version: (head?.version ?? 0) + 1, chunks: [], pending: [] });
    return 'claimed';
  });
  if (claim !== 'claimed') return claim;

  const tools: SearchEntry[] = [];
  let after: string | undefined;
  for (;;) {
    let q = collections.tools().orderBy(FieldPath.documentId()).limit(BUILD_PAGE);
    if (after !== undefined) q = q.startAfter(after);
    const page = await q.get();
    for (const d of page.docs) tools.push(searchEntryOf(d.id, d.data()));
    // Tools stored before CONTRACT §11's replacements have no `discontinued`, which the catalogue's
    // listing filters on (catalog.ts listTools): the build, which reads every tool anyway, writes it.
    const older = page.docs.filter((d) => typeof d.get('discontinued') !== 'boolean');
    for (let i = 0; i < older.length; i += 400) {
      const batch = db.batch();
      for (const d of older.slice(i, i + 400)) batch.update(d.ref, { replacedBy: d.data().replacedBy ?? null, discontinued: Boolean(d.data().replacedBy) });
      await batch.commit();
    }
    if (page.size < BUILD_PAGE) break;
    after = page.docs[page.docs.length - 1]!.id;
  }
  const { chunks, pieces } = layOutSnapshot(tools);
  for (const [i, piece] of pieces.entries()) await chunkRef(i).set({ build, version: 1, tools: piece });
  // Chunks of an earlier, larger build.
  for (const d of (await collections.searchChunks().select().get()).docs) if (!(Number(d.id) < pieces.length)) await d.ref.delete();

  const finished = await db.runTransaction(async (tx) => {
    const head = (await tx.get(headRef)).data();
    if (head?.build !== build) return false;
    // Tools an admin changed while this build read: as they are now.
    const pending = head.pending.length ? await tx.getAll(...head.pending.map((id) => collections.tools().doc(id))) : [];
    let laid = chunks;
    const changed = new Map<number, SearchChunkDoc>();
    for (const snap of pending) {
      const entry = snap.exists ? searchEntryOf(snap.id, snap.data()!) : null;
      const index = chunkIndexFor(laid, snap.id);
      const stored = changed.get(index)?.tools ?? pieces[index] ?? [];
      const change = changeChunk(laid, stored, snap.id, entry);
      laid = change.chunks;
      for (const w of change.writes) changed.set(w.index, { build, version: w.version, tools: w.tools });
    }
    for (const [index, chunk] of changed) tx.set(chunkRef(index), chunk);
    const ready: SearchSnapshotDoc = {
      build,
      state: 'ready',
      startedAt: started,
      version: head.version + 1,
      chunks: laid,
      pending: [],
      stockAsOf: started - BUILD_STOCK_MARGIN_MS,
    };
    tx.set(headRef, ready);
    return true;
  });
  if (!finished) return 'busy';
  logs.searchSnapshotBuilt(build, tools.length, chunks.length, now() - started);
  return 'built';
}

/**
 * Carries orders' stock changes into the snapshot (the sweep runs it every minute): the tools whose
 * `stockChangedAt` is after the snapshot's `stockAsOf`, at most STOCK_REFRESH_BATCH of them, get
 * their stock written into their chunks, in one transaction with the version document (an
 * admin's change of the same chunk waits or retries). Reads: 1 + the tools changed + their chunks.
 * Answers how many entries changed.
 */
export async function refreshSnapshotStock(): Promise<number> {
  const headRef = collections.searchSnapshot();
  return db.runTransaction(async (tx) => {
    const head = (await tx.get(headRef)).data();
    if (head?.state !== 'ready') return 0;
    const asOf = head.stockAsOf ?? head.startedAt - BUILD_STOCK_MARGIN_MS;
    const moved = await tx.get(
      collections.tools().where('stockChangedAt', '>', Timestamp.fromMillis(asOf)).orderBy('stockChangedAt').limit(STOCK_REFRESH_BATCH),
    );
    if (moved.empty) return 0;
    const byChunk = new Map<number, Map<string, number>>();
    for (const d of moved.docs) {
      const index = chunkIndexFor(head.chunks, d.id);
      byChunk.set(index, (byChunk.get(index) ?? new Map()).set(d.id, d.data().availableQuantity));
    }
    const indexes = [...byChunk.keys()];
    const stored = await tx.getAll(...indexes.map(chunkRef));
    const chunks = head.chunks.map((c) => ({ ...c }));
    let changed = 0;
    stored.forEach((snap, k) => {
      const chunk = snap.data();
      const stock = byChunk.get(indexes[k]!)!;
      if (!chunk || chunk.build !== head.build) return;
      let own = 0;
      const tools = chunk.tools.map((t) =>
        stock.has(t._id) && stock.get(t._id) !== t.availableQuantity ? (own++, { ...t, availableQuantity: stock.get(t._id)! }) : t,
      );
      if (own === 0) return;
      changed += own;
      const version = chunks[indexes[k]!]!.version + 1;
      chunks[indexes[k]!]!.version = version;
      tx.set(chunkRef(indexes[k]!), { build: head.build, version, tools });
    });
    // Up to the last change read; a full batch stops a millisecond short, so changes sharing that
    // millisecond with the last one read are read again, not skipped.
    const last = moved.docs.at(-1)!.data().stockChangedAt!;
    const lastMs = Math.floor((last as Timestamp).toMillis());
    const stockAsOf = moved.size < STOCK_REFRESH_BATCH ? lastMs : lastMs - 1;
    tx.set(headRef, { ...head, version: changed ? head.version + 1 : head.version, chunks, stockAsOf });
    return changed;
  });
}
