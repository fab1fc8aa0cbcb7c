/**
 * The catalogue's search (CONTRACT §11), one module for the function and the tests: every number
 * a part has had, every word, every specification, answered from an index held in memory
 * (MiniSearch: BM25 ranking, AND of the words, prefix on the last one, typos only in words without
 * digits). Built from a snapshot of the whole catalogue; no Firestore and no Node API here.
 * Decision 0048 says why an in-process index and how it would move to a hosted engine.
 */
import MiniSearch, { type Query, type SearchResult } from 'minisearch';
import { normalizePartNumber } from './part-number';
import type { AliasKind, PartAlias } from './part-alias';

export type { AliasKind, PartAlias };

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
// Words

/** Anything but a letter, a digit or a separator inside a number ends a word. */
const NOT_IN_WORD = /[^\p{L}\p{N}\-\u2010\u2013\u2014\u2212./_]+/u;
const SEPARATORS = /[-\u2010\u2013\u2014\u2212./_]/u;
const ALL_SEPARATORS = new RegExp(SEPARATORS, 'gu');

/** A text's words, each joined across its separators ("R-134a" → "R134a"), NFKC. */
function words(text: string): string[] {
  return text
    .normalize('NFKC')
    .split(NOT_IN_WORD)
    .map((w) => w.replace(ALL_SEPARATORS, ''))
    .filter((w) => w.length > 0);
}

/**
 * What is indexed of a text: each word joined, and where it was written apart, its pieces too, so
 * "fp cmp 134a" and "r 134a" find what was written "FP-CMP-134A" and "R-134a".
 */
function indexTokens(text: string): string[] {
  const out: string[] = [];
  for (const raw of text.normalize('NFKC').split(NOT_IN_WORD)) {
    const pieces = raw.split(SEPARATORS).filter((p) => p.length > 0);
    if (pieces.length === 0) continue;
    out.push(pieces.join(''));
    if (pieces.length > 1) out.push(...pieces);
  }
  return out;
}

const hasDigit = (term: string) => /\p{N}/u.test(term);

/** Lower case, and a plural "s" dropped from a word without digits ("gaskets" finds "Gasket"). */
function searchTerm(word: string): string {
  const lower = word.toLowerCase();
  return lower.length > 3 && lower.endsWith('s') && !lower.endsWith('ss') && !hasDigit(lower) ? lower.slice(0, -1) : lower;
}

/**
 * How many typos a query word may have (CONTRACT §11): none in a word with a digit (a number is
 * never matched loosely) or of under 5 letters, one from 5 letters, two from 8.
 */
export function typosAllowed(term: string): number {
  if (hasDigit(term)) return 0;
  const letters = [...term].length;
  return letters >= 8 ? 2 : letters >= 5 ? 1 : 0;
}

/** The word with two neighbouring letters swapped, each way it can be. */
function swaps(term: string): string[] {
  const chars = [...term];
  const out = new Set<string>();
  for (let i = 0; i + 1 < chars.length; i++) {
    if (chars[i] === chars[i + 1]) continue;
    const c = [...chars];
    [c[i], c[i + 1]] = [c[i + 1]!, c[i]!];
    out.add(c.join(''));
  }
  out.delete(term);
  return [...out];
}

/**
 * One query word as MiniSearch matches it. Its fuzzy match counts edits as Levenshtein does, where
 * two swapped neighbours are two edits; CONTRACT §11 counts a swap as one typo. So the word is
 * matched within its typos, and each of its swaps within one typo fewer (with two typos allowed,
 * the swaps of the swaps exactly). A word the catalogue has (`known`) is taken as typed: it is
 * no typo, and its fuzzy neighbours would cost the most of a search in a large catalogue (a
 * 10-letter word has 45 swaps and swaps of swaps) for matches that rank below it anyway.
 */
function wordQuery(term: string, last: boolean, known: boolean): Query {
  const typos = known ? 0 : typosAllowed(term);
  const prefix = last;
  if (typos === 0) return { queries: [term], prefix, fuzzy: false };
  const once = swaps(term);
  const twice = typos >= 2 ? [...new Set(once.flatMap(swaps))].filter((t) => t !== term) : [];
  const queries: Query[] = [{ queries: [term], prefix, fuzzy: typos }];
  if (once.length > 0) queries.push({ combineWith: 'OR', queries: once, prefix, fuzzy: typos - 1 || false });
  if (twice.length > 0) queries.push({ combineWith: 'OR', queries: twice, prefix, fuzzy: false });
  return { combineWith: 'OR', queries };
}

