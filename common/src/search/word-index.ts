/**
 * The catalogue's word index (decision 0048): every term of every tool's fields with compact
 * postings (typed arrays of tool positions, each with its BM25 score worked out at build time and
 * the fields it came from), a sorted term dictionary for the prefix of the last word, and a typo
 * matcher over the words without digits. A query scores only the postings of its own terms, in
 * one array indexed by tool position: no object per hit, no map per document.
 */
import { SEPARATOR_CHARS } from './separators';

// ---------------------------------------------------------------------------------------------
// Words

/** Anything but a letter, a digit or a separator inside a number ends a word. */
const NOT_IN_WORD = new RegExp(`[^\\p{L}\\p{N}${SEPARATOR_CHARS}]+`, 'u');
const SEPARATORS = new RegExp(`[${SEPARATOR_CHARS}]`, 'u');
const ALL_SEPARATORS = new RegExp(SEPARATORS, 'gu');

/** A text's words, each joined across its separators ("R-134a" → "R134a"), NFKC. */
export function words(text: string): string[] {
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
export function indexTokens(text: string): string[] {
  const out: string[] = [];
  for (const raw of text.normalize('NFKC').split(NOT_IN_WORD)) {
    const pieces = raw.split(SEPARATORS).filter((p) => p.length > 0);
    if (pieces.length === 0) continue;
    out.push(pieces.join(''));
    if (pieces.length > 1) out.push(...pieces);
  }
  return out;
}

export const hasDigit = (term: string) => /\p{N}/u.test(term);

/** Lower case, and a plural "s" dropped from a word without digits ("gaskets" finds "Gasket"). */
export function searchTerm(word: string): string {
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

// ---------------------------------------------------------------------------------------------
// Typos

/**
 * The typos between a query word and a term, counted as optimal string alignment (Levenshtein,
 * and a swap of two neighbours is one typo: CONTRACT §11), or `maxTypos + 1` once it is sure to
 * be more. `asPrefix`: the fewest typos between the word and any start of the term, for the last
 * word while it is still being typed. Both are arrays of code points.
 */
export function typoDistance(word: readonly number[], term: readonly number[], maxTypos: number, asPrefix: boolean): number {
  const n = word.length;
  const m = term.length;
  const over = maxTypos + 1;
  // A whole term longer or shorter by more than the typos allowed cannot be within them.
  if (asPrefix ? m < n - maxTypos : Math.abs(m - n) > maxTypos) return over;
  let beforePrevious = new Int32Array(m + 1);
  let previous = new Int32Array(m + 1);
  let current = new Int32Array(m + 1);
  for (let j = 0; j <= m; j++) previous[j] = j;
  for (let i = 1; i <= n; i++) {
    current[0] = i;
    let rowMin = i;
    for (let j = 1; j <= m; j++) {
      const cost = word[i - 1] === term[j - 1] ? 0 : 1;
      let d = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && word[i - 1] === term[j - 2] && word[i - 2] === term[j - 1]) d = Math.min(d, beforePrevious[j - 2]! + 1);
      current[j] = d;
      if (d < rowMin) rowMin = d;
    }
    // Every later row is at least this row's least: no alignment gets back under the limit.
    if (rowMin > maxTypos) return over;
    [beforePrevious, previous, current] = [previous, current, beforePrevious];
  }
  let distance = previous[m]!;
  if (asPrefix) for (let j = 0; j <= m; j++) distance = Math.min(distance, previous[j]!);
  return Math.min(distance, over);
}

// ---------------------------------------------------------------------------------------------
// The index

/** BM25 as MiniSearch had it (decision 0048): term saturation k, length normalisation b, a floor d per match. */
const BM25 = { k: 1.2, b: 0.7, d: 0.5 };
/** What a match weighs when the term only starts with the word, or is within its typos, against an exact one. */
const PREFIX_WEIGHT = 0.375;
const FUZZY_WEIGHT = 0.45;
/**
 * The most terms the last word's start expands to (the most frequent kept): "f" alone would
 * otherwise be every number starting with F, tens of thousands of terms.
 */
export const PREFIX_TERMS_CAP = 100;

/** One term a query word matches, and how much it weighs (1 for the word itself). */
export interface TermMatch {
  term: number;
  weight: number;
}

/** A growing Int32Array, for the postings while they are gathered. */
class Int32List {
  data = new Int32Array(1 << 12);
  length = 0;
  push(value: number) {
    if (this.length === this.data.length) {
      const grown = new Int32Array(this.data.length * 2);
      grown.set(this.data);
      this.data = grown;
    }
    this.data[this.length++] = value;
  }
}

/**
 * Gathers the documents' terms, one document at a time (so a cold start can build in slices), each
 * document a text per field, fields weighed by `boosts`. `finish` works out the scores.
 */
export class WordIndexBuilder {
  private readonly termIds = new Map<string, number>();
  private readonly terms: string[] = [];
  /** The terms without digits, told apart as each first comes (in the slices, not in `finish`). */
  private readonly letteredTerms: number[] = [];
  /** One entry per term, document and field: the term, the document, the field and the term's count in it (field | count << 3). */
  private readonly entryTerm = new Int32List();
  private readonly entryDocument = new Int32List();
  private readonly entryFieldCount = new Int32List();
  /** Per document and field, how many distinct terms the field has. */
  private readonly fieldLengths = new Int32List();
  private documents = 0;
  private readonly countInField = new Map<number, number>();

  constructor(private readonly boosts: readonly number[]) {
    // The field is packed into 3 bits of an entry and a bit of a posting's field mask.
    if (boosts.length > 8) throw new Error('A word index has at most 8 fields.');
  }

  /** Adds the next document (its position is the number of documents added before it). */
  addDocument(fieldTexts: readonly string[]): void {
    const document = this.documents++;
    for (let field = 0; field < this.boosts.length; field++) {
      this.countInField.clear();
      for (const token of indexTokens(fieldTexts[field] ?? '')) {
        const text = searchTerm(token);
        let term = this.termIds.get(text);
        if (term === undefined) {
          term = this.terms.length;
          this.terms.push(text);
          this.termIds.set(text, term);
          if (!hasDigit(text)) this.letteredTerms.push(term);
        }
        this.countInField.set(term, (this.countInField.get(term) ?? 0) + 1);
      }
      this.fieldLengths.push(this.countInField.size);
      for (const [term, count] of this.countInField) {
        this.entryTerm.push(term);
        this.entryDocument.push(document);
        this.entryFieldCount.push(field | (count << 3));
      }
    }
  }

  /** The index: postings grouped by term, each document once with its score over all fields. */
  finish(): WordIndex {
    const fieldCount = this.boosts.length;
    const termCount = this.terms.length;
    const entries = this.entryTerm.length;
    const entryTerm = this.entryTerm.data;
    const entryDocument = this.entryDocument.data;
    const entryFieldCount = this.entryFieldCount.data;
    const fieldLengths = this.fieldLengths.data;
    const documents = this.documents;

    const averageLength = new Float64Array(fieldCount);
    for (let d = 0; d < documents; d++) for (let f = 0; f < fieldCount; f++) averageLength[f]! += fieldLengths[d * fieldCount + f]!;
    for (let f = 0; f < fieldCount; f++) averageLength[f] = documents > 0 && averageLength[f]! > 0 ? averageLength[f]! / documents : 1;

    // How many documents have each term in each field (BM25's document frequency, per field as MiniSearch counted it).
    const inFields = new Int32Array(termCount * fieldCount);
    const entriesOfTerm = new Int32Array(termCount + 1);
    for (let e = 0; e < entries; e++) {
      inFields[entryTerm[e]! * fieldCount + (entryFieldCount[e]! & 7)]!++;
      entriesOfTerm[entryTerm[e]! + 1]!++;
    }
    for (let t = 0; t < termCount; t++) entriesOfTerm[t + 1]! += entriesOfTerm[t]!;
    // The entries grouped by term, a stable counting sort: within a term, by document, then field.
    const byTerm = new Int32Array(entries);
    const next = entriesOfTerm.slice(0, termCount);
    for (let e = 0; e < entries; e++) byTerm[next[entryTerm[e]!]!++] = e;

    const postingsStart = new Int32Array(termCount + 1);
    const postingDocument = new Int32Array(entries);
    const postingScore = new Float32Array(entries);
    const postingFields = new Uint8Array(entries);
    let postings = 0;
    for (let t = 0; t < termCount; t++) {
      postingsStart[t] = postings;
      let last = -1;
      for (let i = entriesOfTerm[t]!; i < entriesOfTerm[t + 1]!; i++) {
        const e = byTerm[i]!;
        const document = entryDocument[e]!;
        const field = entryFieldCount[e]! & 7;
        const count = entryFieldCount[e]! >> 3;
        const matching = inFields[t * fieldCount + field]!;
        const inverse = Math.log(1 + (documents - matching + 0.5) / (matching + 0.5));
        const length = fieldLengths[document * fieldCount + field]!;
        const saturated = (count * (BM25.k + 1)) / (count + BM25.k * (1 - BM25.b + (BM25.b * length) / averageLength[field]!));
        const score = this.boosts[field]! * inverse * (BM25.d + saturated);
        if (document !== last) {
          postingDocument[postings] = document;
          postingScore[postings] = 0;
          postingFields[postings] = 0;
          postings++;
          last = document;
        }
        postingScore[postings - 1]! += score;
        postingFields[postings - 1]! |= 1 << field;
      }
    }
    postingsStart[termCount] = postings;
    return new WordIndex(
      this.terms,
      this.termIds,
      this.letteredTerms,
      postingsStart,
      postingDocument.slice(0, postings),
      postingScore.slice(0, postings),
      postingFields.slice(0, postings),
      documents,
    );
  }
}

export class WordIndex {
  /** Term ids in the order of their text, for the start of a word (binary search). */
  private readonly sorted: Int32Array;
  /** The terms without digits (the only ones a typo may reach), as code points. */
  private readonly lettered: { term: number; codePoints: number[] }[];
  /** Per document: which query word it has matched so far (0: none), reset after each query. */
  private readonly reached: Uint16Array;
  /** Per document: its score in the query being answered (valid for its hits only). */
  readonly scores: Float64Array;
  private readonly candidates: Int32Array;

  constructor(
    private readonly terms: readonly string[],
    private readonly termIds: ReadonlyMap<string, number>,
    letteredTerms: readonly number[],
    private readonly postingsStart: Int32Array,
    private readonly postingDocument: Int32Array,
    private readonly postingScore: Float32Array,
    private readonly postingFields: Uint8Array,
    documents: number,
  ) {
    this.sorted = Int32Array.from(terms.keys()).sort((a, b) => (terms[a]! < terms[b]! ? -1 : terms[a]! > terms[b]! ? 1 : 0));
    this.lettered = letteredTerms.map((term) => ({ term, codePoints: codePoints(terms[term]!) }));
    this.reached = new Uint16Array(documents);
    this.scores = new Float64Array(documents);
    this.candidates = new Int32Array(documents);
  }

  /** Whether the index has this term exactly (a word the catalogue has is taken as typed, never as a typo). */
  has(term: string): boolean {
    return this.termIds.has(term);
  }

  text(term: number): string {
    return this.terms[term]!;
  }

  /** How many documents have the term. */
  frequency(term: number): number {
    return this.postingsStart[term + 1]! - this.postingsStart[term]!;
  }

  /**
   * The terms a query word matches: itself; when it is the last word (`prefix`), the terms that
   * start with it (at most PREFIX_TERMS_CAP, the most frequent); within `typos` (words without
   * digits), the terms that far from it, or from its start when it is the last word. Each weighs
   * less than the word itself, the further the less.
   */
  expand(word: string, prefix: boolean, typos: number): TermMatch[] {
    const out: TermMatch[] = [];
    const exact = this.termIds.get(word);
    if (exact !== undefined) out.push({ term: exact, weight: 1 });
    const taken = new Set<number>(out.map((m) => m.term));
    if (prefix) {
      const from = this.firstAtOrAfter(word);
      let to = from;
      while (to < this.sorted.length && this.terms[this.sorted[to]!]!.startsWith(word)) to++;
      let starting = Array.from(this.sorted.subarray(from, to)).filter((t) => t !== exact);
      if (starting.length > PREFIX_TERMS_CAP) starting = starting.sort((a, b) => this.frequency(b) - this.frequency(a) || a - b).slice(0, PREFIX_TERMS_CAP);
      for (const term of starting) {
        const longer = this.terms[term]!.length;
        out.push({ term, weight: (PREFIX_WEIGHT * longer) / (longer + 0.3 * (longer - word.length)) });
        taken.add(term);
      }
    }
    if (typos > 0) {
      const typed = codePoints(word);
      for (const { term, codePoints: candidate } of this.lettered) {
        if (taken.has(term)) continue;
        const whole = typoDistance(typed, candidate, typos, false);
        if (whole <= typos) {
          out.push({ term, weight: (FUZZY_WEIGHT * candidate.length) / (candidate.length + whole) });
          continue;
        }
        if (!prefix) continue;
        const start = typoDistance(typed, candidate, typos, true);
        if (start <= typos) out.push({ term, weight: (FUZZY_WEIGHT * PREFIX_WEIGHT * typed.length) / (typed.length + start) });
      }
    }
    return out;
  }

  /**
   * The documents that match every query word (each word: any of its terms), and their scores in
   * `scores` (the sum over the terms they match, each weighed). The rarest word is walked first:
   * only documents it has can be hits, and every other word's postings only add to those.
   */
  matchAll(queryWords: readonly (readonly TermMatch[])[]): Int32Array {
    if (queryWords.length === 0 || queryWords.some((w) => w.length === 0)) return new Int32Array(0);
    const cost = (w: readonly TermMatch[]) => w.reduce((sum, m) => sum + this.frequency(m.term), 0);
    const ordered = [...queryWords].sort((a, b) => cost(a) - cost(b));
    const { reached, scores, candidates, postingsStart, postingDocument, postingScore } = this;
    let candidateCount = 0;
    for (const { term, weight } of ordered[0]!) {
      for (let p = postingsStart[term]!; p < postingsStart[term + 1]!; p++) {
        const document = postingDocument[p]!;
        if (reached[document] === 0) {
          reached[document] = 1;
          scores[document] = 0;
          candidates[candidateCount++] = document;
        }
        scores[document]! += weight * postingScore[p]!;
      }
    }
    for (let level = 1; level < ordered.length; level++) {
      for (const { term, weight } of ordered[level]!) {
        for (let p = postingsStart[term]!; p < postingsStart[term + 1]!; p++) {
          const document = postingDocument[p]!;
          const at = reached[document]!;
          // `level`: it has every word before this one, and now this one; `level + 1`: another
          // term of this word matched it already.
          if (at === level) reached[document] = level + 1;
          else if (at !== level + 1) continue;
          scores[document]! += weight * postingScore[p]!;
        }
      }
    }
    const hits = new Int32Array(candidateCount);
    let hitCount = 0;
    for (let i = 0; i < candidateCount; i++) {
      const document = candidates[i]!;
      if (reached[document] === ordered.length) hits[hitCount++] = document;
      reached[document] = 0;
    }
    return hits.slice(0, hitCount);
  }

  /** The fields (a bit each, in the builder's order) in which a document has a term; 0 when it has not. */
  fieldsOf(document: number, term: number): number {
    let lo = this.postingsStart[term]!;
    let hi = this.postingsStart[term + 1]!;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.postingDocument[mid]! < document) lo = mid + 1;
      else hi = mid;
    }
    return lo < this.postingsStart[term + 1]! && this.postingDocument[lo] === document ? this.postingFields[lo]! : 0;
  }

  /** Where `word` is or would be among the sorted terms. */
  private firstAtOrAfter(word: string): number {
    let lo = 0;
    let hi = this.sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.terms[this.sorted[mid]!]! < word) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}

function codePoints(text: string): number[] {
  return Array.from(text, (c) => c.codePointAt(0)!);
}
