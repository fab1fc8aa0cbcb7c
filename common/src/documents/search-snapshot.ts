import type { ToolFacts } from '../tool';

/**
 * A tool's entry: the tool as GET /tools answers it, and the id of the tool that replaces it
 * (CONTRACT §11), so the index leaves a discontinued tool out and leads its numbers to the end of
 * its chain. Entries written before replacements existed have none: current.
 */
export type SearchEntry = ToolFacts & { replacedBy?: string | null };

/**
 * The search snapshot (CONTRACT §11, docs/decisions/0048): the catalogue in its searchable shape,
 * cut into chunks, so an instance of the function builds its in-memory index from 1 + chunks
 * document reads, never one per tool. `searchSnapshot/current` says which chunks there are and the
 * version of each; `searchSnapshot/current/chunks/{n}` holds the tools. Written only by the
 * function (and the seed and the tests through its code): no client reads it (firestore.rules).
 *
 * A tool's entry is the tool as GET /tools answers it, so a search hit needs no further read.
 * Chunks split the id space: chunk n holds the ids from its `from` up to the next chunk's, so an
 * admin's change finds its tool's chunk from the version document alone.
 */

/** At most this many tools in a chunk (decision 0048). */
export const CHUNK_MAX_TOOLS = 1_500;
/** And at most this many bytes of JSON: Firestore's limit is 1 MiB a document, long descriptions fill it first. */
export const CHUNK_MAX_BYTES = 900_000;

/** One chunk as the version document lists it. */
export interface SnapshotChunkMeta {
  /** The smallest tool id this chunk holds (chunk 0: ''); it holds ids up to the next larger `from`. */
  from: string;
  /** Moves with every write of the chunk: an instance reloads the chunks whose version moved. */
  version: number;
  count: number;
}

/** searchSnapshot/current. */
export interface SearchSnapshotDoc {
  /** A new id for every rebuild: an instance holding another build reloads every chunk. */
  build: string;
  /** `building` while a rebuild writes the chunks; changes meanwhile are listed in `pending`. */
  state: 'building' | 'ready';
  /** When the build started (ms since the epoch): a build that never finished is taken over after a while. */
  startedAt: number;
  /** Moves with every change of any chunk. */
  version: number;
  chunks: SnapshotChunkMeta[];
  /** Ids of tools an admin changed while the build ran: the build's last step reads them again. */
  pending: string[];
  /**
   * The chunks hold every order's stock change up to this time (ms, Firestore's clock; the sweep
   * moves it on). Absent in a snapshot built before: from its build's start.
   */
  stockAsOf?: number;
}

/** searchSnapshot/current/chunks/{n}, as the function handles it. */
export interface SearchChunkDoc {
  build: string;
  version: number;
  tools: SearchEntry[];
}

/**
 * searchSnapshot/current/chunks/{n} as stored: the tools as one JSON string. Firestore decodes a
 * chunk of 1,500 tools stored as maps field by field (about 40 values a tool), which made a cold
 * start's reads the larger part of its time at 100,000 parts; one string decodes at once and
 * JSON.parse is fast. No client reads a chunk, so nothing needs its fields queryable.
 */
export interface StoredSearchChunkDoc {
  build: string;
  version: number;
  /** JSON of `SearchEntry[]`; a chunk written before this shape holds the array itself. */
  tools: string | SearchEntry[];
}

/** A chunk as stored (firestore.ts's converter): CHUNK_MAX_BYTES of JSON stays under the 1 MiB a document. */
export const encodeSearchChunk = (chunk: SearchChunkDoc): StoredSearchChunkDoc => ({
  build: chunk.build,
  version: chunk.version,
  tools: JSON.stringify(chunk.tools),
});

/**
 * A chunk as read, either shape. Entries written before tools answered their core deposit and tax
 * code (decision 0088) read as none and the shop's default, as the tool's own answer does.
 */
export const decodeSearchChunk = (stored: StoredSearchChunkDoc): SearchChunkDoc => ({
  build: stored.build,
  version: stored.version,
  tools: (typeof stored.tools === 'string' ? (JSON.parse(stored.tools) as SearchEntry[]) : stored.tools).map((t) => ({
    ...t,
    coreDeposit: t.coreDeposit ?? 0,
    taxCode: t.taxCode ?? null,
  })),
});

