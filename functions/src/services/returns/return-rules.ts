import { bookingStateOf, orderLinesOf, type BookingLineDoc } from '@fridgeparts/common/documents/bookings';
import type { RefundCents, ReturnDoc } from '@fridgeparts/common/documents/returns';
import { lineQuantitiesOf, type LineQuantities } from '@fridgeparts/common/order-lifecycle';
import {
  isPartReturnReason,
  openWindows,
  reasonAllowedFor,
  refundBreakdown,
  CORES_RETURN_APART,
  returnableQuantityOf,
  returnWindowDays,
  windowCloses,
  windowClosedMessage,
  type RefundBreakdown,
  type ReturnReason,
} from '@fridgeparts/common/returns/returns';
import type { ReturnableLine } from '@fridgeparts/common/returns/returns.answers';
import { activeShipments } from '@fridgeparts/common/shipping/shipments';
import type { StoredTime } from '@fridgeparts/common/documents/time';
import type { BookingDoc } from '../../data/firestore';
import { coreRefundDueOf, isCoreReturn } from './core-rules';

/**
 * The rules a return is held to (CONTRACT §16, decision 0086), pure over the order as read: when
 * each line's windows opened, what is still returnable, why a requested line is refused, and
 * what a received return refunds.
 */

type Order = Pick<
  BookingDoc,
  'lines' | 'toolId' | 'partNumber' | 'name' | 'quantity' | 'unitPriceCents' | 'totalCents' | 'state' | 'paid' | 'transactionId' | 'status'
> &
  Partial<Pick<BookingDoc, 'shipments' | 'shippedAt' | 'tax' | 'shipping'>>;

const dateOf = (t: StoredTime | null | undefined): Date | null => (t ? t.toDate() : null);

/**
 * When a line's windows start: its last shipment's delivery, or that shipment's date when no
 * delivery was recorded; for an order shipped before shipments were kept, the order's shippedAt.
 * Null while nothing of the line has shipped.
 */
export function windowStartOf(b: Order, lineIndex: number): Date | null {
  const id = String(lineIndex);
  const carrying = activeShipments(b.shipments).filter((s) => s.lines.some((l) => l.lineId === id));
  if (carrying.length === 0) {
    const q = lineQuantitiesOf(orderLinesOf(b)[lineIndex] ?? { quantity: 0 }, bookingStateOf(b));
    return q.shippedQuantity > 0 ? dateOf(b.shippedAt) : null;
  }
  const last = carrying.reduce((a, s) => (s.shippedAt.toDate().getTime() >= a.shippedAt.toDate().getTime() ? s : a));
  return dateOf(last.deliveredAt) ?? last.shippedAt.toDate();
}

/** Each line of the order with its running quantities (defaults for documents older than them). */
export function orderQuantities(b: Order): { lines: BookingLineDoc[]; q: LineQuantities[] } {
  const state = bookingStateOf(b);
  const lines = orderLinesOf(b);
  return { lines, q: lines.map((l) => lineQuantitiesOf(l, state)) };
}

/** The order's lines that may be returned at `now`, with the reasons whose window is open (none: no Return button). */
export function returnableLines(b: Order, returnableTools: ReadonlyMap<string, boolean>, returnDays: number, now: Date): ReturnableLine[] {
  const { lines, q } = orderQuantities(b);
  const out: ReturnableLine[] = [];
  lines.forEach((l, i) => {
    const quantity = returnableQuantityOf(q[i]);
    if (quantity <= 0) return;
    const windows = openWindows(windowStartOf(b, i), returnableTools.get(l.toolId) ?? true, returnDays, now);
    if (windows.length === 0) return;
    out.push({
      lineId: String(i),
      name: l.name,
      partNumber: l.partNumber ?? null,
      quantity,
      reasons: windows.map((w) => ({ reason: w.reason, until: w.until.toISOString() })),
    });
  });
  return out;
}

