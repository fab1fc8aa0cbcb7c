import type { DocumentReference, DocumentSnapshot, Transaction } from 'firebase-admin/firestore';
import { backorderExpectedOn, shopToday } from '@fridgeparts/common/availability/availability';
import { backorderIdOf, type BackorderDoc as BackorderFields } from '@fridgeparts/common/documents/backorders';
import { orderLinesOf } from '@fridgeparts/common/documents/bookings';
import { collections, type BackorderDoc, type BookingDoc, type ToolDoc } from '../../data/firestore';
import { shipCutoff } from '../../config';
import { queueBackorderReadyEmail, type ReadyLine } from '../mail/mail-outbox';

/**
 * Backorders (CONTRACT §14, decision 0080). A line placed with `backorder: true` takes what the
 * shelf has and records the rest as `backorderedQuantity`, with the day it is expected; the rest
 * waits in the tool's queue, `backorders/{bookingId}_{lineIndex}` ({ toolId, bookingId, lineIndex,
 * placedAt, quantity }), and the tool keeps the units waiting as `backorderedQuantity` (so its
 * availability says backorder without another read). Stock that arrives (PATCH /manage addStock)
 * goes to the queue first, oldest order first, in the same transaction (allocateArrivingStock).
 */

/** At most this many queue entries per delivery: the transaction's reads stay bounded (one query, one booking each). */
export const BACKORDER_PAGE = 50;

/** A new order's backorders: each line's part not in stock, its day, and its queue entry. */
export interface PlannedBackorders {
  /** By the line's index: what it backorders (absent: nothing). */
  lines: ({ quantity: number; expectedOn: string; backorderId: string } | undefined)[];
  /** Units backordered per tool (added to the tool's `backorderedQuantity`). */
  byTool: Map<string, number>;
  entries: { id: string; doc: Omit<BackorderFields, 'placedAt'> }[];
}

/**
 * Plans the backorders of an order's lines (pure but for the shop's day): a line waits behind the
 * tool's open backorders and the order's earlier lines of the same tool, and is expected on the
 * first delivery whose running total covers its place (availability.ts backorderExpectedOn).
 */
/** What planBackorders needs of a planned line (order-lines.ts PlannedLine): its tool and how much of it waits. */
export interface BackorderedLine {
  toolRef: DocumentReference<ToolDoc>;
  tool: ToolDoc;
  backordered: number;
}

export function planBackorders(bookingId: string, planned: readonly BackorderedLine[], now: Date): PlannedBackorders {
  const today = shopToday(now, shipCutoff());
  const byTool = new Map<string, number>();
  const entries: PlannedBackorders['entries'] = [];
  const lines = planned.map((l, lineIndex) => {
    if (l.backordered <= 0) return undefined;
    const toolId = l.toolRef.id;
    const before = (l.tool.backorderedQuantity ?? 0) + (byTool.get(toolId) ?? 0);
    byTool.set(toolId, (byTool.get(toolId) ?? 0) + l.backordered);
    const id = backorderIdOf(bookingId, lineIndex);
    entries.push({ id, doc: { toolId, bookingId, lineIndex, quantity: l.backordered } });
    return { quantity: l.backordered, expectedOn: backorderExpectedOn(l.tool, before + l.backordered, today), backorderId: id };
  });
  return { lines, byTool, entries };
}

/** What arriving stock does: the stock and open backorders the tool is left with, and the writes (after every read). */
export interface Allocation {
  stockLeft: number;
  backorderedLeft: number;
  /** Units given to backordered lines. */
  allocated: number;
  write: () => void;
}

/** Stock arriving at one tool: the tool as read (its open backorders), and its stock once the units are in. */
export interface Arrival {
  ref: DocumentReference<ToolDoc>;
  tool: ToolDoc;
  stock: number;
}

/** What arriving stock does to several tools at once: each tool's outcome (by id), and one write for all. */
export interface Allocations {
  tools: Map<string, Omit<Allocation, 'write'>>;
  write: () => void;
}

interface Take {
  entry: DocumentSnapshot<BackorderDoc>;
  quantity: number;
}

/**
 * Gives `stock` (the tool's stock after the delivery) to the tool's open backorders, oldest order
 * first, and reads everything it needs now (one query of at most BACKORDER_PAGE entries, then
 * their orders): call it after the transaction's other reads are staged and before any write. An
 * entry whose order or line no longer waits (removed meanwhile) is dropped and takes nothing. Each
 * order given stock gets its lines' `backorderedQuantity` lowered, its allocation counted and one
 * "ready" email (mail/{bookingId}-backorder-ready-{n}: fixed by the count, so a retried
 * transaction writes the same document, and a replayed delivery, a new allocation, its own).
 */
