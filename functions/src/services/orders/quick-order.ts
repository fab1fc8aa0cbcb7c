import type { DocumentReference } from 'firebase-admin/firestore';
import type { Booking, QuickOrderInput } from '@fridgeparts/common/booking';
import type { ToolRef } from '@fridgeparts/common/tool';
import { collections, type ToolDoc } from '../../data/firestore';
import { AppError } from '../../errors';
import { replacedMessage, resolvedFromOf, resolveNumbers, sameNumber, unresolvedMessage } from '../catalog/part-number-registry';
import type { Caller } from '../caller';
import { makeOrder } from './make-order';
import { BACKORDER_DISCONTINUED, problemDetails, type ResolvedLine } from './order-lines';
import { orderCompanyIn } from '../companies/company-side';

/**
 * POST /booking/quick (CONTRACT §7, §8): one order of every line, booked in one transaction, or
 * nothing is.
 *
 * All reads come first (Firestore transactions refuse reads after writes): the part-number
 * registry, then each distinct tool, then the order counter. Only when every line passes are the
 * stock, the counter and the booking written (make-order.ts makeOrder, as every order is).
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
      ? { quantity: line.quantity, ...found, ...(line.backorder ? { backorder: true } : {}) }
      : { quantity: line.quantity, missing: { field: 'partNumber', message: UNKNOWN_PART_NUMBER(line.partNumber) } };
  });
}

/**
 * POST /booking/quick. Each line's number is resolved first (part-number-registry.ts resolveNumbers,
 * CONTRACT §11: an older, discontinued, OEM or competitor number orders the current part, and the
 * answer's line says so in `resolvedFrom`); a number that names no part, or several, is 400 naming
 * the line, with suggestions. Then in one transaction each distinct tool is read and the order
 * made (a tool discontinued meanwhile refused, naming its replacement).
 */
export async function createQuickOrder(caller: Caller, input: QuickOrderInput): Promise<Booking> {
  const distinctNumbers = [...new Set(input.lines.map((l) => l.partNumber))];
  const answers = new Map((await resolveNumbers(distinctNumbers, 'registry')).map((a, i) => [distinctNumbers[i]!, a]));
  const suggestions: Record<string, ToolRef[]> = {};
  const unresolved: Record<string, string> = {};
  input.lines.forEach((l, i) => {
    const a = answers.get(l.partNumber)!;
    if (a.found) return;
    unresolved[`lines.${i}.partNumber`] = unresolvedMessage(l.partNumber, a);
    if (a.suggestions.length > 0) suggestions[`lines.${i}.partNumber`] = a.suggestions;
  });
  return makeOrder(caller, async (tx) => {
    const toolRefs = new Map<string, DocumentReference<ToolDoc>>();
    for (const [pn, a] of answers) if (a.found) toolRefs.set(pn, collections.tools().doc(a.part._id));
    const uniqueRefs = [...new Map([...toolRefs.values()].map((r) => [r.id, r])).values()];
    const toolSnaps = uniqueRefs.length > 0 ? await tx.getAll(...uniqueRefs) : [];
    const tools = new Map(toolSnaps.filter((s) => s.exists).map((s) => [s.id, s.data() as ToolDoc]));
    const company = await orderCompanyIn(tx, caller, input.shipToId);
    const replaced = new Map<string, string>();
    for (const [id, tool] of tools) if (tool.replacedBy) replaced.set(id, await replacedMessage(id, tool));

    const lines = resolveQuickLines(input.lines, (pn) => {
      const ref = toolRefs.get(pn);
      const tool = ref ? tools.get(ref.id) : undefined;
      // The index may be behind a re-numbering for a moment: the tool must still have its own number.
      const a = answers.get(pn);
      const renumbered = a?.found === true && a.match === 'current' && !sameNumber(tool?.partNumber ?? '', pn);
      return ref && tool && !renumbered ? { ref, tool } : undefined;
    }).map((line, i): ResolvedLine => {
      const gone = 'ref' in line ? replaced.get(line.ref.id) : undefined;
      // Decision 0080: a discontinued part is not backordered either (nothing more is coming).
      const problem = unresolved[`lines.${i}.partNumber`] ?? (gone && input.lines[i]!.backorder ? `${BACKORDER_DISCONTINUED}. ${gone}` : gone);
      if (problem) return { quantity: line.quantity, missing: { field: 'partNumber', message: problem } };
      if (!('ref' in line)) return line;
      // The number as typed, kept on the order line when it is not the part's own.
      const typed = input.lines[i]!.partNumber;
      const a = answers.get(typed);
      const from = a?.found ? resolvedFromOf(typed, a) : null;
      return from ? { ...line, resolvedFrom: from } : line;
    });
    return {
      lines,
      contact: { phone: input.phone, address: input.address ?? '' },
      poNumber: input.poNumber,
      company,
      shipping: input,
      shipComplete: input.shipComplete,
      refuse: (problems) =>
        new AppError(
          'invalid-argument',
          `${problems.length} of ${input.lines.length} lines can not be booked, so nothing was booked. Fix the lines marked and try again.`,
          problemDetails(problems),
          Object.keys(suggestions).length > 0 ? { extra: { suggestions } } : {},
        ),
    };
  });
}
