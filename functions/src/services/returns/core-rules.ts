import { Timestamp } from 'firebase-admin/firestore';
import { coreDepositUnitCents, coresOwedOf, lineShippedAt, orderLinesOf, type BookingLineDoc } from '@fridgeparts/common/documents/bookings';
import { coreRefundBreakdown, coresDueOn, coresOverdueMessage, type KeptCoreLine } from '@fridgeparts/common/returns/cores';

import type { RefundBreakdown } from '@fridgeparts/common/returns/returns';
import { lineQuantitiesOf } from '@fridgeparts/common/order-lifecycle';
import { bookingStateOf } from '@fridgeparts/common/documents/bookings';
import type { BookingDoc, ReturnDoc } from '../../data/firestore';

/**
 * Core returns (CONTRACT §16's Core deposits, issue 47 slice 2, decision 0088): the rules of a
 * core return's request, its receipt with an inspection per line, and what it refunds. A core
 * return moves the order lines' `coreOpenQuantity` (requested or approved) and
 * `coreReturnedQuantity` (received), never the parts' returned quantities or the stock: the parts
 * stay with the buyer, only their cores come back.
 */

type Order = Pick<
  BookingDoc,
  'lines' | 'toolId' | 'partNumber' | 'name' | 'quantity' | 'unitPriceCents' | 'totalCents' | 'state' | 'paid' | 'transactionId' | 'status'
> &
  Partial<Pick<BookingDoc, 'shipments' | 'shippedAt' | 'tax'>>;

export const isCoreReturn = (r: Pick<ReturnDoc, 'lines'>): boolean => r.lines.some((l) => l.reason === 'core');

/** The last shipment carrying the line (or the order's shippedAt for an order shipped before shipments were kept); null while none. */
export function coreShippedAt(b: Order, lineIndex: number): Date | null {
  const line = orderLinesOf(b)[lineIndex];
  return lineShippedAt(b, lineIndex, line ? lineQuantitiesOf(line, bookingStateOf(b)).shippedQuantity : 0);
}

/** When the line's cores are due back (null while nothing shipped). */
export const coresDueOf = (b: Order, lineIndex: number, days: number): Date | null => {
  const at = coreShippedAt(b, lineIndex);
  return at ? coresDueOn(at, days) : null;
};

/** The cores a line can still send back: shipped less cores received less cores in open core returns. */
export function coresReturnable(l: BookingLineDoc, shippedQuantity: number): number {
  return Math.max(0, shippedQuantity - (l.coreReturnedQuantity ?? 0) - (l.coreOpenQuantity ?? 0));
}

/** Why one requested core line can not come back (null: it can). */
export function coreLineProblem(b: Order, r: { lineId: string; quantity: number }, days: number, now: Date): string | null {
  const i = Number(r.lineId);
  const lines = orderLinesOf(b);
  const line = lines[i];
  if (!line) return `The order has no line ${r.lineId} (its lines are 0 to ${lines.length - 1}).`;
  const label = `Line ${r.lineId} (${line.name})`;
  if ((line.coreDepositCents ?? 0) <= 0) return `${label} carries no core deposit, so it has no core to return.`;
  const due = coresDueOf(b, i, days);
  if (!due) return `${label} has not shipped, so it has no core to return.`;
  if (line.coresKeptAt || now.getTime() > due.getTime()) return `${label}: ${coresOverdueMessage(due)}.`;
  const shipped = lineQuantitiesOf(line, bookingStateOf(b)).shippedQuantity;
  const can = coresReturnable(line, shipped);
  if (r.quantity > can)
    return `${label} has ${can} cores left to return (shipped ${shipped}, cores returned ${line.coreReturnedQuantity ?? 0}, in open core returns ${line.coreOpenQuantity ?? 0}); ${r.quantity} is too many.`;
  return null;
}

/** The order's lines with a core return's cores moved: `open` added to (+1) or taken off (-1) the open cores, `received` added to the returned. */
export function moveCores(b: Order, r: Pick<ReturnDoc, 'lines'>, open: 1 | -1, received = false): BookingLineDoc[] {
  const takes = new Map(r.lines.map((l) => [Number(l.lineId), l.quantity]));
  return orderLinesOf(b).map((l, i) => {
    const n = takes.get(i);
    if (n === undefined) return l;
    return {
      ...l,
      coreOpenQuantity: Math.max(0, (l.coreOpenQuantity ?? 0) + open * n),
      ...(received ? { coreReturnedQuantity: (l.coreReturnedQuantity ?? 0) + n } : {}),
    };
  });
}