export const SEARCH_SNAPSHOT_ID = 'current';
export const SEARCH_CHUNKS = 'chunks';

/** The UTF-8 size of the value's JSON (no TextEncoder: common names no platform API). */
function byteLength(value: unknown): number {
  let n = 0;
  for (const ch of JSON.stringify(value)) {
    const c = ch.codePointAt(0)!;
    n += c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
  }
  return n;
}

const byId = (a: SearchEntry, b: SearchEntry) => (a._id < b._id ? -1 : a._id > b._id ? 1 : 0);

/** The chunk a tool id belongs to: the one with the largest `from` not above it. */
export function chunkIndexFor(chunks: readonly SnapshotChunkMeta[], id: string): number {
  let found = 0;
  for (let i = 1; i < chunks.length; i++) if (chunks[i]!.from <= id && chunks[i]!.from > chunks[found]!.from) found = i;
  return found;
}

/** Tools (sorted by id) cut into pieces of at most CHUNK_MAX_TOOLS tools and CHUNK_MAX_BYTES. */
export function cutIntoChunks(sorted: readonly SearchEntry[], limits = { tools: CHUNK_MAX_TOOLS, bytes: CHUNK_MAX_BYTES }): SearchEntry[][] {
  const pieces: SearchEntry[][] = [];
  let piece: SearchEntry[] = [];
  let bytes = 2;
  for (const tool of sorted) {
    const size = byteLength(tool) + 1;
    if (piece.length > 0 && (piece.length >= limits.tools || bytes + size > limits.bytes)) {
      pieces.push(piece);
      piece = [];
      bytes = 2;
    }
    piece.push(tool);
    bytes += size;
  }
  if (piece.length > 0 || pieces.length === 0) pieces.push(piece);
  return pieces;
}

/** A whole snapshot from every tool: the version document's chunk list and each chunk's tools. */
export function layOutSnapshot(
  tools: readonly SearchEntry[],
  limits = { tools: CHUNK_MAX_TOOLS, bytes: CHUNK_MAX_BYTES },
): { chunks: SnapshotChunkMeta[]; pieces: SearchEntry[][] } {
  const pieces = cutIntoChunks([...tools].sort(byId), limits);
  return { pieces, chunks: pieces.map((p, i) => ({ from: i === 0 ? '' : p[0]!._id, version: 1, count: p.length })) };
}

/** What one tool's change writes: the chunks to write (by index, with their tools) and the new chunk list. */
export interface ChunkChange {
  chunks: SnapshotChunkMeta[];
  writes: { index: number; tools: SearchEntry[]; version: number }[];
}

/**
 * The tool's entry put into (or, with `entry` null, taken out of) its chunk, whose tools are
 * `stored`. A chunk grown past its limits splits: its first piece keeps its index, the others
 * become new chunks at the end of the list, each starting at its first id.
 */
export function changeChunk(
  chunks: readonly SnapshotChunkMeta[],
  stored: readonly SearchEntry[],
  id: string,
  entry: SearchEntry | null,
  limits = { tools: CHUNK_MAX_TOOLS, bytes: CHUNK_MAX_BYTES },
): ChunkChange {
  const index = chunkIndexFor(chunks, id);
  const tools = stored.filter((t) => t._id !== id);
  if (entry) tools.push(entry);
  tools.sort(byId);
  const pieces = cutIntoChunks(tools, limits);
  const next = chunks.map((c) => ({ ...c }));
  const own = next[index] ?? { from: '', version: 0, count: 0 };
  next[index] = { from: own.from, version: own.version + 1, count: pieces[0]!.length };
  const writes = [{ index, tools: pieces[0]!, version: own.version + 1 }];
  for (const piece of pieces.slice(1)) {
    const at = next.length;
    next.push({ from: piece[0]!._id, version: 1, count: piece.length });
    writes.push({ index: at, tools: piece, version: 1 });
  }
  return { chunks: next, writes };
}
