import { Timestamp, type DocumentReference } from 'firebase-admin/firestore';
import type { Booking, QuickOrderInput } from '@fridgeparts/common/booking';
import { collections, db, type BookingDoc, type ToolDoc } from '../data/firestore';
import { badRequest } from '../errors';
import type { Caller } from './caller';
import { logs } from '../logs';
import { bookingFromDoc, reservedBookingDoc } from '@fridgeparts/common/documents/bookings';
import { queueOrderEmail } from './mail-outbox';
import { mailAfterCommit } from './mail-sender';
import { now, planLine, reserveOrderNumbers, type LinePlan } from './order-lines';

/**
 * POST /booking/quick (CONTRACT §7): every line is booked in one transaction, or none is.
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

/**
 * Line i is stamped i microseconds before the order's time: newest-first lists then show the
 * lines in the order they were entered, and keyset paging never meets a tie of up to 50 equal
 * createdAt values (the offline Firestore stand-in does not order ties by document id).
 */
export function lineTime(t: Timestamp, i: number): Timestamp {
  // Seconds and nanoseconds apart: their combined nanosecond count is beyond exact doubles.
  const back = t.nanoseconds - i * 1000;
  const borrow = back < 0 ? Math.ceil(-back / 1e9) : 0;
  return new Timestamp(t.seconds - borrow, back + borrow * 1e9);
}

export async function createQuickOrder(caller: Caller, input: QuickOrderInput): Promise<Booking[]> {
  const distinctNumbers = [...new Set(input.lines.map((l) => l.partNumber))];
  const result = await db.runTransaction(async (tx) => {
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
    const order = await reserveOrderNumbers(tx, planned.length, createdAt.toDate());
    // Stock after all lines of each tool; each booking records what was left after its own line.
    const remaining = new Map<string, number>();
    const docs: { ref: DocumentReference<BookingDoc>; doc: BookingDoc }[] = [];
    planned.forEach((line, i) => {
      const left = (remaining.get(line.toolRef.id) ?? line.tool.availableQuantity) - line.quantity;
      remaining.set(line.toolRef.id, left);
      const doc = reservedBookingDoc({ buyer: caller, toolId: line.toolRef.id, tool: line.tool, quantity: line.quantity, plan: line.plan, remaining: left, contact: input, poNumber: input.poNumber, orderNumber: order.numbers[i], createdAt: lineTime(createdAt, i) });
      docs.push({ ref: collections.bookings().doc(), doc });
    });
    for (const [toolId, left] of remaining) tx.update(collections.tools().doc(toolId), { availableQuantity: left });
    order.commit();
    for (const d of docs) {
      tx.create(d.ref, d.doc);
      queueOrderEmail(tx, 'booked', d.ref.id, d.doc);
    }
    return docs;
  });
  for (const d of result) logs.bookingCreated(d.ref.id, d.doc.toolId, d.doc.quantity);
  mailAfterCommit(result.map((d) => d.ref.id));
  return result.map((d) => bookingFromDoc(d.ref.id, d.doc));
}
