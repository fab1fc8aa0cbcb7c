import { Timestamp, type DocumentReference } from 'firebase-admin/firestore';
import { lineTotalCents } from '@fridgeparts/common/money';
import { pricedTool } from '@fridgeparts/common/documents/tools';
import { quantityProblem, unitPriceCentsFor } from '@fridgeparts/common/pricing';
import { payableTotalProblem } from '@fridgeparts/common/order-total';
import { MAX_ORDER_TOTAL_CENTS, MAX_QUANTITY } from '@fridgeparts/common/constants';
import { badRequest } from '../../errors';
import type { BookingDoc, ToolDoc } from '../../data/firestore';
import type { ContractPrices } from '../companies/contract-prices';
import type { ContractPriceCents } from '@fridgeparts/common/contract-prices';
import type { ResolvedFrom } from '@fridgeparts/common/search/part-alias';

/**
 * An order's lines: planned (B2B pricing, the quantity rules, a total a card can be charged) for
 * the one way an order is made (make-order.ts makeOrder, CONTRACT §7), and the stock an order
 * holds, read and moved where its state moves (cancel, expiry, refund, decline).
 */

/** A line's price, as its booking stores it. */
export type LinePlan = Pick<BookingDoc, 'unitPriceCents' | 'totalCents'>;

/**
 * Why this quantity of this tool can not be booked (stock left after earlier lines), or the price:
 * the buyer's company's contract price and breaks when it has one (decision 0057), else the tool's.
 */
export function planLine(
  tool: ToolDoc,
  quantity: number,
  alreadyReserved = 0,
  contract?: ContractPriceCents,
  backorder = false,
): { problem: string } | LinePlan {
  const priced = pricedTool(tool);
  // CONTRACT §14 (decision 0080): a backordered line may ask for more than is in stock, up to the
  // largest quantity a line may have; a discontinued tool has no more coming, so none is backordered.
  if (backorder && tool.replacedBy) return { problem: BACKORDER_DISCONTINUED };
  const bound = backorder ? MAX_QUANTITY : priced.availableQuantity - alreadyReserved;
  const problem = quantityProblem({ ...priced, availableQuantity: bound }, quantity);
  if (problem) return { problem };
  const unitPriceCents = unitPriceCentsFor(contract ?? priced, quantity);
  return { unitPriceCents, totalCents: lineTotalCents(unitPriceCents, quantity) };
}

/** CONTRACT §16 (decision 0088): a line's core deposit, the tool's deposit x quantity (cents; 0: none), never discounted. */
export const coreDepositOf = (tool: Pick<ToolDoc, 'coreDepositCents'>, quantity: number): number =>
  Number.isSafeInteger(tool.coreDepositCents) && (tool.coreDepositCents ?? 0) > 0 ? (tool.coreDepositCents ?? 0) * quantity : 0;

export const BACKORDER_DISCONTINUED = 'This part is discontinued, so it can not be backordered: order its replacement';

/** How much of a line the stock left covers (reserved now) and how much waits for more (backordered). */
export function splitLine(stockLeft: number, quantity: number, backorder: boolean): { reserved: number; backordered: number } {
  if (!backorder) return { reserved: quantity, backordered: 0 };
  const reserved = Math.min(quantity, Math.max(0, stockLeft));
  return { reserved, backordered: quantity - reserved };
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
 * planOrderLines calls it before the tax (the maximum only: tax can only add), makeOrder again with the tax, so every path that makes an order does.
 */
export function assertPayableTotal(totalCents: number, o: { beforeTax?: boolean } = {}): void {
  // CONTRACT §15: before its tax an order may still reach the minimum, never come back under the maximum.
  if (o.beforeTax && totalCents <= MAX_ORDER_TOTAL_CENTS) return;
  const problem = payableTotalProblem(totalCents);
  if (problem) throw badRequest(problem, { total: problem });
}

/**
 * One line of an order whose tool has been looked up (in the order's transaction): the tool as
 * read, with the number it was ordered by when not its own (kept with the order), or why there is
 * none, under the request field that names it (`partNumber`, `toolId`).
 */
export type ResolvedLine =
  | { quantity: number; ref: DocumentReference<ToolDoc>; tool: ToolDoc; resolvedFrom?: ResolvedFrom; backorder?: boolean }
  | { quantity: number; missing: { field: string; message: string } };

export interface PlannedLine {
  /** The line's index in the request (or the cart). */
  index: number;
  toolRef: DocumentReference<ToolDoc>;
  tool: ToolDoc;
  quantity: number;
  plan: LinePlan;
  resolvedFrom?: ResolvedFrom;
  /** Taken from the shelf now, and the rest, waiting for stock (decision 0080; 0 without `backorder`). */
  reserved: number;
  backordered: number;
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
    const backorder = line.backorder === true;
    const plan = planLine(line.tool, line.quantity, already, prices?.get(line.ref.id), backorder);
    if ('problem' in plan) {
      const key = plan.problem === BACKORDER_DISCONTINUED ? 'backorder' : 'quantity';
      problems.push({ key: `lines.${index}.${key}`, message: describeProblem(plan.problem, line.tool, already), reason: plan.problem });
      return;
    }
    // Only what the shelf holds is reserved: the stock never goes below 0 (decision 0080).
    const split = splitLine(line.tool.availableQuantity - already, line.quantity, backorder);
    reserved.set(line.ref.id, already + split.reserved);
    planned.push({ index, toolRef: line.ref, tool: line.tool, quantity: line.quantity, plan, resolvedFrom: line.resolvedFrom, ...split });
  });
  // Lines that can each be booked may still make an order no card can pay.
  if (problems.length === 0)
    assertPayableTotal(
      planned.reduce((sum, l) => sum + l.plan.totalCents + coreDepositOf(l.tool, l.quantity), 0),
      { beforeTax: true },
    );
  return { planned, problems };
}

export const now = () => Timestamp.now();
