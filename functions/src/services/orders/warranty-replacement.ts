import type { Timestamp, Transaction } from 'firebase-admin/firestore';
import { reservedOrderDoc, type NewOrderLine } from '@fridgeparts/common/documents/bookings';
import { transition } from '@fridgeparts/common/order-lifecycle';
import { collections, type BookingDoc, type ToolDoc } from '../../data/firestore';
import { conflict } from '../../errors';
import { stockWrite } from '../stock/stock-writes';
import { planBackorders } from '../stock/backorders';
import { reserveOrderNumbers } from './make-order';
import { splitLine } from './order-lines';

/**
 * A warranty claim's replacement order (decision 0087), the one way an order is made outside
 * makeOrder: the shop sends the same tools and quantities again at no charge, in the approving
 * transaction. Unit prices, shipping and tax are 0 (`tax: null`), the order is `paid` (nothing to
 * pay), and its stock is reserved as any order's: what the shelf can not cover is backordered in
 * the tool's queue (a discontinued tool short of stock refuses the approval, 409), so it appears
 * in the To-ship queue and ships with shipments like any order.
 */

export interface ReplacementFor {
  returnId: string;
  rmaNumber: string;
  bookingId: string;
}

/** What the replacement is made of: the original order and the claimed lines (tool and quantity). */
export interface ReplacementOrder {
  original: BookingDoc;
  lines: readonly { toolId: string; quantity: number }[];
  replacementFor: ReplacementFor;
  at: Timestamp;
}

/**
 * Reads (in `tx`, after the caller's reads and before any of its writes) the tools and the order
 * counter; answers the replacement's id and the write that makes it (the order, its stock, its
 * backorders), to call after the caller's reads are done.
 */
export async function planWarrantyReplacement(
  tx: Transaction,
  o: ReplacementOrder,
): Promise<{ bookingId: string; orderNumber: string; doc: BookingDoc; write: () => void }> {
  const ref = collections.bookings().doc();
  const ids = [...new Set(o.lines.map((l) => l.toolId))];
  const snaps = await tx.getAll(...ids.map((id) => collections.tools().doc(id)));
  const tools = new Map(snaps.map((s) => [s.id, s.data() as ToolDoc | undefined]));
  const planned = o.lines.map((l) => {
    const tool = tools.get(l.toolId);
    if (!tool) throw conflict(`The part ${l.toolId} is no longer in the catalogue, so no replacement can be sent: decline the claim or refund it.`);
    return { toolRef: collections.tools().doc(l.toolId), tool, quantity: l.quantity, reserved: 0, backordered: 0 };
  });
  const left = new Map<string, number>();
  for (const p of planned) {
    const stock = left.get(p.toolRef.id) ?? p.tool.availableQuantity;
    const split = splitLine(stock, p.quantity, true);
    if (split.backordered > 0 && p.tool.replacedBy)
      throw conflict(`${p.tool.name} is discontinued and ${stock} are in stock, so the replacement can not be sent: decline the claim or refund it.`);
    p.reserved = split.reserved;
    p.backordered = split.backordered;
    left.set(p.toolRef.id, stock - split.reserved);
  }
  const order = await reserveOrderNumbers(tx, 1, o.at.toDate());
  const backorders = planBackorders(ref.id, planned, o.at.toDate());
  const b = o.original;
  const lines: NewOrderLine[] = planned.map((p, i) => ({
    toolId: p.toolRef.id,
    tool: p.tool,
    quantity: p.quantity,
    plan: { unitPriceCents: 0, totalCents: 0 },
    ...(backorders.lines[i] ? { backordered: backorders.lines[i] } : {}),
  }));
  const reserved = reservedOrderDoc({
    buyer: { uid: b.uid, email: b.email, name: b.userName },
    lines,
    remaining: left.get(planned[0].toolRef.id) ?? 0,
    contact: { phone: b.phone, address: b.address },
    poNumber: b.poNumber ?? null,
    orderNumber: order.numbers[0],
    createdAt: o.at,
  });
  const born = transition({ state: null }, 'place-replacement', 'shop-admin', o.at);
  if (!born.ok || !born.set) throw new Error('A replacement is born paid');
  const doc: BookingDoc = {
    ...reserved,
    ...born.set,
    totalCents: 0,
    companyId: b.companyId ?? null,
    ...(b.shipToId ? { shipToId: b.shipToId, shipToAddress: b.shipToAddress ?? null } : {}),
    ...(b.shippingAddress ? { shippingAddress: b.shippingAddress } : {}),
    shipping: b.shipping ? { ...b.shipping, amountCents: 0 } : null,
    tax: null,
    shipComplete: false,
    replacementFor: o.replacementFor,
  };
  return {
    bookingId: ref.id,
    orderNumber: order.numbers[0],
    doc,
    write: () => {
      for (const [toolId, stock] of left) {
        const tool = tools.get(toolId)!;
        const waiting = backorders.byTool.get(toolId) ?? 0;
        tx.update(collections.tools().doc(toolId), {
          ...stockWrite(stock),
          ...(waiting > 0 ? { backorderedQuantity: (tool.backorderedQuantity ?? 0) + waiting } : {}),
        });
      }
      order.commit();
      tx.create(ref, doc);
      for (const entry of backorders.entries) tx.create(collections.backorders().doc(entry.id), { ...entry.doc, placedAt: o.at });
    },
  };
}
