import { Timestamp } from 'firebase-admin/firestore';
import type { ReturnReceive } from '@fridgeparts/common/returns/returns.schema';
import type { Return } from '@fridgeparts/common/returns/returns.answers';
import { everyLineReturned } from '@fridgeparts/common/order-lifecycle';
import { collections, db, type ReturnDoc, type ToolDoc } from '../../data/firestore';
import { badRequest, conflict } from '../../errors';
import { bookingRef, orderMove } from '../booking-records';
import { allocateArrivals, type Arrival } from '../stock/backorders';
import { stockWrite } from '../stock/stock-writes';
import { queueReturnEmail } from '../mail/mail-outbox';
import { orderReturnsOf, readReturn, releaseOpen, returnAnswer, returnRef } from './returns';
import { orderQuantities } from './return-rules';
import { isCoreReturn } from './core-rules';

/**
 * POST /booking/{id}/returns/{rid}/receive (shop admin; CONTRACT §16, decision 0086): the parts of
 * an approved return are counted in, each line resaleable and damaged (what is not counted did not
 * come back, and may be returned again). In one transaction: resaleable units go back to their
 * tool's stock through allocateArrivingStock (waiting backorders first, oldest order first),
 * damaged ones are written off (never restocked), the order's lines move from open to returned
 * (the order `returned` once every unit of every line is back), the return is received and the
 * buyer emailed. A second receive is 409: nothing moves twice; two at once retry against each
 * other and the second finds it received.
 */
export async function receiveReturn(bookingId: string, rid: string, input: ReturnReceive): Promise<Return> {
  return db.runTransaction(async (tx) => {
    const { r, b } = await readReturn(tx, bookingId, rid);
    if (r.state === 'received' || r.state === 'refunded' || r.state === 'closed')
      throw conflict(`Return ${r.rmaNumber} was already received: nothing is counted in twice.`);
    if (r.state === 'declined') throw conflict(`Return ${r.rmaNumber} was declined, so nothing is received for it.`);
    if (r.state === 'requested') throw conflict(`Return ${r.rmaNumber} is not approved yet: approve it first, then receive its parts.`);
    if (isCoreReturn(r)) throw badRequest(`Return ${r.rmaNumber} is a core return: inspect each line (accepted, partial with its amount, or rejected).`);
    // The order's other returns, read before any write: the refund this one will show is held to theirs.
    const others = await orderReturnsOf(bookingId, tx);

    const counts = new Map(input.lines.map((l) => [l.lineId, l]));
    const problems: [string, string][] = [];
    input.lines.forEach((c, i) => {
      const line = r.lines.find((l) => l.lineId === c.lineId);
      if (!line) problems.push([`lines.${i}`, `Return ${r.rmaNumber} has no line ${c.lineId} (its lines: ${r.lines.map((l) => l.lineId).join(', ')}).`]);
      else if (c.resaleable + c.damaged > line.quantity)
        problems.push([
          `lines.${i}`,
          `Line ${c.lineId} (${line.name}) was returned ${line.quantity}; ${c.resaleable} resaleable and ${c.damaged} damaged is more.`,
        ]);
    });
    if (problems.length > 0) throw badRequest(problems.map(([, m]) => m).join(' '), Object.fromEntries(problems));

    const lines: ReturnDoc['lines'] = r.lines.map((l) => {
      const c = counts.get(l.lineId);
      return { ...l, resaleableQuantity: c?.resaleable ?? 0, damagedQuantity: c?.damaged ?? 0 };
    });
    // Every read before any write: each restocked tool, then its queue of backorders.
    const restock = new Map<string, number>();
    for (const l of lines) if (l.resaleableQuantity > 0) restock.set(l.toolId, (restock.get(l.toolId) ?? 0) + l.resaleableQuantity);
    // This order's own waiting backorders are left alone (it is never served its own units, and its
    // document is written once, below): their units are kept out of the tools' queues and added back.
    const { lines: orderLines } = orderQuantities(b);
    const own = new Map<string, number>();
    const skip = new Set<string>();
    for (const l of orderLines) {
      if (!l.backorderId || !(l.backorderedQuantity ?? 0)) continue;
      skip.add(l.backorderId);
      own.set(l.toolId, (own.get(l.toolId) ?? 0) + (l.backorderedQuantity ?? 0));
    }
    const arrivals: (Arrival & { stored: ToolDoc })[] = [];
    for (const [toolId, added] of restock) {
      const ref = collections.tools().doc(toolId);
      const tool = (await tx.get(ref)).data();
      // A tool deleted since: its units can go nowhere (they are counted as returned all the same).
      if (!tool) continue;
      const backorderedQuantity = Math.max(0, (tool.backorderedQuantity ?? 0) - (own.get(toolId) ?? 0));
      arrivals.push({ ref, tool: { ...tool, backorderedQuantity }, stock: tool.availableQuantity + added, stored: tool });
    }
    const allocations = await allocateArrivals(tx, arrivals, { skip });

    const at = Timestamp.now();
    const returned = new Map(lines.map((l) => [Number(l.lineId), l.resaleableQuantity + l.damagedQuantity]));
    const newLines = releaseOpen(b, r, returned);
    const { q } = orderQuantities({ ...b, lines: newLines });
    const move = everyLineReturned(q) ? orderMove(b, 'return', 'shop-admin', at) : null;
    // A warranty claim's failed part closes it: no money moves (decision 0087).
    const after: ReturnDoc = { ...r, lines, state: r.warranty ? 'closed' : 'received', receivedAt: at, version: r.version + 1 };

    for (const arrival of arrivals) {
      const a = allocations.tools.get(arrival.ref.id)!;
      const backordered = a.backorderedLeft + (own.get(arrival.ref.id) ?? 0);
      tx.update(arrival.ref, {
        ...stockWrite(a.stockLeft),
        ...(backordered !== (arrival.stored.backorderedQuantity ?? 0) ? { backorderedQuantity: backordered } : {}),
      });
    }
    allocations.write();
    tx.update(bookingRef(bookingId), { lines: newLines, ...(move?.ok && move.set ? move.set : {}) });
    tx.update(returnRef(rid), { lines, state: after.state, receivedAt: at, version: after.version });
    queueReturnEmail(tx, r.warranty ? 'closed' : 'received', rid, after);
    return returnAnswer(rid, after, { ...b, lines: newLines }, others);
  });
}
