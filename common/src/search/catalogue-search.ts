/**
 * The catalogue's search (CONTRACT §11), one module for the function and the tests: every number
 * a part has had, every word, every specification, answered from an index held in memory (our
 * own word index: BM25 ranking, AND of the words, prefix on the last one, typos only in words
 * without digits). Built from a snapshot of the whole catalogue; no Firestore and no Node API here.
 * Decision 0048 says why an in-process index and how it would move to a hosted engine.
 */
import { facetColumn, facetFilter, filterAndCount, selectBest, type FacetColumn, type FacetFilter } from './hit-positions';
import { normalizePartNumber } from './part-number';
import type { AliasKind, PartAlias } from './part-alias';
import { hasDigit, indexTokens, searchTerm, typosAllowed, WordIndexBuilder, words, type TermMatch, type WordIndex } from './word-index';

export type { AliasKind, PartAlias };
export { typosAllowed };

/** How a hit was found when it was not by its own number or words: the number that led to it. */
export interface MatchedBy {
  kind: AliasKind | 'discontinued';
  number: string;
  brand?: string;
}

/** What the index reads of a tool (the API's Tool has all of it). */
export interface SearchableTool {
  _id: string;
  partNumber: string;
  name: string;
  description: string;
  /** Dollars, as the API answers them; only compared. */
  price: number;
  /** ISO time; only compared. */
  createdAt: string;
  aliases?: readonly PartAlias[];
  /** The id of the tool that replaces this one: it is discontinued, and never a hit itself. */
  replacedBy?: string | null;
  category?: string | null;
  specs?: Readonly<Record<string, string>>;
}

/** The catalogue's vocabulary (GET /specs): what categories and spec keys are called. */
export interface SearchVocabulary {
  categories: readonly { key: string; label: string }[];
  specs: readonly { key: string; label: string; unit: string }[];
}

export const SEARCH_SORTS = ['relevance', 'oldest', 'newest', 'price-asc', 'price-desc'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];

export interface SearchRequest {
  q?: string;
  /** Categories, any of which may hold. */
  category?: readonly string[];
  /** Spec key → values: values of one key are alternatives, different keys must all hold. */
  specs?: Readonly<Record<string, readonly string[]>>;
  /** `relevance` by default when there is a query, else `oldest` (the catalogue's own order). */
  sort?: SearchSort;
  offset?: number;
  limit?: number;
}

export interface SearchHit<T> {
  tool: T;
  matchedBy: MatchedBy | null;
}

/** Counts per value, for the category and each spec key: `{ category: { compressors: 3 }, voltage: { '115': 5 } }`. */
export type Facets = Record<string, Record<string, number>>;

export interface SearchAnswer<T> {
  hits: SearchHit<T>[];
  /** Every hit, not the page. */
  total: number;
  facets: Facets;
}

/** The facet of the category; spec keys may not take its name. */
export const CATEGORY_FACET = 'category';

// ---------------------------------------------------------------------------------------------
// The index

/** Fields of the text index, and how much a match in each weighs: numbers, then names, then the rest. */
const FIELDS = ['partNumber', 'aliases', 'name', 'category', 'brands', 'specs', 'description'] as const;
type Field = (typeof FIELDS)[number];
const BOOST: Record<Field, number> = { partNumber: 8, aliases: 6, name: 4, category: 2, brands: 1.5, specs: 1.5, description: 1 };
/** A term found in these fields only came through an alias (or a discontinued tool's number): their bits in a posting's fields. */
const ALIAS_FIELDS = (1 << FIELDS.indexOf('aliases')) | (1 << FIELDS.indexOf('brands'));

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

