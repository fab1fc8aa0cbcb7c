import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildCatalogueSearch, type SearchableTool } from './catalogue-search';
import { CATALOGUE_VOCABULARY } from './vocabulary';
import { indexTokens, PREFIX_TERMS_CAP, searchTerm, typoDistance, typosAllowed, WordIndexBuilder, words } from './word-index';

const codePoints = (text: string) => Array.from(text, (c) => c.codePointAt(0)!);
const distance = (a: string, b: string, max = 2, asPrefix = false) => typoDistance(codePoints(a), codePoints(b), max, asPrefix);

/** An index of one field per document. */
function indexOf(documents: string[]) {
  const builder = new WordIndexBuilder([1]);
  for (const text of documents) builder.addDocument([text]);
  return builder.finish();
}

describe('the word index (decision 0048)', () => {
  it('answers documents that have every word, the rarest walked first, scores summed over the words', () => {
    const index = indexOf(['door gasket', 'door seal', 'freezer door gasket', 'gasket kit', 'fan motor']);
    const match = (...terms: string[]) => terms.map((t) => index.expand(t, false, 0));
    expect([...index.matchAll(match('door', 'gasket'))].sort()).toEqual([0, 2]);
    expect([...index.matchAll(match('gasket', 'door', 'freezer'))]).toEqual([2]);
    expect([...index.matchAll(match('door', 'motor'))]).toEqual([]);
    expect([...index.matchAll(match('door', 'compressor'))]).toEqual([]);
    const hits = index.matchAll(match('door', 'gasket'));
    // The shorter document scores higher (BM25's length normalisation), and every hit scores.
    expect(index.scores[0]!).toBeGreaterThan(index.scores[2]!);
    for (const h of hits) expect(index.scores[h]!).toBeGreaterThan(0);
    // The state of one query is gone by the next.
    expect([...index.matchAll(match('gasket'))].sort()).toEqual([0, 2, 3]);
  });

  it('says in which fields a document has a term', () => {
    const builder = new WordIndexBuilder([8, 1]);
    builder.addDocument(['FP-GSK-096', 'Door gasket']);
    builder.addDocument(['FP-THM-036', 'Gasket for FP-GSK-096']);
    const index = builder.finish();
    const [gsk] = index.expand('fpgsk096', false, 0);
    expect(index.fieldsOf(0, gsk!.term)).toBe(0b01);
    expect(index.fieldsOf(1, gsk!.term)).toBe(0b10);
    const [thm] = index.expand('fpthm036', false, 0);
    expect(index.fieldsOf(0, thm!.term)).toBe(0);
  });

  it('expands the last word to the terms it starts, the word itself first, at most PREFIX_TERMS_CAP, the most frequent kept', () => {
    const documents = Array.from({ length: PREFIX_TERMS_CAP + 20 }, (_, i) => `x${String.fromCharCode(97 + (i % 26))}${i} xa`);
    // One rarer term, and one that every document has.
    documents.push('xb');
    const index = indexOf(documents);
    const expanded = index.expand('x', true, 0);
    expect(expanded.length).toBe(PREFIX_TERMS_CAP);
    expect(expanded.map((m) => index.text(m.term))).toContain('xa');
    expect(expanded.map((m) => index.text(m.term))).not.toContain('xb');

    const exact = indexOf(['gasket', 'gaskets kit', 'gasketing']).expand('gasket', true, 0);
    expect(exact[0]!.weight).toBe(1);
    for (const m of exact.slice(1)) expect(m.weight).toBeLessThan(1);
    expect(indexOf(['gasket']).expand('gasket', false, 0)).toHaveLength(1);
  });

  it('counts typos as optimal string alignment: a swap of neighbours is one', () => {
    expect(distance('thermostat', 'thermostat')).toBe(0);
    expect(distance('thremostat', 'thermostat')).toBe(1);
    expect(distance('thremostta', 'thermostat')).toBe(2);
    expect(distance('compresor', 'compressor')).toBe(1);
    expect(distance('capacitr', 'capacitor')).toBe(1);
    // Over the limit: the limit plus one, whatever the true distance.
    expect(distance('gasket', 'thermostat', 1)).toBe(2);
    // As the start of a term: the fewest typos to any start of it.
    expect(distance('thremo', 'thermostat', 1, true)).toBe(1);
    expect(distance('thremo', 'thermostat', 1, false)).toBe(2);
  });

  it('matches within the typos a word allows, and a word the catalogue has only as itself', () => {
    const index = indexOf(['thermostat', 'timer', 'gasket']);
    const found = (word: string, prefix = false) => index.expand(word, prefix, index.has(word) ? 0 : typosAllowed(word)).map((m) => index.text(m.term));
    expect(found('thremostat')).toEqual(['thermostat']);
    expect(found('thremostta')).toEqual(['thermostat']);
    expect(found('tmier')).toEqual(['timer']);
    expect(found('tmie')).toEqual([]);
    expect(found('thermo', true)).toEqual(['thermostat']);
    expect(found('thremo', true)).toEqual(['thermostat']);
    expect(found('gasket')).toEqual(['gasket']);
    expect(typosAllowed('r134a')).toBe(0);
  });
});

