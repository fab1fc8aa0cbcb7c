import { loadCatalogueSearch, type CatalogueSearch, type SearchRequest, type WordIndexPacing } from '@fridgeparts/common/search/catalogue-search';
import { CATALOGUE_VOCABULARY } from '@fridgeparts/common/search/vocabulary';
import type { SearchChunkDoc, SearchEntry, SearchSnapshotDoc } from '@fridgeparts/common/documents/search-snapshot';
import { collections, db } from '../../data/firestore';
import { searchRecheckMs } from '../../config';
import { AppError } from '../../errors';
import { logs } from '../../logs';
import { buildSearchSnapshot, STALE_BUILD_MS } from './search-snapshot';

/**
 * The catalogue's search index, held by each instance of the function (CONTRACT §11, decision
 * 0048). A cold start reads the snapshot's version document and its chunks (1 + chunks reads);
 * a search re-reads the version document at most every `recheckMs` (20 s) and then reloads only
 * the chunks whose version moved, so an admin's change is searchable within a minute. Every other
 * search reads nothing.
 *
 * The index answers numbers, the listing and filters as soon as the chunks are read; its word
 * index is built in slices in the background (loadCatalogueSearch), 7-9 s at 100,000 parts on two
 * busy cores, which a request must not wait for whole. A cold instance's query of words waits for it
 * (search.ts, bounded); a reload after a change keeps the previous index answering until the new
 * one has its words, so warm word searches never wait.
 */

/** Where the index comes from: Firestore in the function, a fake in the unit tests. */
export interface SnapshotSource {
  readHead(): Promise<SearchSnapshotDoc | null>;
  /** The chunks by index, in that order (null for a missing one). */
  readChunks(indexes: number[]): Promise<(SearchChunkDoc | null)[]>;
  /** Builds the snapshot when there is none (search-snapshot.ts buildSearchSnapshot). */
  build(): Promise<unknown>;
}

export interface SearchIndexOptions {
  recheckMs: () => number;
  now?: () => number;
  /** How long a cold start waits for another instance's build, and how often it looks. */
  waitMs?: number;
  pollMs?: number;
  sleep?: (ms: number) => Promise<void>;
  /** How the word index is built: slices of tools with a pause between (setImmediate by default). */
  pacing?: WordIndexPacing;
  /** How long a reload waits for its new word index before answering from the previous one meanwhile. */
  swapWaitMs?: number;
}

interface Held {
  build: string;
  versions: number[];
  chunks: SearchEntry[][];
  /** The index answering: the previous one while `next` still builds its words. */
  search: CatalogueSearch<SearchEntry>;
  next: CatalogueSearch<SearchEntry> | null;
  /** Stops `next`'s word index at its next slice: a later reload supersedes it. */
  abandonNext: () => void;
  checkedAt: number;
}

/** A word index given up for a newer one (it would cost a second index's memory and time for nothing). */
class Superseded extends Error {}

