/**
 * The catalogue's number index (CONTRACT §11, decisions 0048 and 0050): every number a live tool
 * is known by (its own, its aliases, the numbers of the discontinued tools it replaces), normalised
 * and sorted, so a number typed is found exactly, by its start, resolved for an order, or answered
 * with the nearest numbers. The word index (catalogue-words.ts) sits beside it; catalogue-search.ts
 * composes the two.
 */
import type { AliasKind, PartAlias } from './part-alias';
import { normalizePartNumber } from './part-number';

/** How a hit was found when it was not by its own number or words: the number that led to it. */
export interface MatchedBy {
  kind: AliasKind | 'discontinued';
  number: string;
  brand?: string;
}

/** What the number index reads of a tool. */
export interface NumberedTool {
  _id: string;
  partNumber: string;
  aliases?: readonly PartAlias[];
  /** The id of the tool that replaces this one: it is discontinued, and never a hit itself. */
  replacedBy?: string | null;
}

/** What a number resolves to (GET /parts/resolve, ordering by number; CONTRACT §11). */
export type Resolution<T> =
  | {
      found: true;
      /** `current`: the part's own number. */
      match: 'current' | MatchedBy['kind'];
      /** The tool to order: the end of any chain. */
      part: T;
      /** The alias or discontinued number it came through, and whose it is; null for `current`. */
      via: { number: string; kind: MatchedBy['kind']; brand: string | null; toolId: string } | null;
      /** The part numbers walked, from the tool whose number it is to the part. */
      chain: string[];
    }
  /** No tool (`parts` empty), or an OEM or competitor number several tools share. */
  | { found: false; parts: T[] };

/** A number the index knows (a part number or an alias, normalised) and the live tool it leads to. */
interface NumberEntry {
  toolId: string;
  /** The live tool's place in the index (its position in every array indexed by tool). */
  position: number;
  matchedBy: MatchedBy | null;
  /** The tool whose number or alias it is (a discontinued one, for a number that leads along a chain). */
  from: string;
}

/** A number that leads to a live tool, and the tool whose number or alias it is. */
interface Lead {
  by: MatchedBy;
  from: string;
}

/** A query's hits by number, in order, with how each was found. */
export interface NumberHits {
  positions: Int32Array;
  /** How each was found, by its place in `positions` (null: by its own number). */
  matchedBy: (MatchedBy | null)[];
  /** Whether the query names a number exactly. */
  exact: boolean;
  /** The query's count, for `matchedBy`. */
  query: number;
}

export interface NumberIndex<T extends NumberedTool> {
  /** The live tools, in the index's positions. */
  readonly live: readonly T[];
  /** The numbers other than its own that lead to a live tool, with how. */
  ledBy(toolId: string): MatchedBy[];
  /** The number typed, then the numbers starting with it (from 2 characters). */
  hits(q: string): NumberHits;
  /** How a hit of `hits` was found (null: by its own number); undefined for a tool it did not find. */
  matchedBy(position: number, hits: NumberHits): MatchedBy | null | undefined;
  resolve(number: string): Resolution<T>;
  /** The nearest numbers' tools; `nearHits` are a search's hits for the number (none while words are pending). */
  suggest(number: string, limit: number, nearHits: () => readonly T[]): T[];
  current(toolId: string): T | null;
}

/** Where a replacedBy chain ends: the live tool, or null for a chain that loops or leads nowhere. */
function chainEnd<T extends NumberedTool>(start: T, byId: ReadonlyMap<string, T>): T | null {
  const seen = new Set<string>();
  let at: T | undefined = start;
  while (at?.replacedBy) {
    if (seen.has(at._id)) return null;
    seen.add(at._id);
    at = byId.get(at.replacedBy);
  }
  return at ?? null;
}

/**
 * The number index over a snapshot of the catalogue. A discontinued tool is not indexed itself:
 * its part number and aliases lead to the end of its replacement chain, as `discontinued` (or its
 * aliases' own kinds).
 */