/** Why one requested line can not be returned (null: it can). */
export function requestedLineProblem(
  b: Order,
  r: { lineId: string; quantity: number; reason: ReturnReason },
  toolReturnable: boolean,
  returnDays: number,
  now: Date,
): string | null {
  const i = Number(r.lineId);
  const { lines, q } = orderQuantities(b);
  const line = lines[i];
  if (!line) return `The order has no line ${r.lineId} (its lines are 0 to ${lines.length - 1}).`;
  const label = `Line ${r.lineId} (${line.name})`;
  if (!isPartReturnReason(r.reason)) return `${label}: ${CORES_RETURN_APART}.`;
  if (!reasonAllowedFor(r.reason, toolReturnable)) return `${label}: this part can not be returned as ${r.reason}; only defective or damaged in transit.`;
  const start = windowStartOf(b, i);
  if (!start) return `${label} has not shipped, so it can not be returned.`;
  const days = returnWindowDays(r.reason, returnDays);
  const closes = windowCloses(start, days);
  if (now.getTime() > closes.getTime()) return `${label}: ${windowClosedMessage(r.reason, days, closes)}.`;
  const can = returnableQuantityOf(q[i]);
  if (r.quantity > can)
    return `${label} has ${can} left to return (shipped ${q[i].shippedQuantity}, returned ${q[i].returnedQuantity}, in open returns ${q[i].returnOpenQuantity}); ${r.quantity} is too many.`;
  return null;
}

/** The order as the refund reads it: each line's total and tax, the shipping and its tax (cents). */
export function refundOrderOf(b: Order) {
  const lines = orderLinesOf(b);
  const taxOf = new Map((b.tax?.lines ?? []).map((t) => [t.lineId, t.amountCents]));
  return {
    lines: lines.map((l, i) => ({ lineTotalCents: l.lineTotalCents, taxCents: taxOf.get(String(i)) ?? 0 })),
    shippingCents: b.shipping?.amountCents ?? 0,
    shippingTaxCents: b.tax?.shippingCents ?? 0,
  };
}

/** What a received return refunds, from its counted lines and the order. */
export function refundDueOf(r: Pick<ReturnDoc, 'lines' | 'restockingFeePercent'>, b: Order): RefundBreakdown {
  if (isCoreReturn(r)) return coreRefundDueOf(r, b);
  return refundBreakdown(
    r.lines.map((l) => ({ lineId: l.lineId, reason: l.reason, unitPriceCents: l.unitPriceCents, received: l.resaleableQuantity + l.damagedQuantity })),
    r.restockingFeePercent ?? 0,
    refundOrderOf(b),
  );
}

/**
 * What is left of an order to give back (cents): each line's amount and tax by the reference its
 * tax line item and invoice line carry (`<lineId>`, a core deposit's `<lineId>-core`), the
 * shipping and the shipping's tax.
 */
export interface RefundLeft {
  amounts: ReadonlyMap<string, number>;
  taxes: ReadonlyMap<string, number>;
  shippingCents: number;
  shippingTaxCents: number;
}

/** The whole order, before any refund: what the charge or the invoice holds. */
export function refundLeftOf(b: Order): RefundLeft {
  const lines = orderLinesOf(b);
  const amounts = new Map<string, number>();
  lines.forEach((l, i) => {
    amounts.set(String(i), l.lineTotalCents);
    if ((l.coreDepositCents ?? 0) > 0) amounts.set(`${i}-core`, l.coreDepositCents ?? 0);
  });
  return {
    amounts,
    taxes: new Map((b.tax?.lines ?? []).map((t) => [t.lineId, t.amountCents])),
    shippingCents: b.shipping?.amountCents ?? 0,
    shippingTaxCents: b.tax?.shippingCents ?? 0,
  };
}

const referenceOf = (l: { lineId: string; reference?: string }): string => l.reference ?? l.lineId;

/**
 * A refund held to what is left (issue 47): each return rounds its tax and shipping shares half
 * away from zero on its own, so the last of several returns of one order could ask a cent past
 * what the charge, the tax transaction or the invoice still has. Each line's amount (parts less
 * fee; the fee grows by what is cut) and tax, the shipping and its tax are cut to what is left;
 * the total is added up again.
 */
export function capRefund(due: RefundBreakdown, left: RefundLeft): RefundBreakdown {
  const amounts = new Map(left.amounts);
  const taxes = new Map(left.taxes);
  const lines = due.lines.map((l) => {
    const ref = referenceOf(l);
    const amount = Math.min(l.partsCents - l.feeCents, Math.max(0, amounts.get(ref) ?? 0));
    const taxCents = Math.min(l.taxCents, Math.max(0, taxes.get(ref) ?? 0));
    amounts.set(ref, (amounts.get(ref) ?? 0) - amount);
    taxes.set(ref, (taxes.get(ref) ?? 0) - taxCents);
    return { ...l, feeCents: l.partsCents - amount, taxCents };
  });
  const shippingCents = Math.min(due.shippingCents, Math.max(0, left.shippingCents));
  const shippingTaxCents = Math.min(due.shippingTaxCents, Math.max(0, left.shippingTaxCents));
  const partsCents = lines.reduce((n, l) => n + l.partsCents, 0);
  const feeCents = lines.reduce((n, l) => n + l.feeCents, 0);
  const taxCents = lines.reduce((n, l) => n + l.taxCents, 0) + shippingTaxCents;
  return { partsCents, feeCents, shippingCents, taxCents, shippingTaxCents, totalCents: partsCents - feeCents + shippingCents + taxCents, lines };
}

