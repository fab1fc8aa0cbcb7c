import { Timestamp, type DocumentReference, type Transaction } from 'firebase-admin/firestore';
import { lineTotalCents } from '@fridgeparts/common/money';
import { quantityProblem, unitPriceCentsFor, type PricedTool } from '@fridgeparts/common/pricing';
import { collections, type BookingDoc, type ToolDoc } from '../data/firestore';

/**
 * The pieces every booking path shares (POST /booking, POST /booking/quick): B2B pricing, the
 * quantity rules and order numbers, all inside the caller's transaction (CONTRACT §7).
 */

/** A stored tool with the CONTRACT §7 defaults for documents written before them. */
export function pricedTool(t: ToolDoc): PricedTool {
  return { priceCents: t.priceCents, packSize: t.packSize ?? 1, priceBreaks: t.priceBreaks ?? [], minimumQuantity: t.minimumQuantity, availableQuantity: t.availableQuantity };
}

export interface LinePlan {
  unitPriceCents: number;
  totalCents: number;
}

/** Why this quantity of this tool can not be booked (stock left after earlier lines), or the price. */
export function planLine(tool: ToolDoc, quantity: number, alreadyReserved = 0): { problem: string } | LinePlan {
  const priced = pricedTool(tool);
  const problem = quantityProblem({ ...priced, availableQuantity: priced.availableQuantity - alreadyReserved }, quantity);
  if (problem) return { problem };
  const unitPriceCents = unitPriceCentsFor(priced, quantity);
  return { unitPriceCents, totalCents: lineTotalCents(unitPriceCents, quantity) };
}

const ORDER_COUNTER = () => collections.counters().doc('orders');

/**
 * Reserves `count` order numbers: FP-<year>-<6-digit sequence>, the sequence restarting each
 * year. Read here (before any write of the transaction); the returned `commit` writes the counter.
 */
export async function reserveOrderNumbers(tx: Transaction, count: number, now: Date): Promise<{ numbers: string[]; commit: () => void }> {
  const ref = ORDER_COUNTER();
  const current = (await tx.get(ref)).data();
  const year = now.getUTCFullYear();
  const start = current && current.year === year ? current.seq : 0;
  const numbers = Array.from({ length: count }, (_, i) => `FP-${year}-${String(start + i + 1).padStart(6, '0')}`);
  return { numbers, commit: () => tx.set(ref, { year, seq: start + count }) };
}

export interface NewBooking {
  caller: { uid: string; email: string; name: string };
  toolRef: DocumentReference<ToolDoc>;
  tool: ToolDoc;
  quantity: number;
  plan: LinePlan;
  remaining: number;
  contact: { phone: string; address: string };
  poNumber: string | null;
  orderNumber: string;
  now: Timestamp;
}

/** The stored booking of a reserved line. */
export function reservedBooking(b: NewBooking): BookingDoc {
  return {
    uid: b.caller.uid,
    email: b.caller.email,
    userName: b.caller.name,
    toolId: b.toolRef.id,
    name: b.tool.name,
    partNumber: b.tool.partNumber ?? null,
    unitPriceCents: b.plan.unitPriceCents,
    quantity: b.quantity,
    totalCents: b.plan.totalCents,
    itemMinimumQuantity: b.tool.minimumQuantity,
    itemAvailableQuantity: b.remaining,
    phone: b.contact.phone,
    address: b.contact.address,
    poNumber: b.poNumber,
    orderNumber: b.orderNumber,
    paid: false,
    transactionId: null,
    state: 'reserved',
    paymentIntentId: null,
    paidAt: null,
    refundedAt: null,
    refundId: null,
    status: null,
    createdAt: b.now,
  };
}

export const now = () => Timestamp.now();
