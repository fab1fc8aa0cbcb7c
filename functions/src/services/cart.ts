import { Timestamp, type DocumentReference, type DocumentSnapshot } from 'firebase-admin/firestore';
import type { Booking } from '@fridgeparts/common/booking';
import { CART_EMPTY_MESSAGE, type Cart, type CartInput, type CartLine, type CheckoutInput } from '@fridgeparts/common/cart';
import { bookingFromDoc } from '@fridgeparts/common/documents/bookings';
import { cartDoc, type CartLineDoc } from '@fridgeparts/common/documents/carts';
import { pricedTool } from '@fridgeparts/common/documents/tools';
import { isDocumentId } from '@fridgeparts/common/ids';
import { centsToDollars, lineTotalCents } from '@fridgeparts/common/money';
import { unitPriceCentsFor } from '@fridgeparts/common/pricing';
import { collections, db, isoTime, type CartDoc, type ToolDoc } from '../data/firestore';
import { badRequest } from '../errors';
import { logs } from '../logs';
import type { Caller } from './caller';
import { UNKNOWN_PART_NUMBER } from './quick-order';
import { describeProblem, now, planLine, planOrderLines, reserveOrderNumbers, writeOrder, type ResolvedLine } from './order-lines';

/**
 * The cart and its checkout (CONTRACT §8). The cart is carts/{uid}: only { toolId, quantity } per
 * line, priced and checked against the tools on every answer (docs/decisions/0032). A quantity the
 * booking rules refuse is stored and answered as the line's problem (stock changes; the buyer fixes
 * it on the cart page); only a line that names no tool, or a tool twice, is refused.
 */

export const TOOL_GONE_MESSAGE = 'This part is no longer in the catalogue. Remove it from your cart.';
export const UNKNOWN_TOOL = (id: string) => `There is no tool with id "${id}". It may have been removed from the catalogue.`;
const SAME_TOOL_TWICE = (earlier: number) => `This part is already on line ${earlier + 1} of the cart: one line per part, so change that line's quantity instead.`;

const cartRef = (uid: string) => collections.carts().doc(uid);

/** The tools of these ids that exist, each read once (one getAll; ids that are not document ids are none). */
async function readTools(
  ids: Iterable<string>,
  read: (refs: DocumentReference<ToolDoc>[]) => Promise<DocumentSnapshot[]> = (refs) => db.getAll(...refs),
): Promise<Map<string, ToolDoc>> {
  const refs = [...new Set(ids)].filter(isDocumentId).map((id) => collections.tools().doc(id));
  const snaps = refs.length > 0 ? await read(refs) : [];
  return new Map(snaps.filter((s) => s.exists).map((s) => [s.id, s.data() as ToolDoc]));
}

/** A stored line as answered: the tool as it is now (or gone), its price after breaks, its problem. */
export function cartLineOf(line: CartLineDoc, tool: ToolDoc | undefined): CartLine & { lineTotalCents: number | null } {
  if (!tool) {
    return { toolId: line.toolId, partNumber: null, name: null, quantity: line.quantity, price: null, lineTotal: null, lineTotalCents: null, minimumQuantity: null, packSize: null, availableQuantity: null, problem: TOOL_GONE_MESSAGE };
  }
  const priced = pricedTool(tool);
  const plan = planLine(tool, line.quantity);
  const unitPriceCents = unitPriceCentsFor(priced, line.quantity);
  const totalCents = lineTotalCents(unitPriceCents, line.quantity);
  return {
    toolId: line.toolId,
    partNumber: tool.partNumber ?? null,
    name: tool.name,
    quantity: line.quantity,
    price: centsToDollars(unitPriceCents),
    lineTotal: centsToDollars(totalCents),
    lineTotalCents: totalCents,
    minimumQuantity: priced.minimumQuantity,
    packSize: priced.packSize,
    availableQuantity: priced.availableQuantity,
    problem: 'problem' in plan ? describeProblem(plan.problem, tool) : null,
  };
}

/** The Cart answer of stored lines and the tools read for them. */
export function cartOf(lines: CartLineDoc[], tools: Map<string, ToolDoc>, updatedAt: Timestamp | null): Cart {
  const answered = lines.map((l) => cartLineOf(l, tools.get(l.toolId)));
  const totalCents = answered.reduce((sum, l) => sum + (l.lineTotalCents ?? 0), 0);
  return {
    lines: answered.map(({ lineTotalCents: _cents, ...line }) => line),
    lineCount: answered.length,
    total: centsToDollars(totalCents),
    ready: answered.length > 0 && answered.every((l) => l.problem === null),
    updatedAt: updatedAt ? isoTime(updatedAt) : null,
  };
}

/** GET /cart: the caller's cart, priced and checked now. Reads the cart and each of its tools once. */
export async function getCart(caller: Caller): Promise<Cart> {
  const stored = (await cartRef(caller.uid).get()).data();
  const lines = stored?.lines ?? [];
  const tools = await readTools(lines.map((l) => l.toolId));
  return cartOf(lines, tools, stored?.updatedAt ?? null);
}

