/**
 * The catalogue's search (CONTRACT §11), one module for the function and the tests: every number
 * a part has had, every word, every specification, answered from an index held in memory (our
 * own word index: BM25 ranking, AND of the words, prefix on the last one, typos only in words
 * without digits). Built from a snapshot of the whole catalogue; no Firestore and no Node API here.
 * Decision 0048 says why an in-process index and how it would move to a hosted engine. This file
 * composes the number index (number-index.ts) and the words (catalogue-words.ts), and adds the
 * listing, the filters, the facets and the orders.
 */
import { buildCatalogueWords, type WordIndexPacing } from './catalogue-words';
import { facetColumn, facetFilter, filterAndCount, selectBest, type FacetColumn, type FacetFilter } from './hit-positions';
import { buildNumberIndex, type MatchedBy, type Resolution } from './number-index';
import type { AliasKind, PartAlias } from './part-alias';
import { hasDigit, searchTerm, typosAllowed, words } from './word-index';

export type { AliasKind, MatchedBy, PartAlias, Resolution, WordIndexPacing };
export { typosAllowed };
export { suggestionDistance } from './number-index';

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

/**
 * Thrown by `search` for a query that needs the word index while it is still being built
 * (loadCatalogueSearch): never an answer without the words, which would be silently wrong.
 * Inside the module, `searchIfReady` says so with null instead.
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
  /** `search`, with null for a query of words until `words` has settled. */
  searchIfReady(request: SearchRequest): SearchAnswer<T> | null;
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
  const numbers = buildNumberIndex(tools, byId);
  const { live } = numbers;
  const catalogueWords = buildCatalogueWords(live, numbers.ledBy, vocabulary, pacing);

  /**
   * Every hit of a query: the number typed, then numbers starting with it, then the words (their
   * order by relevance is the page's to pick); null while the words it needs are being indexed. A
   * query that is a number (it names one exactly, or it is one word with a digit that numbers
   * start with) is matched as a number only: its words would find the same numbers again, at the
   * cost of expanding thousands of them.
   */
  const queryHits = (q: string) => {
    const byNumber = numbers.hits(q);
    const terms = words(q).map(searchTerm);
    const isNumber = byNumber.exact || (terms.length === 1 && hasDigit(terms[0]!) && byNumber.positions.length > 0);
    if (terms.length === 0 || isNumber) return { byNumber, byWords: null };
    const byWords = catalogueWords.hits(terms);
    if (!byWords) return null;
    if (byNumber.positions.length > 0) byWords.positions = byWords.positions.filter((p) => numbers.matchedBy(p, byNumber) === undefined);
    return { byNumber, byWords };
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

  const searchIfReady = (request: SearchRequest): SearchAnswer<T> | null => {
    const q = request.q?.trim() ?? '';
    const sort: SearchSort = request.sort && (q || request.sort !== 'relevance') ? request.sort : q ? 'relevance' : 'oldest';
    const found = q ? queryHits(q) : null;
    if (found === null && q) return null;
    /** How a hit by number was found; undefined for a hit by words or of the listing. */
    const numberMatchedBy = (position: number): MatchedBy | null | undefined => (found ? numbers.matchedBy(position, found.byNumber) : undefined);
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
      const scores = found?.byWords?.scores;
      const best = scores
        ? selectBest(kept.subarray(numbered), end - numbered, (a, b) => scores[a]! > scores[b]! || (scores[a] === scores[b] && catalogueWords.before(a, b)))
        : new Int32Array(0);
      ordered = new Int32Array(Math.min(numbered, end) + best.length);
      ordered.set(kept.subarray(0, Math.min(numbered, end)));
      ordered.set(best, Math.min(numbered, end));
    }
    const byWords = found?.byWords;
    const page = Array.from(ordered.subarray(offset, end), (position) => {
      const byNumber = numberMatchedBy(position);
      return { tool: live[position]!, matchedBy: byNumber !== undefined ? byNumber : byWords ? catalogueWords.matchedBy(position, byWords) : null };
    });
    return { hits: page, total: kept.length, facets };
  };

  return {
    search(request) {
      const answer = searchIfReady(request);
      if (!answer) throw new WordIndexPending();
      return answer;
    },
    searchIfReady,
    resolve: numbers.resolve,
    // Words still being indexed: the numbers alone suggest.
    suggest: (number, limit = 5) => numbers.suggest(number, limit, () => searchIfReady({ q: number.slice(0, 200), limit })?.hits.map((h) => h.tool) ?? []),
    current: numbers.current,
    size: live.length,
    words: catalogueWords.built,
    get wordsReady() {
      return catalogueWords.ready;
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
