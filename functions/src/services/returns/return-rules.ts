import { bookingStateOf, orderLinesOf, type BookingLineDoc } from '@fridgeparts/common/documents/bookings';
import type { RefundCents, ReturnDoc } from '@fridgeparts/common/documents/returns';
import { lineQuantitiesOf, type LineQuantities } from '@fridgeparts/common/order-lifecycle';
import {
  isOpenReturnReason,
  openWindows,
  reasonAllowedFor,
  refundBreakdown,
  RETURN_REASON_NOT_OPEN,
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
  if (!isOpenReturnReason(r.reason)) return `${label}: ${RETURN_REASON_NOT_OPEN}.`;
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

/** The cents a refund answer shows. */
export const refundCentsOf = (d: RefundBreakdown): RefundCents => ({
  partsCents: d.partsCents,
  feeCents: d.feeCents,
  shippingCents: d.shippingCents,
  taxCents: d.taxCents,
  totalCents: d.totalCents,
});