/** What is left once `refund` is given back. */
export function leftAfter(left: RefundLeft, refund: RefundBreakdown): RefundLeft {
  const amounts = new Map(left.amounts);
  const taxes = new Map(left.taxes);
  for (const l of refund.lines) {
    const ref = referenceOf(l);
    amounts.set(ref, (amounts.get(ref) ?? 0) - (l.partsCents - l.feeCents));
    taxes.set(ref, (taxes.get(ref) ?? 0) - l.taxCents);
  }
  return {
    amounts,
    taxes,
    shippingCents: left.shippingCents - refund.shippingCents,
    shippingTaxCents: left.shippingTaxCents - refund.shippingTaxCents,
  };
}

/** Refunds given one after another from `left`, each held to what the ones before it left. */
export function refundsInTurn(dues: readonly RefundBreakdown[], left: RefundLeft): { refunds: RefundBreakdown[]; left: RefundLeft } {
  const refunds: RefundBreakdown[] = [];
  let now = left;
  for (const due of dues) {
    const refund = capRefund(due, now);
    refunds.push(refund);
    now = leftAfter(now, refund);
  }
  return { refunds, left: now };
}

/**
 * What a received return refunds, held to what the order's earlier refunded returns (in the order
 * they were refunded) left of it: the same for every attempt at this return's refund, so its
 * Idempotency-Key always asks for the same thing.
 */
export function cappedRefundDueOf(
  r: Pick<ReturnDoc, 'lines' | 'restockingFeePercent'>,
  b: Order,
  earlier: readonly Pick<ReturnDoc, 'lines' | 'restockingFeePercent'>[],
): RefundBreakdown {
  const { left } = refundsInTurn(
    earlier.map((e) => refundDueOf(e, b)),
    refundLeftOf(b),
  );
  return capRefund(refundDueOf(r, b), left);
}

/** One of an order's returns, as the refunds' turns read it. */
export interface OrderReturn {
  id: string;
  r: Pick<ReturnDoc, 'lines' | 'restockingFeePercent' | 'state' | 'refundedAt' | 'refundTurn'>;
}

/** Whether a return takes from what the order has left to give back: refunded, or holding a turn for a refund under way. */
const takesTurn = (r: OrderReturn['r']): boolean => r.state === 'refunded' || (r.refundTurn ?? 0) > 0;

/**
 * The order's returns whose refunds come before the one of return `rid` holding `turn` (none yet:
 * every return that took a turn or was refunded), in their turns: returns refunded before turns
 * were kept first, by refundedAt.
 */
export function refundsBefore(rid: string, turn: number | null | undefined, others: readonly OrderReturn[]): OrderReturn['r'][] {
  return others
    .filter((o) => o.id !== rid && takesTurn(o.r) && (!turn || (o.r.refundTurn ?? 0) < turn))
    .sort(
      (a, z) =>
        (a.r.refundTurn ?? 0) - (z.r.refundTurn ?? 0) ||
        (a.r.refundedAt?.toDate().getTime() ?? 0) - (z.r.refundedAt?.toDate().getTime() ?? 0) ||
        a.id.localeCompare(z.id),
    )
    .map((o) => o.r);
}

/** The turn a return takes for its refund: after every turn the order's returns hold. */
export const nextRefundTurn = (others: readonly OrderReturn[]): number => Math.max(0, ...others.map((o) => o.r.refundTurn ?? 0)) + 1;

/**
 * What return `rid` refunds among the order's returns (`others`, itself among them or not): held
 * to what the returns before its turn left (cappedRefundDueOf). The one function behind both the
 * refund made and the `refundDue` a received return shows.
 */
export function refundDueAmong(
  rid: string,
  r: Pick<ReturnDoc, 'lines' | 'restockingFeePercent' | 'refundTurn'>,
  b: Order,
  others: readonly OrderReturn[],
): RefundBreakdown {
  return cappedRefundDueOf(r, b, refundsBefore(rid, r.refundTurn, others));
}

/** The cents a refund answer shows. */
export const refundCentsOf = (d: RefundBreakdown): RefundCents => ({
  partsCents: d.partsCents,
  feeCents: d.feeCents,
  shippingCents: d.shippingCents,
  taxCents: d.taxCents,
  totalCents: d.totalCents,
});
