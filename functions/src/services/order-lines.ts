import { Timestamp, type Transaction } from 'firebase-admin/firestore';
import { lineTotalCents } from '@fridgeparts/common/money';
import { pricedTool } from '@fridgeparts/common/documents/tools';
import { quantityProblem, unitPriceCentsFor } from '@fridgeparts/common/pricing';
import { collections, type BookingDoc, type ToolDoc } from '../data/firestore';

/**
 * The pieces every booking path shares (POST /booking, POST /booking/quick): B2B pricing, the
 * quantity rules and order numbers, all inside the caller's transaction (CONTRACT §7). The booking
 * document itself is common/documents/bookings.ts reservedBookingDoc.
 */

/** A line's price, as its booking stores it. */
export type LinePlan = Pick<BookingDoc, 'unitPriceCents' | 'totalCents'>;

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

export const now = () => Timestamp.now();
