import { describe, expect, it } from 'vitest';
import { chunkIndexFor, layOutSnapshot, changeChunk, type SearchChunkDoc, type SearchSnapshotDoc } from '@fridgeparts/common/documents/search-snapshot';
import type { Tool } from '@fridgeparts/common/tool';
import { sampleTool } from '@fridgeparts/common/testing/sample-tool';
import { searchRecheckMs } from '../../config';
import { WordIndexPending } from '@fridgeparts/common/search/catalogue-search';
import { answerFrom, createSearchIndex, type SnapshotSource } from './search-index';

const tool = (id: string, name: string, over: Partial<Tool> = {}): Tool => sampleTool(id, { name, description: `${name}, for refrigerators.`, ...over });

/** The snapshot in memory, counting what the index reads of it; `change` writes one tool as an admin's change does. */
function fakeSnapshot(tools: Tool[], limits = { tools: 2, bytes: 1_000_000 }) {
  const laid = layOutSnapshot(tools, limits);
  let head: SearchSnapshotDoc | null = { build: 'b1', state: 'ready', startedAt: 0, version: 1, chunks: laid.chunks, pending: [] };
  const chunks = new Map<number, SearchChunkDoc>(laid.pieces.map((p, i) => [i, { build: 'b1', version: 1, tools: p }]));
  const reads = { head: 0, chunks: [] as number[], builds: 0 };
  const source: SnapshotSource = {
    readHead: async () => {
      reads.head++;
      return head && structuredClone(head);
    },
    readChunks: async (indexes) => {
      reads.chunks.push(...indexes);
      return indexes.map((i) => structuredClone(chunks.get(i) ?? null));
    },
    build: async () => {
      reads.builds++;
      const all = [...chunks.values()].flatMap((c) => c.tools);
      const again = layOutSnapshot(all, limits);
      head = { build: `b${reads.builds + 1}`, state: 'ready', startedAt: 0, version: 1, chunks: again.chunks, pending: [] };
      chunks.clear();
      again.pieces.forEach((p, i) => chunks.set(i, { build: head!.build, version: 1, tools: p }));
    },
  };
  const change = (id: string, entry: Tool | null) => {
    const { chunks: next, writes } = changeChunk(head!.chunks, chunks.get(chunkIndexFor(head!.chunks, id))?.tools ?? [], id, entry, limits);
    for (const w of writes) chunks.set(w.index, { build: head!.build, version: w.version, tools: w.tools });
    head = { ...head!, version: head!.version + 1, chunks: next };
  };
  return { source, reads, change, drop: () => (head = null) };
}

const clock = () => {
  let t = 1_000_000;
  return { now: () => t, tick: (ms: number) => (t += ms) };
};
/** A query of words as GET /search answers it (answerFrom waits for a cold index's words). */
const names = async (index: ReturnType<typeof createSearchIndex>, q: string) => (await answerFrom(await index.current(), { q })).hits.map((h) => h.tool.name);

/** Word-index slices that wait until the test lets them go. */
function heldPacing() {
  const waiting: (() => void)[] = [];
  let pauses = 0;
  return {
    pacing: { sliceSize: 1, pause: () => (pauses++, new Promise<void>((resolve) => waiting.push(resolve))) },
    pauses: () => pauses,
    releaseAll: async () => {
      while (waiting.length) {
        waiting.shift()!();
        await new Promise((resolve) => setImmediate(resolve));
      }
    },
  };
}

