import type { DocumentReference } from 'firebase-admin/firestore';
import type { Booking, QuickOrderInput } from '@fridgeparts/common/booking';
import { collections, db, type ToolDoc } from '../data/firestore';
import { badRequest } from '../errors';
import type { Caller } from './caller';
import { logs } from '../logs';
import { bookingFromDoc } from '@fridgeparts/common/documents/bookings';
import { placeOrder, problemDetails, type ResolvedLine } from './order-lines';

/**
 * POST /booking/quick (CONTRACT §7, §8): one order of every line, booked in one transaction, or
 * nothing is.
 *
 * All reads come first (Firestore transactions refuse reads after writes): the part-number
 * registry, then each distinct tool, then the order counter. Only when every line passes are the
 * stock, the counter and the booking written (order-lines.ts placeOrder, as every order is).
 */

export const UNKNOWN_PART_NUMBER = (pn: string) => `Unknown part number ${pn}`;

/** Each line with the tool its part number names, or why there is none (`lines.{i}.partNumber`). */
export function resolveQuickLines(
  lines: QuickOrderInput['lines'],
  toolOf: (partNumber: string) => { ref: DocumentReference<ToolDoc>; tool: ToolDoc } | undefined,
): ResolvedLine[] {
  return lines.map((line) => {
    const found = toolOf(line.partNumber);
    return found
      ? { quantity: line.quantity, ...found }
      : { quantity: line.quantity, missing: { field: 'partNumber', message: UNKNOWN_PART_NUMBER(line.partNumber) } };
  });
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

    const lines = resolveQuickLines(input.lines, (pn) => {
      const ref = toolRefs.get(pn);
      const tool = ref ? tools.get(ref.id) : undefined;
      // A registry entry whose tool is gone (or was re-numbered) is an unknown part number.
      return ref && tool && (tool.partNumber ?? pn) === pn ? { ref, tool } : undefined;
    });
    return placeOrder(tx, {
      ref,
      buyer: caller,
      lines,
      contact: input,
      poNumber: input.poNumber,
      refuse: (problems) =>
        badRequest(
          `${problems.length} of ${input.lines.length} lines can not be booked, so nothing was booked. Fix the lines marked and try again.`,
          problemDetails(problems),
        ),
    });
  });
  logs.orderCreated(ref.id, doc);
  return bookingFromDoc(ref.id, doc);
}