/**
 * PUT /cart: replaces the caller's cart. Part numbers are resolved through the registry (as quick
 * order does) and stored as the tool's id. An unknown tool or part number, or a tool on two lines,
 * is 400 with `fields` naming each such line and nothing stored (a line of the stored cart whose
 * tool has gone may stay). Reads the cart, each part number and each tool once; one write.
 */
export async function putCart(caller: Caller, input: CartInput): Promise<Cart> {
  const numbers = [...new Set(input.lines.flatMap((l) => ('partNumber' in l ? [l.partNumber] : [])))];
  const claims = numbers.length > 0 ? await db.getAll(...numbers.map((pn) => collections.partNumbers().doc(pn))) : [];
  const idOfNumber = new Map<string, string>();
  claims.forEach((c, i) => {
    const toolId = c.data()?.toolId;
    if (typeof toolId === 'string' && isDocumentId(toolId)) idOfNumber.set(numbers[i], toolId);
  });
  const wanted = input.lines.map((l) => ('toolId' in l ? l.toolId : idOfNumber.get(l.partNumber)));
  const [tools, stored] = await Promise.all([readTools(wanted.filter((id): id is string => id !== undefined)), cartRef(caller.uid).get()]);
  // A line already in the cart whose tool has gone since may be sent back as it is (the cart page
  // sends every line when one changes); it stays, answered with its problem, until left out.
  const kept = new Set((stored.data()?.lines ?? []).map((l) => l.toolId));

  const problems: Record<string, string> = {};
  const lines: CartLineDoc[] = [];
  const lineOfTool = new Map<string, number>();
  input.lines.forEach((line, i) => {
    const id = wanted[i];
    const tool = id ? tools.get(id) : undefined;
    if ('partNumber' in line) {
      // A registry entry whose tool is gone (or was re-numbered) is an unknown part number.
      if (!id || !tool || (tool.partNumber ?? line.partNumber) !== line.partNumber) {
        problems[`lines.${i}.partNumber`] = UNKNOWN_PART_NUMBER(line.partNumber);
        return;
      }
    } else if (!tool && !kept.has(line.toolId)) {
      problems[`lines.${i}.toolId`] = UNKNOWN_TOOL(line.toolId);
      return;
    }
    const toolId = id as string;
    const earlier = lineOfTool.get(toolId);
    if (earlier !== undefined) {
      problems[`lines.${i}.${'partNumber' in line ? 'partNumber' : 'toolId'}`] = SAME_TOOL_TWICE(earlier);
      return;
    }
    lineOfTool.set(toolId, i);
    lines.push({ toolId, quantity: line.quantity });
  });
  const bad = Object.keys(problems).length;
  if (bad > 0) throw badRequest(`${bad} of ${input.lines.length} lines name no part of the catalogue or repeat a part, so the cart was not changed. Fix the lines marked and try again.`, problems);

  const updatedAt = Timestamp.now();
  await cartRef(caller.uid).set(cartDoc<Timestamp>(lines, updatedAt) as CartDoc);
  return cartOf(lines, tools, updatedAt);
}

/**
 * POST /booking/checkout: the cart booked as one order in one transaction, or nothing changes.
 * Reads the cart, each of its tools once (getAll) and the order counter, all before any write;
 * then writes each tool's stock, the counter, the booking, its email and the emptied cart. A second
 * checkout of the same cart at once retries against the emptied cart and is refused as empty.
 */
export async function checkoutCart(caller: Caller, input: CheckoutInput): Promise<Booking> {
  const ref = collections.bookings().doc();
  const doc = await db.runTransaction(async (tx) => {
    const lines = (await tx.get(cartRef(caller.uid))).data()?.lines ?? [];
    if (lines.length === 0) throw badRequest(CART_EMPTY_MESSAGE);
    const tools = await readTools(lines.map((l) => l.toolId), (refs) => tx.getAll(...refs));
    const resolved: ResolvedLine[] = lines.map((l) => {
      const tool = tools.get(l.toolId);
      return tool ? { quantity: l.quantity, ref: collections.tools().doc(l.toolId), tool } : { quantity: l.quantity, missing: { field: 'toolId', message: TOOL_GONE_MESSAGE } };
    });
    const { planned, problems } = planOrderLines(resolved);
    const bad = Object.keys(problems).length;
    if (bad > 0) {
      throw badRequest(`${bad} of ${lines.length} lines of your cart can not be booked, so nothing was booked and the cart is as it was. Fix the lines marked and try again.`, problems);
    }
    const createdAt = now();
    const order = await reserveOrderNumbers(tx, 1, createdAt.toDate());
    const booking = writeOrder(tx, { ref, buyer: caller, planned, contact: input, poNumber: input.poNumber, order, createdAt });
    tx.set(cartRef(caller.uid), cartDoc<Timestamp>([], createdAt) as CartDoc);
    return booking;
  });
  logs.orderCreated(ref.id, doc.lines?.length ?? 1, doc.totalCents);
  return bookingFromDoc(ref.id, doc);
}