describe('the search index of an instance (CONTRACT §11, decision 0048)', () => {
  const catalogue = [tool('a1', 'Door Gasket'), tool('b2', 'Hermetic Compressor'), tool('c3', 'Defrost Timer'), tool('d4', 'Start Relay')];

  it('a cold start reads the version document and every chunk once, never a tool; warm searches read nothing', async () => {
    const snap = fakeSnapshot(catalogue);
    const t = clock();
    const index = createSearchIndex(snap.source, { recheckMs: () => 20_000, now: t.now });
    expect(await names(index, 'gasket')).toEqual(['Door Gasket']);
    expect(snap.reads).toEqual({ head: 1, chunks: [0, 1], builds: 0 });
    for (let i = 0; i < 10; i++) {
      t.tick(1_000);
      await names(index, 'compressor');
    }
    expect(snap.reads).toEqual({ head: 1, chunks: [0, 1], builds: 0 });
  });

  it('the sweep’s stock changes reach the hits at the re-check without building the index again', async () => {
    const snap = fakeSnapshot(catalogue);
    const t = clock();
    const index = createSearchIndex(snap.source, { recheckMs: () => 20_000, now: t.now });
    const before = await index.current();
    snap.change('c3', { ...catalogue[2]!, availableQuantity: 2 });
    t.tick(20_000);
    const after = await index.current();
    expect(after).toBe(before);
    expect((await answerFrom(after, { q: 'defrost' })).hits.map((h) => h.tool.availableQuantity)).toEqual([2]);
    expect(snap.reads.chunks).toEqual([0, 1, 1]);
    // Anything else in the chunk moved too: the index is built again.
    snap.change('c3', { ...catalogue[2]!, name: 'Defrost Timer Eight Hours', availableQuantity: 1 });
    t.tick(20_000);
    const rebuilt = await index.current();
    expect(rebuilt).not.toBe(before);
    expect((await answerFrom(rebuilt, { q: 'eight' })).hits.map((h) => h.tool.availableQuantity)).toEqual([1]);
  });

  it('an admin change is found after the re-check, which reloads only the chunk that moved', async () => {
    const snap = fakeSnapshot(catalogue);
    const t = clock();
    const index = createSearchIndex(snap.source, { recheckMs: () => 20_000, now: t.now });
    await index.current();
    snap.change('c3', tool('c3', 'Defrost Timer Eight Hours'));
    t.tick(19_000);
    expect(await names(index, 'eight')).toEqual([]);
    t.tick(1_000);
    expect(await names(index, 'eight')).toEqual(['Defrost Timer Eight Hours']);
    expect(snap.reads.head).toBe(2);
    expect(snap.reads.chunks).toEqual([0, 1, 1]);
    // Nothing moved: the re-check reads the version document alone.
    t.tick(20_000);
    await index.current();
    expect(snap.reads.head).toBe(3);
    expect(snap.reads.chunks).toEqual([0, 1, 1]);
  });

  it('a removed tool goes, an added one that splits its chunk comes, each reading the chunks that moved', async () => {
    const snap = fakeSnapshot(catalogue);
    const t = clock();
    const index = createSearchIndex(snap.source, { recheckMs: () => 0, now: t.now });
    await index.current();
    snap.change('a1', null);
    expect(await names(index, 'gasket')).toEqual([]);
    snap.change('d5', tool('d5', 'Evaporator Fan Motor'));
    expect(await names(index, 'fan motor')).toEqual(['Evaporator Fan Motor']);
    expect((await index.current()).size).toBe(4);
    expect(snap.reads.chunks).toEqual([0, 1, 0, 1, 2]);
  });

  it('builds the snapshot when there is none, and again when it was dropped', async () => {
    const snap = fakeSnapshot(catalogue);
    snap.drop();
    const index = createSearchIndex(snap.source, { recheckMs: () => 0 });
    expect(snap.reads.builds).toBe(0);
    // The fake's build lays out what its chunks held; dropped, it holds them still.
    expect(await names(index, 'relay')).toEqual(['Start Relay']);
    expect(snap.reads.builds).toBe(1);
    snap.drop();
    expect(await names(index, 'timer')).toEqual(['Defrost Timer']);
    expect(snap.reads.builds).toBe(2);
  });

  it('keeps answering from the index held when a re-check fails', async () => {
    const snap = fakeSnapshot(catalogue);
    const index = createSearchIndex(snap.source, { recheckMs: () => 0 });
    await index.current();
    snap.source.readHead = async () => {
      throw new Error('unavailable');
    };
    expect(await names(index, 'gasket')).toEqual(['Door Gasket']);
  });

  it('re-checks every 20 s when deployed; SEARCH_RECHECK_MS may only shorten it elsewhere', () => {
    expect(searchRecheckMs({})).toBe(20_000);
    expect(searchRecheckMs({ SEARCH_RECHECK_MS: '0' })).toBe(0);
    expect(searchRecheckMs({ SEARCH_RECHECK_MS: '999999' })).toBe(20_000);
    expect(searchRecheckMs({ SEARCH_RECHECK_MS: 'soon' })).toBe(20_000);
  });

  it('ifReady answers from a ready snapshot but never builds one there is none of', async () => {
    const snap = fakeSnapshot(catalogue);
    snap.drop();
    const t = clock();
    const index = createSearchIndex(snap.source, { recheckMs: () => 20_000, now: t.now });
    expect(await index.ifReady()).toBeNull();
    expect(snap.reads.builds).toBe(0);
    const ready = fakeSnapshot(catalogue);
    const warm = createSearchIndex(ready.source, { recheckMs: () => 20_000, now: t.now });
    expect((await warm.ifReady())?.resolve('FP-C3')).toMatchObject({ found: true, part: { _id: 'c3' } });
    // Held and fresh: no read at all.
    const before = ready.reads.head;
    await warm.ifReady();
    expect(ready.reads.head).toBe(before);
    // The snapshot gone meanwhile: none, and nothing built.
    ready.drop();
    t.tick(20_000);
    expect(await warm.ifReady()).toBeNull();
    expect(ready.reads.builds).toBe(0);
  });

  it('a cold instance answers numbers at once; a query of words waits for its word index, and 503s past the wait', async () => {
    const snap = fakeSnapshot(catalogue);
    const held = heldPacing();
    const index = createSearchIndex(snap.source, { recheckMs: () => 20_000, pacing: held.pacing });
    const cold = await index.current();
    expect(cold.search({ q: 'FP-B2' }).hits.map((h) => h.tool._id)).toEqual(['b2']);
    expect(() => cold.search({ q: 'compressor' })).toThrow(WordIndexPending);
    await expect(answerFrom(cold, { q: 'compressor' }, 5)).rejects.toMatchObject({ code: 'unavailable', headers: { 'Retry-After': '30' } });
    const waiting = answerFrom(cold, { q: 'compressor' }, 60_000);
    await held.releaseAll();
    expect((await waiting).hits.map((h) => h.tool.name)).toEqual(['Hermetic Compressor']);
    await expect(answerFrom(cold, { q: 'nothing like it' }, 0)).resolves.toMatchObject({ total: 0 });
  });

  it('after a change, the previous index answers words until the new one has them, then the new one does', async () => {
    const snap = fakeSnapshot(catalogue);
    const t = clock();
    const held = heldPacing();
    let sleeping = 0;
    const index = createSearchIndex(snap.source, {
      recheckMs: () => 20_000,
      now: t.now,
      pacing: held.pacing,
      // The reload's wait for the new words ends at once: a large catalogue's build outlasts it.
      sleep: async () => void sleeping++,
    });
    const first = await index.current();
    await held.releaseAll();
    snap.change('c3', tool('c3', 'Defrost Timer Eight Hours'));
    t.tick(20_000);
    const during = await index.current();
    expect(sleeping).toBe(1);
    expect(during).toBe(first);
    expect(during.search({ q: 'eight' }).total).toBe(0);
    await held.releaseAll();
    const after = await index.current();
    expect(after).not.toBe(first);
    expect(after.search({ q: 'eight' }).hits.map((h) => h.tool.name)).toEqual(['Defrost Timer Eight Hours']);
    // Swapped without another read.
    expect(snap.reads.head).toBe(2);
  });

  it('a reload during another’s word index stops that one: one index built at a time', async () => {
    const snap = fakeSnapshot(catalogue);
    const t = clock();
    const held = heldPacing();
    const index = createSearchIndex(snap.source, { recheckMs: () => 20_000, now: t.now, pacing: held.pacing, sleep: async () => undefined });
    await index.current();
    await held.releaseAll();
    expect(held.pauses()).toBe(4);
    snap.change('c3', tool('c3', 'Defrost Timer Eight Hours'));
    t.tick(20_000);
    await index.current();
    expect(held.pauses()).toBe(5);
    snap.change('d4', tool('d4', 'Start Relay Twelve Amps'));
    t.tick(20_000);
    await index.current();
    await held.releaseAll();
    // The first reload's build stopped after its first slice; the second built all four tools.
    expect(held.pauses()).toBe(4 + 1 + 4);
    const after = await index.current();
    expect(after.search({ q: 'eight' }).total).toBe(1);
    expect(after.search({ q: 'twelve' }).total).toBe(1);
  });
});
