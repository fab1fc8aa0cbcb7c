import type { DocumentReference } from 'firebase-admin/firestore';
import type { Booking, QuickOrderInput } from '@fridgeparts/common/booking';
import { collections, db, type ToolDoc } from '../data/firestore';
import { badRequest } from '../errors';
import type { Caller } from './caller';
import { logs } from '../logs';
import { bookingFromDoc } from '@fridgeparts/common/documents/bookings';
import { now, planOrderLines, reserveOrderNumbers, writeOrder, type PlannedLine } from './order-lines';

/**
 * POST /booking/quick (CONTRACT §7, §8): one order of every line, booked in one transaction, or
 * nothing is.
 *
 * All reads come first (Firestore transactions refuse reads after writes): the part-number
 * registry, then each distinct tool, then the order counter. Only when every line passes are the
 * stock, the counter and the booking written (order-lines.ts, shared with the cart's checkout).
 */

export const UNKNOWN_PART_NUMBER = (pn: string) => `Unknown part number ${pn}`;

/** Checks every line against the tools read in this transaction; all problems, keyed by field. */
export function planLines(
  lines: QuickOrderInput['lines'],
  toolOf: (partNumber: string) => { ref: DocumentReference<ToolDoc>; tool: ToolDoc } | undefined,
): { planned: PlannedLine[]; problems: Record<string, string> } {
  return planOrderLines(
    lines.map((line) => {
      const found = toolOf(line.partNumber);
      return found ? { quantity: line.quantity, ...found } : { quantity: line.quantity, missing: { field: 'partNumber', message: UNKNOWN_PART_NUMBER(line.partNumber) } };
    }),
  );
}

export async function createQuickOrder(caller: Caller, input: QuickOrderInput): Promise<Booking> {
  const distinctNumbers = [...new Set(input.lines.map((l) => l.partNumber))];
  const ref = collections.bookings().doc();
  const doc = await db.runTransaction(async (tx) => {
    const claims = await tx.getAll(...distinctNumbers.map((pn) => collections.partNumbers().doc(pn)));
    const toolRefs = new Map<string, DocumentReference<ToolDoc>>();
    claims.forEach((c, i) => {
      const toolId = c.data()?.toolId;
      if (typeof toolId === 'string' && toolId) toolRefs.set(distinctNumbers[i], collections.tools().doc(toolId));
    });
    const uniqueRefs = [...new Map([...toolRefs.values()].map((r) => [r.id, r])).values()];
    const toolSnaps = uniqueRefs.length > 0 ? await tx.getAll(...uniqueRefs) : [];
    const tools = new Map(toolSnaps.filter((s) => s.exists).map((s) => [s.id, s.data() as ToolDoc]));

    const { planned, problems } = planLines(input.lines, (pn) => {
      const ref = toolRefs.get(pn);
      const tool = ref ? tools.get(ref.id) : undefined;
      // A registry entry whose tool is gone (or was re-numbered) is an unknown part number.
      return ref && tool && (tool.partNumber ?? pn) === pn ? { ref, tool } : undefined;
    });
    const bad = Object.keys(problems).length;
    if (bad > 0) {
      throw badRequest(`${bad} of ${input.lines.length} lines can not be booked, so nothing was booked. Fix the lines marked and try again.`, problems);
    }

    const createdAt = now();
    const order = await reserveOrderNumbers(tx, 1, createdAt.toDate());
    return writeOrder(tx, { ref, buyer: caller, planned, contact: input, poNumber: input.poNumber, order, createdAt });
  });
  logs.orderCreated(ref.id, doc.lines?.length ?? 1, doc.totalCents);
  return bookingFromDoc(ref.id, doc);
}