// ---------------------------------------------------------------------------------------------
// The search's hits against a brute-force reference

/** Optimal string alignment, the plain full table: the reference the index's pruned one must agree with. */
function referenceTypos(word: string, term: string, asPrefix: boolean): number {
  const a = [...word];
  const b = [...term];
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) {
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  return asPrefix ? Math.min(...d[a.length]!) : d[a.length]![b.length]!;
}

const WORDS = [
  'door',
  'gasket',
  'gaskets',
  'thermostat',
  'fan',
  'motor',
  'defrost',
  'timer',
  'heater',
  'compressor',
  'relay',
  'start',
  'copper',
  'kit',
  'cold',
];
const BRANDS = ['Arctica', 'Nordcold', 'Frostline'];
const CATEGORIES = CATALOGUE_VOCABULARY.categories;

const toolArbitrary = (i: number) =>
  fc
    .record({
      name: fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 4 }),
      description: fc.array(fc.constantFrom(...WORDS), { maxLength: 6 }),
      category: fc.option(fc.constantFrom(...CATEGORIES.map((c) => c.key)), { nil: null }),
      brand: fc.option(fc.constantFrom(...BRANDS), { nil: undefined }),
    })
    .map(({ name, description, category, brand }): SearchableTool => ({
      _id: `t${i}`,
      partNumber: `FP-${100 + i}`,
      name: name.join(' '),
      description: description.join(' '),
      price: i,
      createdAt: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
      category,
      aliases: brand ? [{ number: `${i}-${700 + i}`, kind: 'oem', brand }] : [],
    }));

/** A query word as a technician types it: as it is, its start, two neighbours swapped, or a letter left out. */
const queryWordArbitrary = fc.tuple(fc.constantFrom(...WORDS), fc.nat(3), fc.nat(20)).map(([word, how, at]) => {
  const i = at % word.length;
  if (how === 1) return word.slice(0, i + 1);
  if (how === 2 && i + 1 < word.length) return word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
  if (how === 3) return word.slice(0, i) + word.slice(i + 1);
  return word;
});

/** Whether a tool matches every query word as the contract says, term by term, with nothing precomputed. */
function referenceMatches(tool: SearchableTool, queryWords: string[], known: ReadonlySet<string>): boolean {
  const label = CATEGORIES.find((c) => c.key === tool.category)?.label ?? '';
  const texts = [tool.partNumber, ...(tool.aliases ?? []).flatMap((a) => [a.number, a.brand ?? '']), tool.name, label, tool.description];
  const terms = new Set(texts.flatMap(indexTokens).map(searchTerm));
  return queryWords.every((word, i) => {
    const last = i === queryWords.length - 1;
    const typos = known.has(word) ? 0 : typosAllowed(word);
    return [...terms].some(
      (t) =>
        t === word ||
        (last && t.startsWith(word)) ||
        (typos > 0 && !/\d/.test(t) && (referenceTypos(word, t, false) <= typos || (last && referenceTypos(word, t, true) <= typos))),
    );
  });
}

describe('the search against a brute-force reference (fast-check)', () => {
  it('finds exactly the tools that have every word (as typed, its start for the last, within its typos), whatever their order', () => {
    const catalogueArbitrary = fc.integer({ min: 1, max: 25 }).chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => toolArbitrary(i))));
    fc.assert(
      fc.property(catalogueArbitrary, fc.array(queryWordArbitrary, { minLength: 1, maxLength: 3 }), (tools, typed) => {
        const search = buildCatalogueSearch(tools, CATALOGUE_VOCABULARY);
        const q = typed.join(' ');
        const found = search.search({ q, limit: 1000 });
        const known = new Set(
          tools.flatMap((t) => {
            const label = CATEGORIES.find((c) => c.key === t.category)?.label ?? '';
            return [t.partNumber, ...(t.aliases ?? []).flatMap((a) => [a.number, a.brand ?? '']), t.name, label, t.description]
              .flatMap(indexTokens)
              .map(searchTerm);
          }),
        );
        const queryWords = words(q).map(searchTerm);
        const expected = tools.filter((t) => referenceMatches(t, queryWords, known)).map((t) => t._id);
        expect(found.hits.map((h) => h.tool._id).sort()).toEqual(expected.sort());
        expect(found.total).toBe(expected.length);
      }),
      { numRuns: 300 },
    );
  });
});
