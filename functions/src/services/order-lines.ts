import { Timestamp, type DocumentReference, type DocumentSnapshot, type Transaction } from 'firebase-admin/firestore';
import { lineTotalCents } from '@fridgeparts/common/money';
import { isDocumentId } from '@fridgeparts/common/ids';
import { pricedTool } from '@fridgeparts/common/documents/tools';
import { orderLinesOf, quantitiesByTool, reservedOrderDoc } from '@fridgeparts/common/documents/bookings';
import { quantityProblem, unitPriceCentsFor } from '@fridgeparts/common/pricing';
import { payableTotalProblem } from '@fridgeparts/common/order-total';
import { badRequest } from '../errors';
import { collections, type BookingDoc, type ToolDoc } from '../data/firestore';
import { stockDelta, stockWrite } from './catalog';
import type { Caller } from './caller';
import { companyOrderFields, queueNewOrderEmails, type OrderCompany } from './approvals';
import { companyPricesFor, type ContractPrices } from './contract-prices';
import type { ContractPriceCents } from '@fridgeparts/common/contract-prices';
import { confirmOnAccountInTx } from './invoices';
import type { ResolvedFrom } from '@fridgeparts/common/search/part-alias';
import type { ShippingChoice } from '@fridgeparts/common/shipping/order';
import { orderShippingFields, planOrderShipping } from '../shipping/quote';

/**
 * The one way an order is made (POST /booking, POST /booking/quick, POST /booking/checkout):
 * placeOrder plans the lines (B2B pricing, the quantity rules, a total a card can be charged),
 * reserves the order number and writes the stock, the order and its email, all inside the
 * caller's transaction (CONTRACT §7). The stored document is common/documents/bookings.ts
 * reservedOrderDoc.
 */

/** A line's price, as its booking stores it. */
export type LinePlan = Pick<BookingDoc, 'unitPriceCents' | 'totalCents'>;

/**
 * Why this quantity of this tool can not be booked (stock left after earlier lines), or the price:
 * the buyer's company's contract price and breaks when it has one (decision 0057), else the tool's.
 */
export function planLine(tool: ToolDoc, quantity: number, alreadyReserved = 0, contract?: ContractPriceCents): { problem: string } | LinePlan {
  const priced = pricedTool(tool);
  const problem = quantityProblem({ ...priced, availableQuantity: priced.availableQuantity - alreadyReserved }, quantity);
  if (problem) return { problem };
  const unitPriceCents = unitPriceCentsFor(contract ?? priced, quantity);
  return { unitPriceCents, totalCents: lineTotalCents(unitPriceCents, quantity) };
}

/** The spec's message plus what the buyer needs to fix the line (bounds, stock left). */
export function describeProblem(problem: string, tool: ToolDoc, already = 0): string {
  const left = tool.availableQuantity - already;
  const earlier = already > 0 ? ` after earlier lines of ${tool.partNumber ?? 'this part'}` : '';
  return `${problem} (minimum ${tool.minimumQuantity}, ${Math.max(left, 0)} available${earlier})`;
}

/**
 * Refuses (400, the message naming the limit) an order whose total a card can not be charged
 * (CONTRACT §13), inside the order's transaction before any write: nothing is reserved.
 * planOrderLines calls it, so every path that makes an order does.
 */
export function assertPayableTotal(totalCents: number): void {
  const problem = payableTotalProblem(totalCents);
  if (problem) throw badRequest(problem, { total: problem });
}

/**
 * One line of an order whose tool has been looked up (in the order's transaction): the tool as
 * read, with the number it was ordered by when not its own (kept with the order), or why there is
 * none, under the request field that names it (`partNumber`, `toolId`).
 */
export type ResolvedLine =
  | { quantity: number; ref: DocumentReference<ToolDoc>; tool: ToolDoc; resolvedFrom?: ResolvedFrom }
  | { quantity: number; missing: { field: string; message: string } };

export interface PlannedLine {
  /** The line's index in the request (or the cart). */
  index: number;
  toolRef: DocumentReference<ToolDoc>;
  tool: ToolDoc;
  quantity: number;
  plan: LinePlan;
  resolvedFrom?: ResolvedFrom;
}

/** Why one line of an order can not be booked. */
export interface LineProblem {
  /** The request field, `lines.{i}.{field}`. */
  key: string;
  /** The spec's message plus what the buyer needs to fix the line (describeProblem). */
  message: string;
  /** The spec's message alone (a one-line booking answers with it). */
  reason: string;
}

