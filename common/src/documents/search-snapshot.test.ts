import { describe, expect, it } from 'vitest';
import type { Tool } from '../tool';
import { sampleTool } from '../testing/sample-tool';
import { changeChunk, chunkIndexFor, cutIntoChunks, decodeSearchChunk, encodeSearchChunk, layOutSnapshot } from './search-snapshot';

const tool = (id: string, description = 'A part'): Tool => sampleTool(id, { description });
const ids = (n: number, prefix = 't') => Array.from({ length: n }, (_, i) => `${prefix}${String(i).padStart(5, '0')}`);

describe('search snapshot chunks (decision 0048)', () => {
  it('lays the catalogue out in chunks of at most 1,500 tools, by id, each starting at its first id', () => {
    const { chunks, pieces } = layOutSnapshot(
      ids(3_200)
        .reverse()
        .map((id) => tool(id)),
    );
    expect(pieces.map((p) => p.length)).toEqual([1_500, 1_500, 200]);
    expect(chunks.map((c) => c.from)).toEqual(['', 't01500', 't03000']);
    expect(chunks.map((c) => c.count)).toEqual([1_500, 1_500, 200]);
    expect(pieces[1]![0]!._id).toBe('t01500');
    expect(layOutSnapshot([])).toEqual({ chunks: [{ from: '', version: 1, count: 0 }], pieces: [[]] });
  });

  it('cuts by bytes too: long descriptions fill a document before 1,500 tools do', () => {
    const long = ids(10).map((id) => tool(id, 'x'.repeat(300)));
    const pieces = cutIntoChunks(long, { tools: 1_500, bytes: 2_000 });
    expect(pieces.length).toBeGreaterThan(1);
    for (const p of pieces) expect(JSON.stringify(p).length).toBeLessThanOrEqual(2_000);
    expect(pieces.flat()).toEqual(long);
  });

  it('finds the chunk of an id from the chunk list alone, in whatever order the chunks were made', () => {
    const chunks = [
      { from: '', version: 1, count: 1 },
      { from: 'm', version: 1, count: 1 },
      { from: 'f', version: 1, count: 1 },
    ];
    expect(chunkIndexFor(chunks, 'a')).toBe(0);
    expect(chunkIndexFor(chunks, 'f')).toBe(2);
    expect(chunkIndexFor(chunks, 'k')).toBe(2);
    expect(chunkIndexFor(chunks, 'zz')).toBe(1);
  });

  it('puts, replaces and removes one entry, moving only its chunk version; a full chunk splits at the end of the list', () => {
    const start = [{ from: '', version: 4, count: 2 }];
    const stored = [tool('a'), tool('c')];
    const put = changeChunk(start, stored, 'b', tool('b'));
    expect(put.writes).toEqual([{ index: 0, version: 5, tools: [tool('a'), tool('b'), tool('c')] }]);
    expect(put.chunks).toEqual([{ from: '', version: 5, count: 3 }]);
    const edited = changeChunk(start, stored, 'a', { ...tool('a'), price: 12 });
    expect(edited.writes[0]!.tools.map((t) => t.price)).toEqual([12, 10]);
    expect(changeChunk(start, stored, 'c', null).writes[0]!.tools).toEqual([tool('a')]);
    const split = changeChunk(start, stored, 'd', tool('d'), { tools: 2, bytes: 1_000_000 });
    expect(split.chunks).toEqual([
      { from: '', version: 5, count: 2 },
      { from: 'd', version: 1, count: 1 },
    ]);
    expect(split.writes.map((w) => [w.index, w.version, w.tools.map((t) => t._id)])).toEqual([
      [0, 5, ['a', 'c']],
      [1, 1, ['d']],
    ]);
    // The new chunk is found by its first id from then on.
    expect(chunkIndexFor(split.chunks, 'e')).toBe(1);
  });

  it('stores a chunk’s tools as one JSON string that a full chunk keeps under Firestore’s 1 MiB string, and reads either shape', () => {
    const [full] = cutIntoChunks(ids(3_000).map((id) => tool(id, 'Ünïcödé description '.repeat(40))));
    const chunk = { build: 'b1', version: 3, tools: full! };
    const stored = encodeSearchChunk(chunk);
    expect(typeof stored.tools).toBe('string');
    // Firestore's limit for one string field: 1 MiB less 89 bytes.
    expect(new TextEncoder().encode(stored.tools as string).length).toBeLessThanOrEqual(1_048_487);
    expect(decodeSearchChunk(stored)).toEqual(chunk);
    // A chunk written before the string shape: its array as stored.
    expect(decodeSearchChunk({ build: 'b0', version: 1, tools: full! })).toEqual({ build: 'b0', version: 1, tools: full });
  });
});
