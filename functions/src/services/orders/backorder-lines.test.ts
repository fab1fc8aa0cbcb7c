import type { DocumentReference } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { ToolDoc } from '../../data/firestore';
import { toolDoc } from '../../testing/tool-doc';
import { BACKORDER_DISCONTINUED, planOrderLines, splitLine, type ResolvedLine } from './order-lines';
import { planBackorders } from '../stock/backorders';

const ref = (id: string) => ({ id }) as DocumentReference<ToolDoc>;
const line = (quantity: number, t: ToolDoc, backorder?: boolean, id = 'a'): ResolvedLine => ({
  quantity,
  ref: ref(id),
  tool: t,
  ...(backorder ? { backorder } : {}),
});

describe('splitLine', () => {
  it('reserves what the shelf holds and backorders the rest, only when asked', () => {
    expect(splitLine(3, 10, true)).toEqual({ reserved: 3, backordered: 7 });
    expect(splitLine(0, 10, true)).toEqual({ reserved: 0, backordered: 10 });
    expect(splitLine(-2, 4, true)).toEqual({ reserved: 0, backordered: 4 });
    expect(splitLine(3, 10, false)).toEqual({ reserved: 10, backordered: 0 });
  });
  it('never reserves more than the stock nor less than the line when stock covers it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1000 }), fc.integer({ min: 1, max: 1000 }), (stock, quantity) => {
        const { reserved, backordered } = splitLine(stock, quantity, true);
        expect(reserved + backordered).toBe(quantity);
        expect(reserved).toBeLessThanOrEqual(stock);
        expect(backordered).toBe(Math.max(0, quantity - stock));
      }),
    );
  });
});

describe('planOrderLines with backorder', () => {
  it('refuses more than the stock without backorder, as before', () => {
    const { problems } = planOrderLines([line(10, toolDoc())]);
    expect(problems[0]?.key).toBe('lines.0.quantity');
  });
  it('takes more than the stock with backorder, reserving the stock left after earlier lines', () => {
    const t = toolDoc({ availableQuantity: 5 });
    const { planned, problems } = planOrderLines([line(3, t), line(6, t, true)]);
    expect(problems).toEqual([]);
    expect(planned.map((p) => [p.reserved, p.backordered])).toEqual([
      [3, 0],
      [2, 4],
    ]);
  });
  it('still holds the minimum and pack size, and refuses a discontinued part under backorder', () => {
    expect(planOrderLines([line(15, toolDoc({ packSize: 10, minimumQuantity: 10 }), true)]).problems[0]?.key).toBe('lines.0.quantity');
    const gone = planOrderLines([line(2, toolDoc({ replacedBy: 'b', availableQuantity: 0 }), true)]).problems[0];
    expect(gone).toMatchObject({ key: 'lines.0.backorder', reason: BACKORDER_DISCONTINUED });
  });
});

describe('planBackorders', () => {
  it('queues each backordered line behind the tool’s open backorders, with its day', () => {
    const t = toolDoc({ availableQuantity: 0, backorderedQuantity: 4, restock: [{ quantity: 6, expectedOn: '2099-01-10' }], leadTimeDays: 30 });
    const planned = [
      { toolRef: ref('a'), tool: t, backordered: 2 },
      { toolRef: ref('b'), tool: toolDoc(), backordered: 0 },
      { toolRef: ref('a'), tool: t, backordered: 3 },
    ];
    const out = planBackorders('order1', planned, new Date('2098-12-01T16:00:00Z'));
    expect(out.lines[0]).toEqual({ quantity: 2, expectedOn: '2099-01-10', backorderId: 'order1_0' });
    expect(out.lines[1]).toBeUndefined();
    // 4 + 2 + 3 = 9 is past the 6 expected: lead time from today (Dec 31) would come before the
    // delivery the earlier line waits for, so it is that day: a later place is never promised sooner.
    expect(out.lines[2]).toEqual({ quantity: 3, expectedOn: '2099-01-10', backorderId: 'order1_2' });
    expect(out.byTool).toEqual(new Map([['a', 5]]));
    expect(out.entries.map((e) => e.doc)).toEqual([
      { toolId: 'a', bookingId: 'order1', lineIndex: 0, quantity: 2 },
      { toolId: 'a', bookingId: 'order1', lineIndex: 2, quantity: 3 },
    ]);
  });
});