export function buildNumberIndex<T extends NumberedTool>(tools: readonly T[], byId: ReadonlyMap<string, T>): NumberIndex<T> {
  const live: T[] = [];
  const currentOf = new Map<string, T>();
  /** Per live tool: the numbers that lead to it other than its own, with how. */
  const ledBy = new Map<string, Lead[]>();
  const numbers = new Map<string, NumberEntry[]>();
  const addNumber = (number: string, entry: NumberEntry) => {
    const key = normalizePartNumber(number);
    if (!key) return;
    const list = numbers.get(key);
    if (!list) numbers.set(key, [entry]);
    else if (!list.some((e) => e.toolId === entry.toolId)) list.push(entry);
  };

  for (const tool of tools) {
    const end = chainEnd(tool, byId);
    if (!end) continue;
    currentOf.set(tool._id, end);
    if (end === tool) live.push(tool);
    const via: Lead[] = [];
    if (end !== tool) via.push({ by: { kind: 'discontinued', number: tool.partNumber }, from: tool._id });
    for (const a of tool.aliases ?? []) via.push({ by: { kind: a.kind, number: a.number, ...(a.brand ? { brand: a.brand } : {}) }, from: tool._id });
    const led = ledBy.get(end._id);
    if (led) led.push(...via);
    else ledBy.set(end._id, via);
  }
  live.forEach((tool, position) => addNumber(tool.partNumber, { toolId: tool._id, position, matchedBy: null, from: tool._id }));
  live.forEach((tool, position) => {
    for (const m of ledBy.get(tool._id) ?? []) addNumber(m.by.number, { toolId: tool._id, position, matchedBy: m.by, from: m.from });
  });
  const numberKeys = [...numbers.keys()].sort();
  /** Each sorted number's entries, so the start of a number walks an array, not thousands of Map lookups. */
  const numberEntries = numberKeys.map((k) => numbers.get(k)!);

  /** Where `key` is or would be in the sorted numbers (a binary search). */
  const numberPosition = (key: string): number => {
    let lo = 0;
    let hi = numberKeys.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (numberKeys[mid]! < key) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };

  /** The entries of the numbers that start with `key`, in the numbers' order. */
  const numbersStartingWith = (key: string): NumberEntry[][] => {
    const out: NumberEntry[][] = [];
    for (let i = numberPosition(key); i < numberKeys.length && numberKeys[i]!.startsWith(key); i++) out.push(numberEntries[i]!);
    return out;
  };

  /**
   * Per live tool, the query (counted) that last found it by number, and where among that query's
   * hits by number: membership without a Map of thousands of hits for the start of a number.
   */
  const foundByNumberIn = new Uint32Array(live.length);
  const numberHitIndex = new Int32Array(live.length);
  let queries = 0;

  const hits = (q: string): NumberHits => {
    const query = ++queries;
    const positions: number[] = [];
    const matchedBy: (MatchedBy | null)[] = [];
    const add = (e: NumberEntry): boolean => {
      if (foundByNumberIn[e.position] === query) return false;
      foundByNumberIn[e.position] = query;
      numberHitIndex[e.position] = positions.length;
      positions.push(e.position);
      matchedBy.push(e.matchedBy);
      return true;
    };
    const key = normalizePartNumber(q);
    for (const e of numbers.get(key) ?? []) add(e);
    const exact = positions.length > 0;
    if (key.length >= 2) {
      // Among numbers that only start with the query, a tool's own part number says more than its
      // alias: "fpcfm115" finds FP-CFM-115-9W as itself, not as the FP-CFM-115-7W it replaces.
      const byAliasPrefix = new Set<number>();
      for (const entries of numbersStartingWith(key))
        for (const e of entries) {
          if (add(e)) {
            if (e.matchedBy) byAliasPrefix.add(e.position);
          } else if (!e.matchedBy && byAliasPrefix.delete(e.position)) matchedBy[numberHitIndex[e.position]!] = null;
        }
    }
    return { positions: Int32Array.from(positions), matchedBy, exact, query };
  };

  /** The part numbers from `fromId` along its chain to its end. */
  const chainFrom = (fromId: string): string[] => {
    const out: string[] = [];
    const seen = new Set<string>();
    for (let at = byId.get(fromId); at && !seen.has(at._id); at = at.replacedBy ? byId.get(at.replacedBy) : undefined) {
      seen.add(at._id);
      out.push(at.partNumber);
    }
    return out;
  };

  const resolve = (number: string): Resolution<T> => {
    const entries = numbers.get(normalizePartNumber(number)) ?? [];
    const own = entries.find((e) => e.matchedBy === null);
    const unique = entries.filter((e) => e.matchedBy?.kind === 'superseded' || e.matchedBy?.kind === 'discontinued');
    const shared = entries.filter((e) => e.matchedBy?.kind === 'oem' || e.matchedBy?.kind === 'competitor');
    const pick = own ? [own] : unique.length > 0 ? unique : shared;
    const tools = [...new Set(pick.map((e) => e.toolId))].map((id) => byId.get(id)!);
    if (pick.length === 0 || tools.length !== 1) return { found: false, parts: tools };
    const e = pick[0]!;
    const part = tools[0]!;
    const m = e.matchedBy;
    return {
      found: true,
      match: m ? m.kind : 'current',
      part,
      via: m ? { number: m.number, kind: m.kind, brand: m.brand ?? null, toolId: e.from } : null,
      chain: chainFrom(e.from),
    };
  };

  /** O and 0, I and 1 folded: a swap of them is a likely misreading, offered as a suggestion only. */
  const fold = (key: string) => key.replace(/O/g, '0').replace(/I/g, '1');
  let folded: Map<string, string[]> | null = null;
  /** Each tool's number keys (its own and its aliases'), for a word-search hit to be held to the number typed. */
  let keysOfTool: Map<string, string[]> | null = null;
  const suggest = (number: string, limit: number, nearHits: () => readonly T[]): T[] => {
    const key = normalizePartNumber(number);
    const typed = fold(key);
    if (!folded || !keysOfTool) {
      folded = new Map();
      keysOfTool = new Map();
      for (const k of numberKeys) {
        folded.set(fold(k), [...(folded.get(fold(k)) ?? []), k]);
        for (const e of numbers.get(k)!) keysOfTool.set(e.toolId, [...(keysOfTool.get(e.toolId) ?? []), k]);
      }
    }
    // Each candidate with how far its nearest number is from the one typed; only near ones are kept
    // (suggestionDistance), so a number that is nothing like the catalogue's suggests nothing.
    const found = new Map<string, number>();
    const consider = (toolId: string, k: string) => {
      const d = suggestionDistance(typed, fold(k));
      if (d !== null && d < (found.get(toolId) ?? Infinity) && byId.has(toolId)) found.set(toolId, d);
    };
    for (const k of folded.get(typed) ?? []) for (const e of numbers.get(k)!) consider(e.toolId, k);
    for (const tool of nearHits()) for (const k of keysOfTool.get(tool._id) ?? []) consider(tool._id, k);
    // The numbers nearest in order: those sharing the longest start with it.
    const lo = numberPosition(key);
    for (let i = Math.max(0, lo - limit * 2); i < Math.min(numberKeys.length, lo + limit * 2); i++) {
      const k = numberKeys[i]!;
      for (const e of numbers.get(k)!) consider(e.toolId, k);
    }
    // Nearest first; a tie keeps the order found (a folded match, a search hit, then by position).
    return [...found.entries()]
      .sort((a, b) => a[1] - b[1])
      .slice(0, limit)
      .map(([id]) => byId.get(id)!);
  };

  return {
    live,
    ledBy: (toolId) => (ledBy.get(toolId) ?? []).map((l) => l.by),
    hits,
    matchedBy: (position, found) => (foundByNumberIn[position] === found.query ? found.matchedBy[numberHitIndex[position]!] : undefined),
    resolve,
    suggest,
    current: (toolId) => currentOf.get(toolId) ?? null,
  };
}

