import { Timestamp, type DocumentSnapshot } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { MAX_QUANTITY } from '@fridgeparts/common/constants';
import type { ToolDoc } from '../../data/firestore';
import { toolDoc } from '../../testing/tool-doc';
import { versionOf } from './catalog';
import { stockAfter } from './product-edit';

const doc = (over: Partial<ToolDoc> = {}): ToolDoc =>
  toolDoc({
    name: 'Gasket',
    description: 'Door gasket.',
    partNumber: 'FP-G-1',
    priceCents: 1999,
    minimumQuantity: 2,
    availableQuantity: 10,
    ...over,
  });
const snap = (data: ToolDoc, updateTime: Timestamp) => ({ id: 't1', data: () => data, updateTime, exists: true }) as unknown as DocumentSnapshot<ToolDoc>;

describe('stockAfter (PATCH /manage/{id} addStock)', () => {
  it('adds a delivery and takes a write-off, down to 0 exactly', () => {
    expect(stockAfter(10, 5)).toEqual({ stock: 15 });
    expect(stockAfter(10, -10)).toEqual({ stock: 0 });
  });

  it('refuses a write-off below 0 and a stock above the largest quantity, saying how much there is', () => {
    expect(stockAfter(3, -4)).toEqual({ problem: expect.stringMatching(/Only 3 in stock.*at most 3/) });
    expect(stockAfter(MAX_QUANTITY, 1)).toEqual({ problem: expect.stringMatching(/at most 1000000/) });
  });
});

describe('versionOf (the tool ETag, CONTRACT §13)', () => {
  const t0 = new Timestamp(1_764_147_000, 123_456_789);
  const later = new Timestamp(1_764_147_000, 123_456_790);

  it('stays while nothing is written', () => {
    const a = versionOf(snap(doc(), t0));
    expect(a.version).toMatch(/^1764147000\.123456789-[\w-]{16}$/);
    expect(versionOf(snap(doc(), t0)).version).toBe(a.version);
    expect(a.tool).toMatchObject({ _id: 't1', availableQuantity: 10, price: 19.99 });
  });

  it('changes with every write: a later update time, or other data at the same (millisecond) time', () => {
    const a = versionOf(snap(doc(), t0)).version;
    expect(versionOf(snap(doc(), later)).version).not.toBe(a);
    expect(versionOf(snap(doc({ availableQuantity: 9 }), t0)).version).not.toBe(a);
  });
});