/** The problems as an error's details: message by `lines.{i}.{field}`. */
export const problemDetails = (problems: LineProblem[]): Record<string, string> => Object.fromEntries(problems.map((p) => [p.key, p.message]));

/**
 * Checks every line against the tools read in the transaction; all problems, each under its
 * `lines.{i}.{field}`. Lines of the same tool are checked against its stock together, so two
 * lines of 2 against a stock of 3 fail on the second line. When every line passes, an order whose
 * total no card can be charged is refused (assertPayableTotal throws).
 */
export function planOrderLines(lines: ResolvedLine[], prices?: ContractPrices): { planned: PlannedLine[]; problems: LineProblem[] } {
  const problems: LineProblem[] = [];
  const planned: PlannedLine[] = [];
  const reserved = new Map<string, number>();
  lines.forEach((line, index) => {
    if ('missing' in line) {
      problems.push({ key: `lines.${index}.${line.missing.field}`, message: line.missing.message, reason: line.missing.message });
      return;
    }
    const already = reserved.get(line.ref.id) ?? 0;
    const plan = planLine(line.tool, line.quantity, already, prices?.get(line.ref.id));
    if ('problem' in plan) {
      problems.push({ key: `lines.${index}.quantity`, message: describeProblem(plan.problem, line.tool, already), reason: plan.problem });
      return;
    }
    reserved.set(line.ref.id, already + line.quantity);
    planned.push({ index, toolRef: line.ref, tool: line.tool, quantity: line.quantity, plan, resolvedFrom: line.resolvedFrom });
  });
  // Lines that can each be booked may still make an order no card can pay.
  if (problems.length === 0) assertPayableTotal(planned.reduce((sum, l) => sum + l.plan.totalCents, 0));
  return { planned, problems };
}

/**
 * Makes an order of the lines whose tools the transaction has read: plans them (planOrderLines);
 * if any line can not be booked, throws what `refuse` makes of the problems and nothing is written.
 * Lines are priced for the buyer: their company's contract prices, read here for the company the
 * caller has read in this transaction (approvals.ts orderCompanyIn, the one read of the buyer's
 * membership and company per order), unless the caller passes `prices`. Otherwise reads the order
 * counter (the transaction's last read), then writes each tool's stock once (whatever the number
 * of its lines), the counter, the order and its email: 'booked', or the waiting emails of an order
 * over the buyer's spending limit (decision 0056). A net30 company's order within the limit is
 * confirmed on account instead (its credit checked and taken here, decision 0058); its email waits
 * for the invoice, which the caller issues after the commit (invoices.ts afterOrderPlaced). Returns
 * the stored order; the caller logs it (logs.orderCreated) once its transaction has committed.
 */
