import type { DocumentSnapshot, Transaction } from 'firebase-admin/firestore';
import { heldQuantityOf, orderLinesOf, quantitiesByTool } from '@fridgeparts/common/documents/bookings';
import { isDocumentId } from '@fridgeparts/common/ids';
import { collections, type BookingDoc, type ToolDoc } from '../../data/firestore';
import { allocateArrivals } from './backorders';
import { stockDelta, stockWrite } from './stock-writes';

/** The tools an order holds, as read in a transaction, and how much of each. */
export interface OrderStock {
  /** Each distinct tool of the order's lines that still exists, with the quantity the order holds on its shelf. */
  tools: { snap: DocumentSnapshot<ToolDoc>; tool: ToolDoc; quantity: number }[];
  /** Every line's tool still exists and has the order's quantity of it in stock now. */
  available: boolean;
  /**
   * Moves every tool's stock by `sign` x the order's held quantity of it (its lines less what is
   * backordered or shipped): one write per tool. Its backorders go with it (decision 0080): +1
   * (given back) removes the lines' queue entries and their claim on arriving stock, and the units
   * given back go to other orders' waiting backorders first, oldest first, as arriving stock does
   * (backorders.ts allocateArrivals, read by readOrderStock), the shelf keeping the rest; -1 (taken
   * again by a late payment) puts the order's backorders back in the queue at its placing.
   */
  move(sign: 1 | -1): void;
}

/**
 * Reads (in `tx`, before any of its writes) the tools of every line of an order, and, for stock to
 * be given back (`direction` 'return', the default), the tools' waiting backorders and their
 * orders. Cancel, expiry, decline and refund give the stock back with move(+1), a late payment
 * (`direction` 'take') takes it again with move(-1); each runs only where the order's state moves,
 * in the same transaction, so each line's stock moves exactly once. A tool removed from the
 * catalogue meanwhile has no stock to move.
 */
export async function readOrderStock(tx: Transaction, b: BookingDoc, direction: 'return' | 'take' = 'return'): Promise<OrderStock> {
  const lines = orderLinesOf(b);
  const byTool = quantitiesByTool(lines.map((l) => ({ toolId: l.toolId, quantity: heldQuantityOf(l) })));
  const waiting = lines.flatMap((l, lineIndex) => ((l.backorderedQuantity ?? 0) > 0 && l.backorderId ? [{ line: l, lineIndex, id: l.backorderId }] : []));
  const waitingByTool = quantitiesByTool(waiting.map((w) => ({ toolId: w.line.toolId, quantity: w.line.backorderedQuantity ?? 0 })));
  const refs = [...byTool.keys()].filter(isDocumentId).map((id) => collections.tools().doc(id));
  const snaps = refs.length > 0 ? await tx.getAll(...refs) : [];
  const tools = snaps.filter((s) => s.exists).map((snap) => ({ snap, tool: snap.data() as ToolDoc, quantity: byTool.get(snap.id) ?? 0 }));
  // Given back, the units arrive at each tool as a delivery does: to the other orders waiting
  // first. The order's own queue entries are being removed, so they are skipped and its units
  // left out of the tool's open backorders: it is never served its own stock.
  const given =
    direction === 'return'
      ? await allocateArrivals(
          tx,
          tools.map((t) => ({
            ref: t.snap.ref,
            tool: { ...t.tool, backorderedQuantity: Math.max(0, (t.tool.backorderedQuantity ?? 0) - (waitingByTool.get(t.snap.id) ?? 0)) },
            stock: t.tool.availableQuantity + t.quantity,
          })),
          { skip: new Set(waiting.map((w) => w.id)) },
        )
      : null;
  return {
    tools,
    available: tools.length === byTool.size && tools.every((t) => t.tool.availableQuantity >= t.quantity),
    move: (sign) => {
      if (sign > 0 && !given) throw new Error('readOrderStock: stock read to be taken can not be given back');
      for (const t of tools) {
        const open = waitingByTool.get(t.snap.id) ?? 0;
        if (sign > 0) {
          const a = given!.tools.get(t.snap.id)!;
          const moved = open > 0 || a.backorderedLeft !== (t.tool.backorderedQuantity ?? 0);
          tx.update(t.snap.ref, { ...stockWrite(a.stockLeft), ...(moved ? { backorderedQuantity: a.backorderedLeft } : {}) });
        } else {
          const backordered = Math.max(0, (t.tool.backorderedQuantity ?? 0) + open);
          tx.update(t.snap.ref, { ...stockDelta(-t.quantity), ...(open > 0 ? { backorderedQuantity: backordered } : {}) });
        }
      }
      const live = new Set(tools.map((t) => t.snap.id));
      for (const w of waiting) {
        const ref = collections.backorders().doc(w.id);
        if (sign > 0) tx.delete(ref);
        else if (live.has(w.line.toolId)) {
          const bookingId = w.id.slice(0, w.id.lastIndexOf('_'));
          tx.set(ref, { toolId: w.line.toolId, bookingId, lineIndex: w.lineIndex, placedAt: b.createdAt, quantity: w.line.backorderedQuantity ?? 0 });
        }
      }
      if (sign > 0) given!.write();
    },
  };
}
