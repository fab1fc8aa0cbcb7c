import MiniSearch, { type Query } from 'minisearch';
import { describe, expect, it } from 'vitest';
import { buildCatalogueSearch, type SearchableTool } from './catalogue-search';
import { CATALOGUE_VOCABULARY } from './vocabulary';
import { indexTokens, searchTerm, typosAllowed, words } from './word-index';

/**
 * The word index is the shop's own (decision 0048: MiniSearch scored every hit, 160-210 ms a common
 * word at 100,000 parts against CONTRACT §11's 20 ms). MiniSearch stays the reference it answers
 * like: the same fields, boosts and BM25, the same words, typos counted the same way. Over a
 * generated catalogue, every query of words gives the same total, the same hits and the same
 * first ten in order as MiniSearch configured as the shop had it (until 2026-11-27).
 */

let seed = 20261127;
/** mulberry32: the same catalogue on every run. */
function random() {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;

const KINDS = [
  { category: 'compressors', nouns: ['Compressor', 'Hermetic Compressor', 'Rotary Compressor'] },
  { category: 'gaskets', nouns: ['Door Gasket', 'Magnetic Gasket', 'Freezer Door Seal'] },
  { category: 'thermostats', nouns: ['Thermostat', 'Cold Control', 'Temperature Control'] },
  { category: 'defrost', nouns: ['Defrost Timer', 'Defrost Heater', 'Defrost Thermostat'] },
  { category: 'fan-motors', nouns: ['Evaporator Fan Motor', 'Condenser Fan Motor', 'Fan Blade'] },
  { category: 'electrical', nouns: ['Start Relay', 'Run Capacitor', 'Overload Protector'] },
];
const QUALITIES = ['Universal', 'Heavy-Duty', 'Commercial', 'Compact', 'Replacement', 'Low-Noise'];
const BRANDS = ['Arctica', 'Nordcold', 'Frostline', 'Polaris'];
const WORDS = ['copper', 'leads', 'mount', 'bracket', 'sealed', 'tested', 'cooler', 'display', 'kit'];

const catalogue: SearchableTool[] = Array.from({ length: 1_500 }, (_, i) => {
  const kind = pick(KINDS);
  const voltage = pick(['115', '230']);
  const brand = pick(BRANDS);
  const name = `${pick(QUALITIES)} ${pick(kind.nouns)}, ${voltage} V`;
  return {
    _id: `ref-${String(i).padStart(5, '0')}`,
    partNumber: `FP-REF-${1000 + i}`,
    name,
    // Another kind's noun in the description: a word found in one tool's name and another's description ranks by the fields' boosts.
    description: `${name} for ${pick(BRANDS)} refrigerators: ${pick(WORDS)}, ${pick(WORDS)} and ${pick(WORDS)}. Pairs with the ${pick(pick(KINDS).nouns)}.`,
    price: 5 + Math.floor(random() * 50_000) / 100,
    createdAt: new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString(),
    aliases: [{ number: `${brand.slice(0, 2).toUpperCase()}-${1_000_000 + i * 7}`, kind: 'oem', brand }],
    category: kind.category,
    specs: { voltage },
  };
});

/** MiniSearch as catalogue-search.ts had it: its fields, boosts, tokens and terms. */
function miniSearchReference(tools: readonly SearchableTool[]) {
  const fields = ['partNumber', 'aliases', 'name', 'category', 'brands', 'specs', 'description'];
  const specOf = new Map(CATALOGUE_VOCABULARY.specs.map((s) => [s.key, s]));
  const categoryLabel = new Map(CATALOGUE_VOCABULARY.categories.map((c) => [c.key, c.label]));
  const known = new Set<string>();
  const index = new MiniSearch<Record<string, string>>({
    fields,
    tokenize: indexTokens,
    processTerm: (term) => {
      const t = searchTerm(term);
      known.add(t);
      return t;
    },
    searchOptions: {
      boost: { partNumber: 8, aliases: 6, name: 4, category: 2, brands: 1.5, specs: 1.5, description: 1 },
      combineWith: 'AND',
      tokenize: (text) => [text],
      processTerm: (term) => term,
    },
  });
  index.addAll(
    tools.map((t) => ({
      id: t._id,
      partNumber: t.partNumber,
      aliases: (t.aliases ?? []).map((a) => a.number).join(' ; '),
      brands: (t.aliases ?? []).map((a) => a.brand ?? '').join(' ; '),
      name: t.name,
      category: t.category ? (categoryLabel.get(t.category) ?? t.category) : '',
      specs: Object.entries(t.specs ?? {})
        .map(([key, value]) => {
          const spec = specOf.get(key);
          return spec ? `${spec.label} ${value} ${spec.unit} ${value}${spec.unit}` : value;
        })
        .join(' ; '),
      description: t.description,
    })),
  );
  const swaps = (term: string) => {
    const out = new Set<string>();
    for (let i = 0; i + 1 < term.length; i++) if (term[i] !== term[i + 1]) out.add(term.slice(0, i) + term[i + 1] + term[i] + term.slice(i + 2));
    out.delete(term);
    return [...out];
  };
  // A swap of neighbours is one typo (CONTRACT §11); MiniSearch counts it as two, so each swap is searched too.
  const wordQuery = (term: string, prefix: boolean): Query => {
    const typos = known.has(term) ? 0 : typosAllowed(term);
    if (typos === 0) return { queries: [term], prefix, fuzzy: false };
    const once = swaps(term);
    const twice = typos >= 2 ? [...new Set(once.flatMap(swaps))].filter((t) => t !== term) : [];
    const queries: Query[] = [{ queries: [term], prefix, fuzzy: typos }];
    if (once.length) queries.push({ combineWith: 'OR', queries: once, prefix, fuzzy: typos - 1 || false });
    if (twice.length) queries.push({ combineWith: 'OR', queries: twice, prefix, fuzzy: false });
    return { combineWith: 'OR', queries };
  };
  return (q: string) => {
    const terms = words(q).map(searchTerm);
    return index.search({ combineWith: 'AND', queries: terms.map((t, i) => wordQuery(t, i === terms.length - 1)) }).map((r) => String(r.id));
  };
}

const QUERIES = [
  'compressor',
  'fan motor',
  'door gasket',
  'defrost',
  'defrost timer',
  'magnetic gasket',
  'start relay',
  'heavy duty',
  'cold control',
  'evaporator fan motor',
  'copper leads',
  'arctica',
  'replacement thermostat',
  'commercial door',
  // The last word still being typed.
  'defrost tim',
  'condenser fan mo',
  'compre',
  // Typos: a letter wrong, missing, extra, two neighbours swapped.
  'thremostat',
  'compresser',
  'gaskt',
  'evaporater fan',
  'overlaod protector',
];

describe('the word index answers as MiniSearch did (decision 0048)', () => {
  const ours = buildCatalogueSearch(catalogue, CATALOGUE_VOCABULARY);
  const reference = miniSearchReference(catalogue);
  it.each(QUERIES)('“%s”: the same total, the same hits, the same first ten in order', (q) => {
    const expected = reference(q);
    const answer = ours.search({ q, limit: catalogue.length });
    expect(expected.length, 'the reference finds something').toBeGreaterThan(0);
    expect(answer.total).toBe(expected.length);
    const ids = answer.hits.map((h) => h.tool._id);
    expect(new Set(ids)).toEqual(new Set(expected));
    expect(ids.slice(0, 10)).toEqual(expected.slice(0, 10));
  });
});