// ---------------------------------------------------------------------------------------------
// The index

/** Fields of the text index, and how much a match in each weighs: numbers, then names, then the rest. */
const FIELDS = ['partNumber', 'aliases', 'name', 'category', 'brands', 'specs', 'description'] as const;
type Field = (typeof FIELDS)[number];
const BOOST: Record<Field, number> = { partNumber: 8, aliases: 6, name: 4, category: 2, brands: 1.5, specs: 1.5, description: 1 };
/** A term found in these fields only came through an alias (or a discontinued tool's number). */
const ALIAS_FIELDS: ReadonlySet<string> = new Set<Field>(['aliases', 'brands']);

type IndexedDoc = { id: string } & Record<Field, string>;

/** A number the index knows (a part number or an alias, normalised) and the live tool it leads to. */
interface NumberEntry {
  toolId: string;
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
 * every field: 10-16 s at 100,000 parts on two cores), is built in slices in the background, with
 * a pause after each so the instance goes on answering. Until `words` settles, a query of words
 * throws WordIndexPending.
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
  /** A hit while a search runs: a text hit's alias (matchedBy undefined) is worked out from its result for the page only. */
  type Hit = { tool: T; matchedBy: MatchedBy | null | undefined; result?: SearchResult };
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
  for (const tool of live) addNumber(tool.partNumber, { toolId: tool._id, matchedBy: null, from: tool._id });
  for (const tool of live) for (const m of ledBy.get(tool._id) ?? []) addNumber(m.by.number, { toolId: tool._id, matchedBy: m.by, from: m.from });
  const numberKeys = [...numbers.keys()].sort();

  const specText = (tool: T) =>
    Object.entries(tool.specs ?? {})
      .map(([key, value]) => {
        const spec = specOf.get(key);
        return spec ? `${spec.label} ${value} ${spec.unit} ${value}${spec.unit}` : value;
      })
      .join(' ; ');

  /** Every term the index holds, to tell a word typed as the catalogue has it from a typo. */
  const indexedTerms = new Set<string>();
  const index = new MiniSearch<IndexedDoc>({
    fields: [...FIELDS],
    tokenize: indexTokens,
    processTerm: (term) => {
      const t = searchTerm(term);
      indexedTerms.add(t);
      return t;
    },
    searchOptions: {
      boost: BOOST,
      combineWith: 'AND',
      // Query words arrive already split and processed (wordQuery).
      tokenize: (text) => [text],
      processTerm: (term) => term,
    },
  });
  const indexedDoc = (tool: T): IndexedDoc => {
    const via = (ledBy.get(tool._id) ?? []).map((l) => l.by);
    return {
      id: tool._id,
      partNumber: tool.partNumber,
      aliases: via.map((m) => m.number).join(' ; '),
      brands: via.map((m) => m.brand ?? '').join(' ; '),
      name: tool.name,
      category: tool.category ? (categoryLabel.get(tool.category) ?? tool.category.replace(/-/g, ' ')) : '',
      specs: specText(tool),
      description: tool.description,
    };
  };
  let wordsReady = false;
  let wordIndex: Promise<void>;
  if (!pacing) {
    index.addAll(live.map(indexedDoc));
    wordsReady = true;
    wordIndex = Promise.resolve();
  } else {
    wordIndex = (async () => {
      for (let from = 0; from < live.length; from += pacing.sliceSize) {
        await pacing.pause();
        index.addAll(live.slice(from, from + pacing.sliceSize).map(indexedDoc));
      }
      wordsReady = true;
    })();
  }

  /** Which alias a text match came through, when it came through aliases only. */
  const textMatchedBy = (result: SearchResult): MatchedBy | null => {
    const fields = Object.values(result.match).flat();
    if (fields.some((f) => !ALIAS_FIELDS.has(f))) return null;
    const terms = Object.keys(result.match);
    const via = (ledBy.get(String(result.id)) ?? []).map((l) => l.by);
    return via.find((m) => terms.some((term) => [...indexTokens(m.number), ...indexTokens(m.brand ?? '')].map(searchTerm).includes(term))) ?? via[0] ?? null;
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

  /** The numbers that start with `key`, in order. */
  const numbersStartingWith = (key: string): string[] => {
    const out: string[] = [];
    for (let i = numberPosition(key); i < numberKeys.length && numberKeys[i]!.startsWith(key); i++) out.push(numberKeys[i]!);
    return out;
  };

  /**
   * Every hit of a query, best first: the number typed, then numbers starting with it, then the
   * words by relevance. A query that is a number (it names one exactly, or it is one word with a
   * digit that numbers start with) is matched as a number only: its words would find the same
   * numbers again, at the cost of expanding thousands of them. A text hit's alias is worked out
   * only for the hits answered (`matchedBy` undefined until then: textMatchedBy).
   */
  const queryHits = (q: string): Hit[] => {
    const hits = new Map<string, Hit>();
    const add = (toolId: string, matchedBy: MatchedBy | null | undefined, result?: SearchResult) => {
      const tool = byId.get(toolId);
      if (tool && !hits.has(toolId)) hits.set(toolId, { tool, matchedBy, result });
    };
    const key = normalizePartNumber(q);
    for (const e of numbers.get(key) ?? []) add(e.toolId, e.matchedBy);
    const exact = hits.size > 0;
    if (key.length >= 2) {
      // Among numbers that only start with the query, a tool's own part number says more than its
      // alias: "fpcfm115" finds FP-CFM-115-9W as itself, not as the FP-CFM-115-7W it replaces.
      const byAliasPrefix = new Set<string>();
      for (const k of numbersStartingWith(key))
        for (const e of numbers.get(k)!) {
          const hit = hits.get(e.toolId);
          if (!hit) {
            add(e.toolId, e.matchedBy);
            if (e.matchedBy) byAliasPrefix.add(e.toolId);
          } else if (!e.matchedBy && byAliasPrefix.delete(e.toolId)) hit.matchedBy = null;
        }
    }
    const terms = words(q).map(searchTerm);
    const isNumber = exact || (terms.length === 1 && hasDigit(terms[0]!) && hits.size > 0);
    if (terms.length > 0 && !isNumber) {
      if (!wordsReady) throw new WordIndexPending();
      const query: Query = { combineWith: 'AND', queries: terms.map((t, i) => wordQuery(t, i === terms.length - 1, indexedTerms.has(t))) };
      for (const result of index.search(query)) add(String(result.id), undefined, result);
    }
    return [...hits.values()];
  };

  /** The facet values of each live tool (its category and specs), worked out once. */
  const facetPairs = new Map<string, [string, string][]>();
  /** Worked out on a tool's first count, not at a cold start (a quarter of a second at 100,000 parts). */
  const facetPairsOf = (tool: T): [string, string][] => {
    let pairs = facetPairs.get(tool._id);
    if (!pairs) {
      pairs = Object.entries(tool.specs ?? {}).filter(([key, value]) => specOf.has(key) && value !== '');
      if (tool.category) pairs.unshift([CATEGORY_FACET, tool.category]);
      facetPairs.set(tool._id, pairs);
    }
    return pairs;
  };
  /** Every live tool as a hit, for the catalogue's listing (no query). */
  const liveHits: Hit[] = live.map((tool) => ({ tool, matchedBy: null }));
  /** Per order, each live tool's place and the listing in that order, worked out on first use. */
  const orders = new Map<Exclude<SearchSort, 'relevance'>, { rank: Map<string, number>; listing: Hit[] }>();
  const orderOf = (sort: Exclude<SearchSort, 'relevance'>) => {
    let order = orders.get(sort);
    if (!order) {
      const listing = [...liveHits].sort((a, b) => compareTools(a.tool, b.tool, sort));
      order = { rank: new Map(listing.map((h, i) => [h.tool._id, i])), listing };
      orders.set(sort, order);
    }
    return order;
  };

  const search = (request: SearchRequest): SearchAnswer<T> => {
    const q = request.q?.trim() ?? '';
    const sort: SearchSort = request.sort && (q || request.sort !== 'relevance') ? request.sort : q ? 'relevance' : 'oldest';
    let all: Hit[] = q ? queryHits(q) : liveHits;

    // Filters, and the facets each counted with its own filter left out.
    const filters: [string, ReadonlySet<string>][] = [];
    if (request.category?.length) filters.push([CATEGORY_FACET, new Set(request.category)]);
    for (const [key, values] of Object.entries(request.specs ?? {})) if (values.length) filters.push([key, new Set(values)]);
    const valueOf = (tool: T, key: string) => (key === CATEGORY_FACET ? (tool.category ?? undefined) : tool.specs?.[key]);
    const facets: Facets = { [CATEGORY_FACET]: {} };
    for (const spec of vocabulary.specs) facets[spec.key] = {};
    const count = (key: string, value: string | undefined) => {
      if (value === undefined || value === '') return;
      const counts = (facets[key] ??= {});
      counts[value] = (counts[value] ?? 0) + 1;
    };
    // One pass, no allocation per hit: a hit every filter passes is kept and counted for every
    // key; a hit one filter fails is counted for that key only (its own filter left out).
    const kept: Hit[] = filters.length === 0 ? all : [];
    for (const hit of all) {
      let fails = 0;
      let failedKey = '';
      for (const [key, values] of filters) {
        if (!values.has(valueOf(hit.tool, key) ?? '')) {
          failedKey = key;
          if (++fails > 1) break;
        }
      }
      if (fails === 0) {
        if (filters.length > 0) kept.push(hit);
        for (const [key, value] of facetPairsOf(hit.tool)) count(key, value);
      } else if (fails === 1) {
        count(failedKey, valueOf(hit.tool, failedKey));
      }
    }
    all = kept;

    if (sort !== 'relevance') {
      const order = orderOf(sort);
      if (all === liveHits) all = order.listing;
      else {
        // By each hit's place in the order, worked out once per order: numbers compared, not tools.
        const placed = all.map((hit) => [order.rank.get(hit.tool._id) ?? 0, hit] as const);
        placed.sort((a, b) => a[0] - b[0]);
        all = placed.map(([, hit]) => hit);
      }
    }
    const offset = Math.max(0, request.offset ?? 0);
    const limit = Math.max(0, request.limit ?? 20);
    const page = all.slice(offset, offset + limit).map((hit) => ({
      tool: hit.tool,
      matchedBy: hit.matchedBy === undefined ? (hit.result ? textMatchedBy(hit.result) : null) : hit.matchedBy,
    }));
    return { hits: page, total: all.length, facets };
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
  const suggest = (number: string, limit = 5): T[] => {
    const key = normalizePartNumber(number);
    const out = new Map<string, T>();
    const add = (toolId: string) => {
      const tool = byId.get(toolId);
      if (tool && out.size < limit) out.set(toolId, tool);
    };
    if (!folded) {
      folded = new Map();
      for (const k of numberKeys) folded.set(fold(k), [...(folded.get(fold(k)) ?? []), k]);
    }
    for (const k of folded.get(fold(key)) ?? []) for (const e of numbers.get(k)!) add(e.toolId);
    try {
      for (const hit of search({ q: number.slice(0, 200), limit }).hits) add(hit.tool._id);
    } catch (err) {
      // Words still being indexed: the numbers alone suggest.
      if (!(err instanceof WordIndexPending)) throw err;
    }
    // The numbers nearest in order: those sharing the longest start with it.
    const lo = numberPosition(key);
    const shared = (k: string) => {
      let n = 0;
      while (n < k.length && n < key.length && k[n] === key[n]) n++;
      return n;
    };
    const near: number[] = [];
    for (let i = Math.max(0, lo - limit * 2); i < Math.min(numberKeys.length, lo + limit * 2); i++) if (shared(numberKeys[i]!) >= 2) near.push(i);
    near.sort((a, b) => shared(numberKeys[b]!) - shared(numberKeys[a]!) || Math.abs(a - lo) - Math.abs(b - lo));
    for (const i of near) for (const e of numbers.get(numberKeys[i]!)!) add(e.toolId);
    return [...out.values()];
  };

  return {
    search,
    resolve,
    suggest,
    current: (toolId) => currentOf.get(toolId) ?? null,
    size: live.length,
    words: wordIndex,
    get wordsReady() {
      return wordsReady;
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