export async function allocateArrivingStock(tx: Transaction, toolRef: DocumentReference<ToolDoc>, tool: ToolDoc, stock: number): Promise<Allocation> {
  const all = await allocateArrivals(tx, [{ ref: toolRef, tool, stock }]);
  return { ...all.tools.get(toolRef.id)!, write: all.write };
}

/**
 * allocateArrivingStock for several tools in one transaction (an order's stock given back by
 * cancel, expiry, decline or refund: order-lines.ts readOrderStock): each tool's queue is served as
 * above, and an order waiting on more than one of them is written once, with one "ready" email for
 * everything it was given. `skip` names queue entries that take nothing and are left alone (the
 * entries of the order giving its stock back, which its own writes remove: it is never served its
 * own units); the tools' `backorderedQuantity` should already leave their units out.
 */
export async function allocateArrivals(tx: Transaction, arrivals: readonly Arrival[], o: { skip?: ReadonlySet<string> } = {}): Promise<Allocations> {
  const tools = new Map<string, Omit<Allocation, 'write'>>(
    arrivals.map((a) => [a.ref.id, { stockLeft: a.stock, backorderedLeft: Math.max(0, a.tool.backorderedQuantity ?? 0), allocated: 0 }]),
  );
  const due = arrivals.filter((a) => a.stock > 0 && (a.tool.backorderedQuantity ?? 0) > 0);
  if (due.length === 0) return { tools, write: () => undefined };
  // Every read first: each tool's queue, oldest first, then the orders they name (one getAll).
  const queues: { arrival: Arrival; docs: DocumentSnapshot<BackorderDoc>[] }[] = [];
  for (const arrival of due) {
    const queue = await tx.get(collections.backorders().where('toolId', '==', arrival.ref.id).orderBy('placedAt').limit(BACKORDER_PAGE));
    queues.push({ arrival, docs: queue.docs.filter((d) => !o.skip?.has(d.id)) });
  }
  const bookingRefs = [...new Set(queues.flatMap((q) => q.docs.map((d) => d.data()!.bookingId)))].map((id) => collections.bookings().doc(id));
  const bookings = new Map((bookingRefs.length > 0 ? await tx.getAll(...bookingRefs) : []).map((s) => [s.id, s]));
  const stale: DocumentSnapshot<BackorderDoc>[] = [];
  const takes = new Map<string, Take[]>();
  for (const { arrival, docs } of queues) {
    let left = arrival.stock;
    let dropped = 0;
    for (const entry of docs) {
      const e = entry.data()!;
      const b = bookings.get(e.bookingId)?.data();
      const line = b ? orderLinesOf(b)[e.lineIndex] : undefined;
      const waiting = line && line.backorderId === entry.id ? (line.backorderedQuantity ?? 0) : 0;
      if (waiting <= 0) {
        stale.push(entry);
        dropped += e.quantity;
        continue;
      }
      if (left <= 0) break;
      const quantity = Math.min(waiting, left);
      left -= quantity;
      takes.set(e.bookingId, [...(takes.get(e.bookingId) ?? []), { entry, quantity }]);
    }
    const allocated = arrival.stock - left;
    tools.set(arrival.ref.id, {
      stockLeft: left,
      backorderedLeft: Math.max(0, (arrival.tool.backorderedQuantity ?? 0) - allocated - dropped),
      allocated,
    });
  }
  return {
    tools,
    write: () => {
      for (const s of stale) tx.delete(s.ref);
      for (const [bookingId, given] of takes) {
        const snap = bookings.get(bookingId)!;
        const b = snap.data()!;
        const lines = orderLinesOf(b).map((l) => ({ ...l }));
        const ready: ReadyLine[] = [];
        for (const t of given) {
          const e = t.entry.data()!;
          const line = lines[e.lineIndex]!;
          const still = (line.backorderedQuantity ?? 0) - t.quantity;
          Object.assign(line, { backorderedQuantity: still, ...(still === 0 ? { expectedOn: null, backorderId: null } : {}) });
          if (still === 0) tx.delete(t.entry.ref);
          else tx.update(t.entry.ref, { quantity: still });
          ready.push({ name: line.name, partNumber: line.partNumber, quantity: t.quantity, stillBackordered: still, expectedOn: line.expectedOn ?? null });
        }
        const allocations = (b.backorderAllocations ?? 0) + 1;
        const after: BookingDoc = { ...b, lines, backorderAllocations: allocations };
        tx.update(snap.ref, { lines, backorderAllocations: allocations });
        queueBackorderReadyEmail(tx, bookingId, after, ready, allocations);
      }
    },
  };
}