export interface SearchIndex {
  /** The index to answer from, re-checked against the snapshot when `recheckMs` has passed. */
  current(): Promise<CatalogueSearch<SearchEntry>>;
  /**
   * The same, but null instead of building a snapshot there is none of (or waiting for one being
   * built): for calls that only consult the index, such as an order's unknown number, so that a
   * refused call never writes the snapshot (1 read when this instance holds no index).
   */
  ifReady(): Promise<CatalogueSearch<SearchEntry> | null>;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
/** 2,000 tools a slice: about 200-300 ms of work at 100,000 parts, then other requests get their turn. */
const IMMEDIATE_PACING: WordIndexPacing = { sliceSize: 2_000, pause: () => new Promise<void>((resolve) => setImmediate(resolve)) };

/** The same tools in the same order, differing in their stock at most. */
function onlyStockMoved(held: readonly SearchEntry[], fresh: readonly SearchEntry[]): boolean {
  const withoutStock = (t: SearchEntry) => JSON.stringify({ ...t, availableQuantity: 0 });
  return held.length === fresh.length && held.every((t, i) => withoutStock(t) === withoutStock(fresh[i]!));
}

export function createSearchIndex(source: SnapshotSource, options: SearchIndexOptions): SearchIndex {
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? realSleep;
  let held: Held | null = null;
  let refreshing: Promise<void> | null = null;

  /** The snapshot, built first when there is none (or its build died); waits for another instance's build. */
  const readyHead = async (): Promise<SearchSnapshotDoc> => {
    const until = now() + (options.waitMs ?? 60_000);
    for (;;) {
      const head = await source.readHead();
      if (head?.state === 'ready') return head;
      if (!head || now() - head.startedAt >= STALE_BUILD_MS) await source.build();
      else if (now() >= until) throw new AppError('unavailable', 'The catalogue search is being prepared. Try again in a minute.');
      else await sleep(options.pollMs ?? 500);
    }
  };

  const refresh = async (): Promise<void> => {
    let head = await source.readHead();
    if (head?.state !== 'ready') {
      // A build under way: the index held still answers until it is ready.
      if (held && head && now() - head.startedAt < STALE_BUILD_MS) {
        held.checkedAt = now();
        return;
      }
      head = await readyHead();
    }
    const same = held?.build === head.build ? held : null;
    const moved = head.chunks.map((c, i) => i).filter((i) => same?.versions[i] !== head.chunks[i]!.version);
    if (same && moved.length === 0 && same.versions.length === head.chunks.length) {
      same.checkedAt = now();
      return;
    }
    const started = now();
    const docs = await source.readChunks(moved);
    // The sweep's stock changes (most re-checks): the tools the index holds take their new stock,
    // and the index is not built again.
    if (
      same &&
      same.versions.length === head.chunks.length &&
      moved.every((index, k) => docs[k]?.build === head.build && onlyStockMoved(same.chunks[index]!, docs[k].tools))
    ) {
      moved.forEach((index, k) => {
        const fresh = docs[k]!;
        same.chunks[index]!.forEach((tool, i) => (tool.availableQuantity = fresh.tools[i]!.availableQuantity));
        same.versions[index] = fresh.version;
      });
      same.checkedAt = now();
      return;
    }
    const chunks = head.chunks.map((_, i) => same?.chunks[i] ?? []);
    const versions = head.chunks.map((c, i) => same?.versions[i] ?? c.version);
    moved.forEach((index, k) => {
      const doc = docs[k];
      // A chunk of another build (a rebuild began after the version document was read) is
      // read again at the next re-check, when the version document names the new build.
      const own = doc?.build === head.build;
      chunks[index] = own ? doc.tools : [];
      versions[index] = own ? doc.version : -1;
    });
    // A reload while the previous one's words are still being built (changes 20 s apart at
    // 100,000 parts): that build stops, this one has every change it had.
    held?.abandonNext();
    const pacing = options.pacing ?? IMMEDIATE_PACING;
    let abandoned = false;
    const search = loadCatalogueSearch(chunks.flat(), CATALOGUE_VOCABULARY, {
      sliceSize: pacing.sliceSize,
      pause: async () => {
        await pacing.pause();
        if (abandoned) throw new Superseded();
      },
    });
    const build = head.build;
    logs.searchIndexLoaded(build, search.size, moved.length, now() - started);
    search.words.then(
      () => {
        logs.searchWordsIndexed(build, search.size, now() - started);
        if (held?.next === search) {
          held.search = search;
          held.next = null;
          held.abandonNext = () => undefined;
        }
      },
      (err: unknown) => {
        if (err instanceof Superseded) return;
        // Never built: the next search loads the snapshot again.
        logs.searchRefreshFailed(err);
        if (held?.search === search || held?.next === search) held = null;
      },
    );
    // A reload after a change: the previous index, words and all, answers until the new one has
    // its words (a small catalogue's within the wait, so a change shows at once there).
    const previous = held && held.search.wordsReady ? held.search : null;
    if (previous) await Promise.race([search.words.catch(() => undefined), sleep(options.swapWaitMs ?? 2_000)]);
    const ready = !previous || search.wordsReady;
    held = {
      build,
      versions,
      chunks,
      search: ready ? search : previous,
      next: ready ? null : search,
      // Only a build that is not answering: a cold instance's first one always finishes.
      abandonNext: ready ? () => undefined : () => void (abandoned = true),
      checkedAt: now(),
    };
  };

  const current = async (): Promise<CatalogueSearch<SearchEntry>> => {
    if (held && now() - held.checkedAt < options.recheckMs()) return held.search;
    refreshing ??= refresh().finally(() => {
      refreshing = null;
    });
    try {
      await refreshing;
    } catch (err) {
      // Firestore away for a moment: the index held still answers; without one, the error does.
      if (!held) throw err;
      logs.searchRefreshFailed(err);
      held.checkedAt = now();
    }
    return held!.search;
  };

  return {
    current,
    async ifReady() {
      if (held && now() - held.checkedAt < options.recheckMs()) return held.search;
      const head = await source.readHead();
      if (head?.state === 'ready') return current();
      // Being rebuilt: the index held still answers; none held, or no snapshot at all: none.
      return head && held ? held.search : null;
    },
  };
}

/**
 * How long a query of words waits for a cold instance's word index (search-index.ts) before 503:
 * at 100,000 parts the index takes 7-9 s on two busy cores, well inside a function's timeout.
 */
export const WORDS_WAIT_MS = 30_000;

/**
 * The index's answer; a query of words on a cold instance waits for its word index, up to
 * `waitMs`, then 503 (try again): never an answer without the words.
 */
export async function answerFrom(index: CatalogueSearch<SearchEntry>, request: SearchRequest, waitMs = WORDS_WAIT_MS) {
  const answer = index.searchIfReady(request);
  if (answer) return answer;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), waitMs)));
  const outcome = await Promise.race([index.words.then(() => 'ready' as const), timeout]).finally(() => clearTimeout(timer));
  if (outcome === 'late')
    throw new AppError('unavailable', 'The catalogue search is being prepared. Try again in a minute.', undefined, { headers: { 'Retry-After': '30' } });
  return index.search(request);
}

/** The snapshot in Firestore. */
export const firestoreSnapshot: SnapshotSource = {
  readHead: async () => (await collections.searchSnapshot().get()).data() ?? null,
  readChunks: async (indexes) => {
    if (indexes.length === 0) return [];
    const snaps = await db.getAll(...indexes.map((i) => collections.searchChunks().doc(String(i))));
    return snaps.map((s) => (s.exists ? (s.data() as SearchChunkDoc) : null));
  },
  build: () => buildSearchSnapshot(),
};

/** This instance's index. */
export const catalogueIndex = createSearchIndex(firestoreSnapshot, { recheckMs: searchRecheckMs });
