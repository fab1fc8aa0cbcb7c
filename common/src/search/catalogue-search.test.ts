import { describe, expect, it } from 'vitest';
import { buildCatalogueSearch, loadCatalogueSearch, WordIndexPending, type SearchableTool } from './catalogue-search';
import { CATALOGUE_VOCABULARY } from './vocabulary';

const part = (i: number, name: string, category: string, voltage: string): SearchableTool => ({
  _id: `t${String(i).padStart(3, '0')}`,
  partNumber: `FP-TST-${100 + i}`,
  name,
  description: `${name} for reach-in coolers.`,
  price: 10 + i,
  createdAt: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
  aliases: [{ number: `OE-${5000 + i}`, kind: 'oem', brand: 'Arctica' }],
  category,
  specs: { voltage },
});
const catalogue = Array.from({ length: 7 }, (_, i) =>
  i % 2 ? part(i, `Defrost Timer ${i}`, 'defrost', '115') : part(i, `Door Gasket ${i}`, 'gaskets', i % 4 ? '230' : '115'),
);

/** A pause the test releases by hand, counting the slices that waited on it. */
function manualPacing(sliceSize: number) {
  let release: () => void = () => undefined;
  let paused = 0;
  const pause = () =>
    new Promise<void>((resolve) => {
      paused++;
      release = resolve;
    });
  return { pacing: { sliceSize, pause }, next: async () => (release(), await Promise.resolve()), paused: () => paused };
}

describe('a cold start’s search: numbers at once, words once indexed (decision 0048)', () => {
  it('answers numbers, the listing and filters before the word index is built, and no query of words until then', async () => {
    const manual = manualPacing(3);
    const loading = loadCatalogueSearch(catalogue, CATALOGUE_VOCABULARY, manual.pacing);
    const built = buildCatalogueSearch(catalogue, CATALOGUE_VOCABULARY);
    expect(loading.wordsReady).toBe(false);
    for (const request of [{ q: 'fptst103' }, { q: 'oe 5004' }, { q: 'fp-tst-10' }, {}, { category: ['defrost'], specs: { voltage: ['115'] } }])
      expect(loading.search(request)).toEqual(built.search(request));
    expect(loading.resolve('OE-5002')).toEqual(built.resolve('OE-5002'));
    // Never an answer from half an index: a word query throws, whatever of it is built.
    expect(() => loading.search({ q: 'gasket' })).toThrow(WordIndexPending);
    await manual.next();
    expect(manual.paused()).toBe(2);
    expect(() => loading.search({ q: 'gasket' })).toThrow(WordIndexPending);
    // A suggestion for a number, meanwhile, comes from the numbers alone.
    expect(loading.suggest('FP-TST-10').length).toBeGreaterThan(0);
    await manual.next();
    await manual.next();
    await loading.words;
    expect(manual.paused()).toBe(3);
    expect(loading.wordsReady).toBe(true);
    for (const request of [{ q: 'gasket' }, { q: 'defrost timer', specs: { voltage: ['115'] } }, { q: 'gaskte' }])
      expect(loading.search(request)).toEqual(built.search(request));
  });

  it('buildCatalogueSearch has its words at once', async () => {
    const built = buildCatalogueSearch(catalogue, CATALOGUE_VOCABULARY);
    expect(built.wordsReady).toBe(true);
    await built.words;
    expect(built.search({ q: 'timer' }).total).toBe(3);
  });
});
