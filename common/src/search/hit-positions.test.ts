import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { facetColumn, facetFilter, filterAndCount, selectBest } from './hit-positions';

const tools = [
  { category: 'electrical', voltage: '115' },
  { category: 'electrical', voltage: '230' },
  { category: 'defrost', voltage: '115' },
  { category: 'defrost', voltage: '' },
  { category: null, voltage: '115' },
];
const category = facetColumn('category', tools.length, (p) => tools[p]!.category);
const voltage = facetColumn('voltage', tools.length, (p) => tools[p]!.voltage);
const every = Int32Array.from(tools.keys());

describe('filters and facets over hit positions (decision 0048)', () => {
  it('counts every hit for every key when nothing is filtered, and no value for none', () => {
    const { kept, facets } = filterAndCount(every, [category, voltage], []);
    expect([...kept]).toEqual([0, 1, 2, 3, 4]);
    expect(facets).toEqual({ category: { electrical: 2, defrost: 2 }, voltage: { '115': 3, '230': 1 } });
  });

  it('keeps the hits every filter passes, in their order, and counts each key with its own filter left out', () => {
    const { kept, facets } = filterAndCount(
      Int32Array.from([4, 2, 1, 0]),
      [category, voltage],
      [facetFilter(category, ['electrical']), facetFilter(voltage, ['115'])],
    );
    expect([...kept]).toEqual([0]);
    // Category: the 115 V hits, whatever their category; voltage: the electrical hits, whatever their voltage.
    expect(facets).toEqual({ category: { electrical: 1, defrost: 1 }, voltage: { '115': 1, '230': 1 } });
  });

  it('counts a filtered key that is not among the counted ones, and a value no tool has passes none', () => {
    const { kept, facets } = filterAndCount(every, [category], [facetFilter(voltage, ['230', '999'])]);
    expect([...kept]).toEqual([1]);
    expect(facets).toEqual({ category: { electrical: 1 }, voltage: { '115': 3, '230': 1 } });
  });
});

describe('the best of the hits for a page', () => {
  it('is the first k of a full sort, whatever k', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 50 }), { maxLength: 200 }), fc.nat(220), (scores, k) => {
        const positions = Int32Array.from(scores.keys());
        // Ties by position: a strict total order, as the search's (by id) is.
        const before = (a: number, b: number) => scores[a]! > scores[b]! || (scores[a] === scores[b] && a < b);
        const sorted = [...positions].sort((a, b) => (before(a, b) ? -1 : 1));
        expect([...selectBest(positions, k, before)]).toEqual(sorted.slice(0, k));
      }),
    );
  });
});