/**
 * How far a catalogue number is from one typed, when it is near enough to suggest: the edits
 * between them (optimal string alignment: a swap of two neighbours is one edit) up to a fifth of
 * the longer, at least 1 (FP-DFT-8H26 for FP-DFT-8H25); or, for a number typed short (at least
 * two thirds of the catalogue's, 5 characters or more), the catalogue's starting with it
 * (FP-THM-CC-03 for FP-THM-CC-036). Null otherwise: an unrelated number is no help, and a
 * suggestion of one reads as if the shop thought it was meant (issue 43, item 8).
 */
export function suggestionDistance(typed: string, known: string): number | null {
  const longer = Math.max(typed.length, known.length);
  const max = Math.max(1, Math.floor(longer / 5));
  if (typed.length >= 5 && known.startsWith(typed) && typed.length * 3 >= known.length * 2) return known.length - typed.length;
  if (Math.abs(typed.length - known.length) > max) return null;
  const d = editDistance(typed, known, max);
  return d <= max ? d : null;
}

/** Optimal string alignment distance, or max + 1 as soon as every path is past `max`. */
function editDistance(a: string, b: string, max: number): number {
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, before[j - 2]! + 1);
      current.push(d);
      best = Math.min(best, d);
    }
    if (best > max) return max + 1;
    before = previous;
    previous = current;
  }
  return previous[b.length]!;
}