/** Where a replacedBy chain ends: the live tool, or null for a chain that loops or leads nowhere. */
function chainEnd<T extends SearchableTool>(start: T, byId: ReadonlyMap<string, T>): T | null {
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
 * Thrown by `search` for a query that needs the word index while it is still being built
 * (loadCatalogueSearch): never an answer without the words, which would be silently wrong.
 */
export class WordIndexPending extends Error {
  constructor() {
    super('The word index is still being built.');
    this.name = 'WordIndexPending';
  }
}

export interface CatalogueSearch<T extends SearchableTool> {
  /**
   * Numbers, the listing and filters answer at once; a query of words throws WordIndexPending
   * until `words` has settled (loadCatalogueSearch).
   */
  search(request: SearchRequest): SearchAnswer<T>;
  /** Settles when the word index is built (at once after buildCatalogueSearch). */
  readonly words: Promise<void>;
  /** Whether the word index is built. */
  readonly wordsReady: boolean;
  /**
   * The tool a number names, exactly after normalizePartNumber (never a typo): a part number, a
   * superseded or discontinued number (unique) before an OEM or competitor number (which several
   * tools may share: then not found, with the tools).
   */
  resolve(number: string): Resolution<T>;
  /** Up to `limit` live tools whose numbers are nearest to `number`, nearest first (for a number that resolves to nothing). */
  suggest(number: string, limit?: number): T[];
  /** The live tool a discontinued one resolves to (the end of its chain), or the tool itself. */
  current(toolId: string): T | null;
  /** How many tools the index answers from (discontinued ones not counted). */
  readonly size: number;
}

/**
 * The index over a snapshot of the catalogue. A discontinued tool is not indexed itself: its part
 * number and aliases lead to the end of its replacement chain, as `discontinued` (or its aliases'
 * own kinds).
 */
export function buildCatalogueSearch<T extends SearchableTool>(tools: readonly T[], vocabulary: SearchVocabulary): CatalogueSearch<T> {
  return createCatalogueSearch(tools, vocabulary, null);
}

/** How loadCatalogueSearch builds its word index: so many tools, then a pause for other work. */
export interface WordIndexPacing {
  sliceSize: number;
  pause: () => Promise<void>;
}

/**
 * buildCatalogueSearch for a cold start: the numbers, the listing and the facets are ready when it
 * answers (a few hundred ms at 100,000 parts); the word index, the most of a build (tokenising
 * every field, then scoring the postings at once after the last slice: 7-9 s at 100,000 parts on
 * two cores shared with other work), is built in slices in the background, with a pause after
 * each so the instance goes on answering. Until `words` settles, a query of words throws
 * WordIndexPending.
 */
export function loadCatalogueSearch<T extends SearchableTool>(
  tools: readonly T[],
  vocabulary: SearchVocabulary,
  /** The caller's pause (this module names no platform API): the function's is setImmediate. */
  pacing: WordIndexPacing,
): CatalogueSearch<T> {
  return createCatalogueSearch(tools, vocabulary, pacing);
}

function createCatalogueSearch<T extends SearchableTool>(
  tools: readonly T[],
  vocabulary: SearchVocabulary,
  pacing: WordIndexPacing | null,
): CatalogueSearch<T> {
  const byId = new Map(tools.map((t) => [t._id, t]));
  const categoryLabel = new Map(vocabulary.categories.map((c) => [c.key, c.label]));
  const specOf = new Map(vocabulary.specs.map((s) => [s.key, s]));

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

  const specText = (tool: T) =>
    Object.entries(tool.specs ?? {})
      .map(([key, value]) => {
        const spec = specOf.get(key);
        return spec ? `${spec.label} ${value} ${spec.unit} ${value}${spec.unit}` : value;
      })
      .join(' ; ');

  /** The word index's fields of a tool, in FIELDS order. */
  const fieldTexts = (tool: T): string[] => {
    const via = (ledBy.get(tool._id) ?? []).map((l) => l.by);
    return [
      tool.partNumber,
      via.map((m) => m.number).join(' ; '),
      tool.name,
      tool.category ? (categoryLabel.get(tool.category) ?? tool.category.replace(/-/g, ' ')) : '',
      via.map((m) => m.brand ?? '').join(' ; '),
      specText(tool),
      tool.description,
    ];
  };
  /** Per live tool, its place in the order of ids: relevance's tie-break, worked out with the words. */
  let idRank = new Int32Array(0);
  let wordIndex: WordIndex | null = null;
  /** Every term's occurrences until the postings are made; then garbage (the search's closures would keep it otherwise). */
  let builder: WordIndexBuilder | null = new WordIndexBuilder(FIELDS.map((f) => BOOST[f]));
  const addWords = (slice: readonly T[]) => {
    for (const tool of slice) builder!.addDocument(fieldTexts(tool));
  };
  const finishWords = () => {
    wordIndex = builder!.finish();
    builder = null;
    const byIdOrder = Int32Array.from(live.keys()).sort((a, b) => (live[a]!._id < live[b]!._id ? -1 : live[a]!._id > live[b]!._id ? 1 : 0));
    idRank = new Int32Array(live.length);
    byIdOrder.forEach((position, rank) => (idRank[position] = rank));
  };
  let wordsBuilt: Promise<void>;
  if (!pacing) {
    addWords(live);
    finishWords();
    wordsBuilt = Promise.resolve();
  } else {
    wordsBuilt = (async () => {
      for (let from = 0; from < live.length; from += pacing.sliceSize) {
        await pacing.pause();
        addWords(live.slice(from, from + pacing.sliceSize));
      }
      finishWords();
    })();
  }

  /** Which alias a text hit came through, when every term it matched was in aliases or brands only. */
  const textMatchedBy = (index: WordIndex, position: number, matches: readonly (readonly TermMatch[])[]): MatchedBy | null => {
    const terms = new Set<string>();
    for (const word of matches)
      for (const { term } of word) {
        const fields = index.fieldsOf(position, term);
        if (fields === 0) continue;
        if (fields & ~ALIAS_FIELDS) return null;
        terms.add(index.text(term));
      }
    const via = (ledBy.get(live[position]!._id) ?? []).map((l) => l.by);
    return via.find((m) => [...indexTokens(m.number), ...indexTokens(m.brand ?? '')].some((token) => terms.has(searchTerm(token)))) ?? via[0] ?? null;
  };

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

  /** A query's hits: those by number in order with how each was found, then those by words, unordered, with their scores. */
  interface QueryHits {
    byNumber: { positions: Int32Array; matchedBy: (MatchedBy | null)[]; query: number };
    byWords: { index: WordIndex; positions: Int32Array; matches: TermMatch[][] } | null;
  }

  /**
   * Every hit of a query: the number typed, then numbers starting with it, then the words (their
   * order by relevance is the page's to pick). A query that is a number (it names one exactly, or
   * it is one word with a digit that numbers start with) is matched as a number only: its words
   * would find the same numbers again, at the cost of expanding thousands of them.
   */
  const queryHits = (q: string): QueryHits => {
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
    const byNumber = { positions: Int32Array.from(positions), matchedBy, query };
    const terms = words(q).map(searchTerm);
    const isNumber = exact || (terms.length === 1 && hasDigit(terms[0]!) && positions.length > 0);
    if (terms.length === 0 || isNumber) return { byNumber, byWords: null };
    const index = wordIndex;
    if (!index) throw new WordIndexPending();
    // A word the catalogue has is taken as typed: it is no typo, and its neighbours would rank below it anyway.
    const matches = terms.map((t, i) => index.expand(t, i === terms.length - 1, index.has(t) ? 0 : typosAllowed(t)));
    let found = index.matchAll(matches);
    if (positions.length > 0) found = found.filter((p) => foundByNumberIn[p] !== query);
    return { byNumber, byWords: { index, positions: found, matches } };
  };

  /** Every live tool's position, the hits of the listing (no query). */
  const allPositions = Int32Array.from(live.keys());
  /** The category's column and each spec key's, worked out on first use (not at a cold start). */
  const columns = new Map<string, FacetColumn>();
  const columnOf = (key: string): FacetColumn => {
    let column = columns.get(key);
    if (!column) {
      column = facetColumn(key, live.length, (p) => (key === CATEGORY_FACET ? live[p]!.category : live[p]!.specs?.[key]));
      columns.set(key, column);
    }
    return column;
  };
  const facetKeys = [CATEGORY_FACET, ...vocabulary.specs.map((s) => s.key)];
  /** Per order, each live tool's place and the listing in that order, worked out on first use. */
  const orders = new Map<Exclude<SearchSort, 'relevance'>, { rank: Int32Array; listing: Int32Array }>();
  const orderOf = (sort: Exclude<SearchSort, 'relevance'>) => {
    let order = orders.get(sort);
    if (!order) {
      const listing = allPositions.slice().sort((a, b) => compareTools(live[a]!, live[b]!, sort));
      const rank = new Int32Array(live.length);
      listing.forEach((position, place) => (rank[position] = place));
      order = { rank, listing };
      orders.set(sort, order);
    }
    return order;
  };

  const search = (request: SearchRequest): SearchAnswer<T> => {
    const q = request.q?.trim() ?? '';
    const sort: SearchSort = request.sort && (q || request.sort !== 'relevance') ? request.sort : q ? 'relevance' : 'oldest';
    const found = q ? queryHits(q) : null;
    /** How a hit by number was found; undefined for a hit by words or of the listing. */
    const numberMatchedBy = (position: number): MatchedBy | null | undefined =>
      found && foundByNumberIn[position] === found.byNumber.query ? found.byNumber.matchedBy[numberHitIndex[position]!] : undefined;
    let hits = allPositions;
    if (found) {
      const { byNumber, byWords } = found;
      hits = new Int32Array(byNumber.positions.length + (byWords?.positions.length ?? 0));
      hits.set(byNumber.positions);
      if (byWords) hits.set(byWords.positions, byNumber.positions.length);
    }

    const filters: FacetFilter[] = [];
    if (request.category?.length) filters.push(facetFilter(columnOf(CATEGORY_FACET), request.category));
    for (const [key, values] of Object.entries(request.specs ?? {})) if (values.length) filters.push(facetFilter(columnOf(key), values));
    const { kept, facets } = filterAndCount(hits, facetKeys.map(columnOf), filters);

    const offset = Math.max(0, request.offset ?? 0);
    const limit = Math.max(0, request.limit ?? 20);
    const end = offset + limit;
    let ordered: Int32Array;
    if (sort !== 'relevance') {
      const order = orderOf(sort);
      ordered = kept === allPositions ? order.listing.subarray(0, end) : selectBest(kept, end, (a, b) => order.rank[a]! < order.rank[b]!);
    } else {
      // Hits by number first, in their order (filtering kept it); then the best by words.
      let numbered = 0;
      while (numbered < kept.length && numberMatchedBy(kept[numbered]!) !== undefined) numbered++;
      const scores = found?.byWords?.index.scores;
      const best = scores
        ? selectBest(kept.subarray(numbered), end - numbered, (a, b) => scores[a]! > scores[b]! || (scores[a] === scores[b] && idRank[a]! < idRank[b]!))
        : new Int32Array(0);
      ordered = new Int32Array(Math.min(numbered, end) + best.length);
      ordered.set(kept.subarray(0, Math.min(numbered, end)));
      ordered.set(best, Math.min(numbered, end));
    }
    const byWords = found?.byWords;
    const page = Array.from(ordered.subarray(offset, end), (position) => {
      const byNumber = numberMatchedBy(position);
      return { tool: live[position]!, matchedBy: byNumber !== undefined ? byNumber : byWords ? textMatchedBy(byWords.index, position, byWords.matches) : null };
    });
    return { hits: page, total: kept.length, facets };
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
  const suggest = (number: string, limit = 5): T[] => {
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
    try {
      for (const hit of search({ q: number.slice(0, 200), limit }).hits) for (const k of keysOfTool.get(hit.tool._id) ?? []) consider(hit.tool._id, k);
    } catch (err) {
      // Words still being indexed: the numbers alone suggest.
      if (!(err instanceof WordIndexPending)) throw err;
    }
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
    search,
    resolve,
    suggest,
    current: (toolId) => currentOf.get(toolId) ?? null,
    size: live.length,
    words: wordsBuilt,
    get wordsReady() {
      return wordIndex !== null;
    },
  };
}

/** The catalogue orders; ties (same time or price) go by id, so pages never overlap. */
function compareTools(a: SearchableTool, b: SearchableTool, sort: Exclude<SearchSort, 'relevance'>): number {
  const by =
    sort === 'oldest'
      ? a.createdAt.localeCompare(b.createdAt)
      : sort === 'newest'
        ? b.createdAt.localeCompare(a.createdAt)
        : sort === 'price-asc'
          ? a.price - b.price
          : b.price - a.price;
  return by || (a._id < b._id ? -1 : a._id > b._id ? 1 : 0);
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