/** What a received core return refunds: each line's credit by its inspection, and its deposit's tax in proportion. */
export function coreRefundDueOf(r: Pick<ReturnDoc, 'lines'>, b: Order): RefundBreakdown {
  const lines = orderLinesOf(b);
  const taxOf = new Map((b.tax?.lines ?? []).map((t) => [t.lineId, t.amountCents]));
  return coreRefundBreakdown(
    r.lines.map((l) => ({
      lineId: l.lineId,
      quantity: l.quantity,
      depositUnitCents: l.coreDepositUnitCents ?? 0,
      inspection: l.inspection ?? null,
      partialCents: l.partialCents ?? null,
    })),
    { lines: lines.map((l, i) => ({ coreDepositCents: l.coreDepositCents ?? 0, coreTaxCents: taxOf.get(`${i}-core`) ?? 0 })) },
  );
}

/** A core return's line as stored when requested: the deposit per unit of its order line. */
export const coreLineFields = (l: BookingLineDoc): { coreDepositUnitCents: number; inspection: null; partialCents: null } => ({
  coreDepositUnitCents: coreDepositUnitCents(l),
  inspection: null,
  partialCents: null,
});

/** States in which an order owes no cores: never shipped, or its money went back whole. */
const NO_CORES_OWED = new Set(['reserved', 'awaiting-approval', 'declined', 'expired', 'refunded']);
/** While cores are in an open core return past their day, the sweep looks again this much later (the return may be declined). */
export const OPEN_CORES_RECHECK_MS = 24 * 3_600_000;

/**
 * What the sweep does to an order at `now` (decision 0088): each line with a deposit whose cores
 * were due (CORE_RETURN_DAYS after its last shipment) and not all returned is marked kept
 * (`coresKeptAt`, `coresKeptQuantity`: the cores neither received nor in an open core return), once;
 * `next` is when the order must be looked at again (the earliest day a line's cores fall due, a day
 * later while cores past their day are in an open return, CORE_RETURN_DAYS later while a line has not
 * shipped whole), or null when no line can owe cores any more.
 */
export function coresCheck(b: Order, now: Date, days: number): { lines: BookingLineDoc[]; kept: KeptCoreLine[]; next: Date | null } {
  const lines = orderLinesOf(b);
  const state = bookingStateOf(b);
  if (NO_CORES_OWED.has(state) && !lines.some((l) => lineQuantitiesOf(l, state).shippedQuantity > 0)) return { lines, kept: [], next: null };
  const kept: KeptCoreLine[] = [];
  let next: number | null = null;
  const later = (t: number) => (next = next === null ? t : Math.min(next, t));
  const at = Timestamp.fromDate(now);
  const after = lines.map((l, i): BookingLineDoc => {
    if ((l.coreDepositCents ?? 0) <= 0 || l.coresKeptAt) return l;
    const shipped = lineQuantitiesOf(l, state).shippedQuantity;
    // More may still ship (a backordered rest): its cores fall due after it does.
    const moreToShip = !NO_CORES_OWED.has(state) && shipped < l.quantity;
    if (moreToShip) later(now.getTime() + days * 86_400_000);
    const due = coresDueOf(b, i, days);
    if (!due) return l;
    const open = l.coreOpenQuantity ?? 0;
    const owed = coresOwedOf(l, shipped);
    if (now.getTime() <= due.getTime()) {
      if (owed > 0) later(due.getTime() + 1);
      return l;
    }
    const units = Math.max(0, owed - open);
    if (units === 0) {
      if (open > 0) later(now.getTime() + OPEN_CORES_RECHECK_MS);
      return l;
    }
    kept.push({ lineId: String(i), name: l.name, partNumber: l.partNumber ?? null, units, depositCents: coreDepositUnitCents(l) * units, dueOn: due });
    return { ...l, coresKeptAt: at, coresKeptQuantity: units };
  });
  return { lines: after, kept, next: next === null ? null : new Date(next) };
}
