import type { DocumentReference } from 'firebase-admin/firestore';
import type { Booking, QuickOrderInput } from '@fridgeparts/common/booking';
import { collections, db, type ToolDoc } from '../data/firestore';
import { badRequest } from '../errors';
import type { Caller } from './caller';
import { logs } from '../logs';
import { bookingFromDoc, reservedOrderDoc } from '@fridgeparts/common/documents/bookings';
import { queueOrderEmail } from './mail-outbox';
import { mailAfterCommit } from './mail-sender';
import { now, planLine, reserveOrderNumbers, type LinePlan } from './order-lines';

/**
 * POST /booking/quick (CONTRACT §7, §8): one order of every line, booked in one transaction, or
 * nothing is.
 *
 * All reads come first (Firestore transactions refuse reads after writes): the part-number
 * registry, then each distinct tool, then the order counter. Only when every line passes are the
 * stock, the counter and the bookings written. Lines of the same part number are checked against
 * the stock together, so two lines of 2 against a stock of 3 fail on the second line.
 */

interface PlannedLine {
  index: number;
  toolRef: DocumentReference<ToolDoc>;
  tool: ToolDoc;
  quantity: number;
  plan: LinePlan;
}

export const UNKNOWN_PART_NUMBER = (pn: string) => `Unknown part number ${pn}`;

/** Checks every line against the tools read in this transaction; all problems, keyed by field. */
export function planLines(
  lines: QuickOrderInput['lines'],
  toolOf: (partNumber: string) => { ref: DocumentReference<ToolDoc>; tool: ToolDoc } | undefined,
): { planned: PlannedLine[]; problems: Record<string, string> } {
  const problems: Record<string, string> = {};
  const planned: PlannedLine[] = [];
  const reserved = new Map<string, number>();
  lines.forEach((line, index) => {
    const found = toolOf(line.partNumber);
    if (!found) {
      problems[`lines.${index}.partNumber`] = UNKNOWN_PART_NUMBER(line.partNumber);
      return;
    }
    const already = reserved.get(found.ref.id) ?? 0;
    const plan = planLine(found.tool, line.quantity, already);
    if ('problem' in plan) {
      problems[`lines.${index}.quantity`] = describe(plan.problem, found.tool, already);
      return;
    }
    reserved.set(found.ref.id, already + line.quantity);
    planned.push({ index, toolRef: found.ref, tool: found.tool, quantity: line.quantity, plan });
  });
  return { planned, problems };
}

/** The spec's message plus what the buyer needs to fix the line (bounds, stock left). */
function describe(problem: string, tool: ToolDoc, already: number): string {
  const left = tool.availableQuantity - already;
  const earlier = already > 0 ? ` after earlier lines of ${tool.partNumber ?? 'this part'}` : '';
  return `${problem} (minimum ${tool.minimumQuantity}, ${Math.max(left, 0)} available${earlier})`;
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
    // Stock after all lines of each tool: one write per tool, whatever the number of its lines.
    const remaining = new Map<string, number>();
    for (const line of planned) remaining.set(line.toolRef.id, (remaining.get(line.toolRef.id) ?? line.tool.availableQuantity) - line.quantity);
    const first = planned[0];
    const booking = reservedOrderDoc({
      buyer: caller,
      lines: planned.map((l) => ({ toolId: l.toolRef.id, tool: l.tool, quantity: l.quantity, plan: l.plan })),
      remaining: remaining.get(first.toolRef.id) ?? first.tool.availableQuantity,
      contact: input,
      poNumber: input.poNumber,
      orderNumber: order.numbers[0],
      createdAt,
    });
    for (const [toolId, left] of remaining) tx.update(collections.tools().doc(toolId), { availableQuantity: left });
    order.commit();
    tx.create(ref, booking);
    queueOrderEmail(tx, 'booked', ref.id, booking);
    return booking;
  });
  logs.orderCreated(ref.id, doc.lines?.length ?? 1, doc.totalCents);
  mailAfterCommit(ref.id);
  return bookingFromDoc(ref.id, doc);
}