export async function placeOrder(
  tx: Transaction,
  o: {
    ref: DocumentReference<BookingDoc>;
    buyer: Caller;
    lines: ResolvedLine[];
    contact: Pick<BookingDoc, 'phone' | 'address'>;
    poNumber: string | null;
    refuse: (problems: LineProblem[]) => Error;
    /**
     * The buyer's company, read in `tx` (approvals.ts orderCompanyIn; null: in none): where it
     * ships, whether it waits for approval, whether it is on account, and its contract prices.
     */
    company: OrderCompany | null;
    prices?: ContractPrices;
    /** CONTRACT §14: the method asked for and the address object, as the body gave them (shipping/quote.ts). */
    shipping?: ShippingChoice;
  },
): Promise<BookingDoc> {
  const toolIds = o.lines.flatMap((l) => ('ref' in l ? [l.ref.id] : []));
  // The caller has read the buyer's company (or found none): no second read of the membership.
  const prices = o.prices ?? (await companyPricesFor(o.company?.companyId ?? null, toolIds, tx));
  const { planned, problems } = planOrderLines(o.lines, prices);
  if (problems.length > 0) throw o.refuse(problems);
  // CONTRACT §14: the methods are read here, before the counter and every write; the total a card
  // is charged includes the shipping, so it is checked again with it.
  const shipping = await planOrderShipping(tx, {
    choice: o.shipping ?? {},
    shipTo: o.company?.shipTo?.address ?? null,
    lines: planned.map((l) => ({ tool: l.tool, quantity: l.quantity, totalCents: l.plan.totalCents })),
  });
  if (shipping.shipping) assertPayableTotal(planned.reduce((sum, l) => sum + l.plan.totalCents, 0) + shipping.shipping.amountCents);
  const createdAt = now();
  const order = await reserveOrderNumbers(tx, 1, createdAt.toDate());
  const remaining = new Map<string, number>();
  for (const line of planned) remaining.set(line.toolRef.id, (remaining.get(line.toolRef.id) ?? line.tool.availableQuantity) - line.quantity);
  const first = planned[0];
  const reserved = reservedOrderDoc({
    buyer: o.buyer,
    lines: planned.map((l) => ({ toolId: l.toolRef.id, tool: l.tool, quantity: l.quantity, plan: l.plan, resolvedFrom: l.resolvedFrom })),
    remaining: remaining.get(first.toolRef.id) ?? first.tool.availableQuantity,
    contact: o.contact,
    poNumber: o.poNumber,
    orderNumber: order.numbers[0],
    createdAt,
  });
  const shipped = { ...reserved, ...orderShippingFields(shipping, reserved.totalCents) };
  // Where the lifecycle places it (companyOrderFields: waiting, on account, or reserved).
  const booking: BookingDoc = { ...shipped, ...companyOrderFields(o.company, shipped.totalCents, createdAt) };
  // On account (decision 0058): the credit limit checked and taken here (409 before anything
  // commits). An order waiting for approval takes no credit yet: its approval does (approvals.ts).
  if (o.company && booking.state === 'confirmed') Object.assign(booking, confirmOnAccountInTx(tx, o.company, booking));
  for (const [toolId, left] of remaining) tx.update(collections.tools().doc(toolId), stockWrite(left));
  order.commit();
  tx.create(o.ref, booking);
  queueNewOrderEmails(tx, o.ref.id, booking, o.company);
  return booking;
}

const ORDER_COUNTER = () => collections.counters().doc('orders');

/**
 * Reserves `count` order numbers: FP-<year>-<6-digit sequence>, the sequence restarting each
 * year. Read here (before any write of the transaction); the returned `commit` writes the counter.
 */
async function reserveOrderNumbers(tx: Transaction, count: number, now: Date): Promise<{ numbers: string[]; commit: () => void }> {
  const ref = ORDER_COUNTER();
  const current = (await tx.get(ref)).data();
  const year = now.getUTCFullYear();
  const start = current && current.year === year ? current.seq : 0;
  const numbers = Array.from({ length: count }, (_, i) => `FP-${year}-${String(start + i + 1).padStart(6, '0')}`);
  return { numbers, commit: () => tx.set(ref, { year, seq: start + count }) };
}

export const now = () => Timestamp.now();

/** The tools an order holds, as read in a transaction, and how much of each. */
export interface OrderStock {
  /** Each distinct tool of the order's lines that still exists, with the quantity the order holds. */
  tools: { snap: DocumentSnapshot<ToolDoc>; tool: ToolDoc; quantity: number }[];
  /** Every line's tool still exists and has the order's quantity of it in stock now. */
  available: boolean;
  /** Moves every tool's stock by `sign` x the order's quantity of it: one write per tool. */
  move(sign: 1 | -1): void;
}

/**
 * Reads (in `tx`, before any of its writes) the tools of every line of an order. Cancel, expiry
 * and refund give the stock back with move(+1), a late payment takes it again with move(-1); each
 * runs only where the order's state moves, in the same transaction, so each line's stock moves
 * exactly once. A tool removed from the catalogue meanwhile has no stock to move.
 */
export async function readOrderStock(tx: Transaction, b: BookingDoc): Promise<OrderStock> {
  const byTool = quantitiesByTool(orderLinesOf(b));
  const refs = [...byTool.keys()].filter(isDocumentId).map((id) => collections.tools().doc(id));
  const snaps = refs.length > 0 ? await tx.getAll(...refs) : [];
  const tools = snaps.filter((s) => s.exists).map((snap) => ({ snap, tool: snap.data() as ToolDoc, quantity: byTool.get(snap.id) ?? 0 }));
  return {
    tools,
    available: tools.length === byTool.size && tools.every((t) => t.tool.availableQuantity >= t.quantity),
    move: (sign) => {
      for (const t of tools) tx.update(t.snap.ref, stockDelta(sign * t.quantity));
    },
  };
}
