/**
 * The catalogue's words (decision 0048): each live tool's fields in the word index (word-index.ts),
 * weighted numbers first, built at once or in slices with a pause between them for a cold start,
 * and how a hit by words came through an alias. Beside the number index (number-index.ts);
 * catalogue-search.ts composes the two.
 */
import type { MatchedBy } from './number-index';
import { indexTokens, searchTerm, typosAllowed, WordIndexBuilder, type TermMatch, type WordIndex } from './word-index';

/** Fields of the text index, and how much a match in each weighs: numbers, then names, then the rest. */
const FIELDS = ['partNumber', 'aliases', 'name', 'category', 'brands', 'specs', 'description'] as const;
type Field = (typeof FIELDS)[number];
const BOOST: Record<Field, number> = { partNumber: 8, aliases: 6, name: 4, category: 2, brands: 1.5, specs: 1.5, description: 1 };
/** A term found in these fields only came through an alias (or a discontinued tool's number): their bits in a posting's fields. */
const ALIAS_FIELDS = (1 << FIELDS.indexOf('aliases')) | (1 << FIELDS.indexOf('brands'));

/** What the word index reads of a tool, beside the numbers that lead to it. */
export interface WordedTool {
  _id: string;
  partNumber: string;
  name: string;
  description: string;
  category?: string | null;
  specs?: Readonly<Record<string, string>>;
}

/** What the words are called: category labels, spec labels and units. */
export interface WordVocabulary {
  categories: readonly { key: string; label: string }[];
  specs: readonly { key: string; label: string; unit: string }[];
}

/** How loadCatalogueSearch builds its word index: so many tools, then a pause for other work. */
export interface WordIndexPacing {
  sliceSize: number;
  pause: () => Promise<void>;
}

/** A query's hits by words: their positions (unordered) and the terms each query word matched. */
export interface WordHits {
  positions: Int32Array;
  /** Each hit's score, by position. */
  scores: Float64Array;
  matches: TermMatch[][];
}

export interface CatalogueWords {
  /** Settles when the word index is built. */
  readonly built: Promise<void>;
  readonly ready: boolean;
  /** The hits of the query's search terms; null while the index is being built. */
  hits(terms: readonly string[]): WordHits | null;
  /** Relevance's tie-break: `a` before `b` by id. */
  before(a: number, b: number): boolean;
  /** Which alias a hit by words came through, when every term it matched was in aliases or brands only. */
  matchedBy(position: number, hits: WordHits): MatchedBy | null;
}

export function buildCatalogueWords<T extends WordedTool>(
  live: readonly T[],
  ledBy: (toolId: string) => MatchedBy[],
  vocabulary: WordVocabulary,
  pacing: WordIndexPacing | null,
): CatalogueWords {
  const categoryLabel = new Map(vocabulary.categories.map((c) => [c.key, c.label]));
  const specOf = new Map(vocabulary.specs.map((s) => [s.key, s]));

  const specText = (tool: T) =>
    Object.entries(tool.specs ?? {})
      .map(([key, value]) => {
        const spec = specOf.get(key);
        return spec ? `${spec.label} ${value} ${spec.unit} ${value}${spec.unit}` : value;
      })
      .join(' ; ');

  /** The word index's fields of a tool, in FIELDS order. */
  const fieldTexts = (tool: T): string[] => {
    const via = ledBy(tool._id);
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
  let built: Promise<void>;
  if (!pacing) {
    addWords(live);
    finishWords();
    built = Promise.resolve();
  } else {
    built = (async () => {
      for (let from = 0; from < live.length; from += pacing.sliceSize) {
        await pacing.pause();
        addWords(live.slice(from, from + pacing.sliceSize));
      }
      finishWords();
    })();
  }

  return {
    built,
    get ready() {
      return wordIndex !== null;
    },
    hits(terms) {
      const index = wordIndex;
      if (!index) return null;
      // A word the catalogue has is taken as typed: it is no typo, and its neighbours would rank below it anyway.
      const matches = terms.map((t, i) => index.expand(t, i === terms.length - 1, index.has(t) ? 0 : typosAllowed(t)));
      return { positions: index.matchAll(matches), scores: index.scores, matches };
    },
    before: (a, b) => idRank[a]! < idRank[b]!,
    matchedBy(position, hits) {
      const index = wordIndex!;
      const terms = new Set<string>();
      for (const word of hits.matches)
        for (const { term } of word) {
          const fields = index.fieldsOf(position, term);
          if (fields === 0) continue;
          if (fields & ~ALIAS_FIELDS) return null;
          terms.add(index.text(term));
        }
      const via = ledBy(live[position]!._id);
      return via.find((m) => [...indexTokens(m.number), ...indexTokens(m.brand ?? '')].some((token) => terms.has(searchTerm(token)))) ?? via[0] ?? null;
    },
  };
}
