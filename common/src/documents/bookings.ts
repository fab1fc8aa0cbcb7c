import type { OrderShippingDoc } from '../shipping/order';
import { orderTaxFromDoc, type OrderTaxDoc } from '../tax/tax';
import { activeShipments, shipmentsFromDoc, type ShipmentDoc } from '../shipping/shipments';
import type { OrderShipping } from '../shipping/order.answers';
import type { ApprovalDecision, Booking, BookingApproval, BookingEvent, BookingEventType, BookingLine, BookingState } from '../booking';
import type { Address } from '../company.answers';
import { centsToDollars } from '../money';
import { lineQuantitiesOf, placedState } from '../order-lifecycle';
import { isoTime, type StoredTime } from './time';
import { DEFAULT_CORE_RETURN_DAYS } from '../constants';
import type { ToolDoc } from './tools';
import type { ResolvedFrom } from '../search/part-alias';
import type { InvoicePaymentStatus } from '../invoice';
import type { OrderPayment } from '../invoice.answers';

/** One line of an order as stored: money in integer cents. */
export interface BookingLineDoc {
  toolId: string;
  partNumber: string | null;
  name: string;
  quantity: number;
  /** The unit price after price breaks. */
  unitPriceCents: number;
  /** unitPriceCents x quantity. */
  lineTotalCents: number;
  /** The number the line was ordered by when not the part's own (CONTRACT §11); absent otherwise. */
  resolvedFrom?: ResolvedFrom;
  /**
   * Running quantities (CONTRACT §14, §16; decision 0070): absent on lines stored before them (and
   * until shipments, returns and backorders write them), defaulted when read.
   */
  shippedQuantity?: number;
  returnedQuantity?: number;
  /** CONTRACT §16 (decision 0086): units in returns requested or approved, not yet received or declined. */
  returnOpenQuantity?: number;
  backorderedQuantity?: number;
  /**
   * CONTRACT §14 (decision 0080): while `backorderedQuantity` > 0, the day it is expected
   * (YYYY-MM-DD) and the line's entry in the tool's backorder queue (backorders/{backorderId}).
   */
  expectedOn?: string | null;
  backorderId?: string | null;
  /**
   * CONTRACT §16 (decision 0088): the core deposit, the tool's deposit x quantity, its own amount
   * (not in the unit price or lineTotalCents; in the order's total). Absent: none. The cores in
   * requested or approved core returns, the cores received (accepted, partly or rejected), and
   * when the cores not returned in time were marked kept (once).
   */
  coreDepositCents?: number;
  coreOpenQuantity?: number;
  coreReturnedQuantity?: number;
  coresKeptAt?: StoredTime | null;
  /** The cores the sweep found neither received nor in an open core return when it marked the line kept. */
  coresKeptQuantity?: number;
}

/** The cores a line still owes (decision 0088): units shipped less cores received; 0 without a deposit. */
export const coresOwedOf = (l: Pick<BookingLineDoc, 'coreDepositCents' | 'coreReturnedQuantity'>, shippedQuantity: number): number =>
  (l.coreDepositCents ?? 0) > 0 ? Math.max(0, shippedQuantity - (l.coreReturnedQuantity ?? 0)) : 0;

/**
 * When line `lineIndex` last shipped: the latest active shipment carrying it, or, for an order
 * shipped before shipments were kept, the order's `shippedAt` once the line counts shipped units;
 * null while nothing of it shipped. Its cores fall due CORE_RETURN_DAYS later (decision 0088).
 */
export function lineShippedAt(b: Pick<BookingDoc, 'shipments' | 'shippedAt'>, lineIndex: number, shippedQuantity: number): Date | null {
  const id = String(lineIndex);
  const carrying = activeShipments(b.shipments).filter((s) => s.lines.some((l) => l.lineId === id));
  if (carrying.length > 0) return new Date(Math.max(...carrying.map((s) => s.shippedAt.toDate().getTime())));
  return shippedQuantity > 0 && b.shippedAt ? b.shippedAt.toDate() : null;
}

/** The day (YYYY-MM-DD, UTC) a line's cores are due back: `days` after it last shipped. */
export const coresDueDay = (shippedAt: Date, days: number): string => new Date(shippedAt.getTime() + days * 86_400_000).toISOString().slice(0, 10);

/** A line's deposit per unit, cents (0: none). */
export const coreDepositUnitCents = (l: Pick<BookingLineDoc, 'coreDepositCents' | 'quantity'>): number =>
  (l.coreDepositCents ?? 0) > 0 && l.quantity > 0 ? Math.round((l.coreDepositCents ?? 0) / l.quantity) : 0;

/**
 * bookings/{id}: written only by the functions. The API's Booking fields as they are stored
 * (money in integer cents), plus the owner's uid and the payment's bookkeeping.
 * Added over time, so older documents may lack them: `state` (bookingStateOf derives it from
 * paid/status), `orderNumber` (CONTRACT §7: FP-2026-000123, from counters/orders in the booking's
 * transaction), the buyer's `poNumber` and the tool's `partNumber` when booked, and `lines`
 * (CONTRACT §8; orderLinesOf reads a document without them as the one line its top-level fields
 * describe). With lines, the top-level item fields are the first line's and `totalCents` is the
 * order's total.
 */
export interface BookingDoc<Time extends StoredTime = StoredTime>
  extends
    Pick<
      Booking,
      | 'toolId'
      | 'userName'
      | 'email'
      | 'name'
      | 'phone'
      | 'address'
      | 'quantity'
      | 'itemMinimumQuantity'
      | 'itemAvailableQuantity'
      | 'paid'
      | 'transactionId'
      | 'status'
    >,
    Partial<Pick<Booking, 'state' | 'orderNumber' | 'poNumber' | 'partNumber'>> {
  uid: string;
  unitPriceCents: number;
  totalCents: number;
  /** The one PaymentIntent of this booking (reused while payable; CONTRACT §5). */
  paymentIntentId: string | null;
  paidAt?: Time | null;
  refundedAt?: Time | null;
  /** When the admin marked it shipped (orders shipped before this field have none). */
  shippedAt?: Time | null;
  /** CONTRACT §16: when the last unit of every line came back (state `returned`). */
  returnedAt?: Time | null;
  /** When the sweep released it unpaid. */
  expiredAt?: Time | null;
  /** The provider's refund id (re_...), once refunded. */
  refundId?: string | null;
  /**
   * CONTRACT §8: a payment that arrived after the order was released, when its stock was gone: the
   * order is marked refunded in the payment's transaction, and `refundPending` stays true until the
   * provider has made the refund (right after, or in the next sweep).
   */
  lateRefund?: boolean;
  refundPending?: boolean;
  createdAt: Time;
  /** Every line, the first one first (1 to 50). */
  lines?: BookingLineDoc[];
  /** The distinct tools of the lines (queries: "has this buyer bought this tool"). */
  toolIds?: string[];
  /** CONTRACT §10: the buyer's company when ordered (null: none; absent on orders before companies). */
  companyId?: string | null;
  /** The company's ship-to location, and its address as it was then (also written into `address`). */
  shipToId?: string | null;
  shipToAddress?: Address | null;
  /** Set when the order needed a company admin's approval (decision 0056). */
  approval?: ApprovalDoc<Time> | null;
  /** An order on account: its invoice (decision 0058). Absent or null for an order paid by card. */
  payment?: InvoicePaymentDoc<Time> | null;
  /**
   * `payment.status` again, at the top level, written with it: the field the company's invoices list
   * and the sweep query (a top-level field, as `toolIds` is for its query). Absent for card orders.
   */
  invoiceStatus?: InvoicePaymentStatus | null;
  /** CONTRACT §14: the chosen method's copy, its amount in cents (included in totalCents). Absent on orders before it. */
  shipping?: OrderShippingDoc | null;
  /** CONTRACT §14: the address object it ships to; absent or null when only the one-line address was given. */
  shippingAddress?: Address | null;
  /** CONTRACT §14 (decision 0079): the order's shipments, cancelled ones included (marked). Absent before the first. */
  shipments?: ShipmentDoc<Time>[];
  /** CONTRACT §14: wait for every line before shipping (absent: false). */
  shipComplete?: boolean;
  /**
   * CONTRACT §15 (decision 0083): the Stripe Tax calculation the order was placed with, its amounts
   * in cents (included in totalCents) and its transaction once recorded. Absent on orders before tax.
   */
  tax?: OrderTaxDoc | null;
  /** A card order whose tax books at Stripe are not settled yet: paid and not recorded, or refunded and not reversed (cleared once done; the sweep's query). */
  taxTransactionPending?: boolean;
  /**
   * CONTRACT §16 (decision 0086): what credit notes of returns took off the order's invoice while it
   * was still due (cents), already given back to the company's open credit; the invoice's payment
   * then frees only the rest. Absent: 0.
   */
  returnCreditedCents?: number;
  /** A warranty replacement (decision 0087): the claim it replaces the failed part of. Absent: not one. */
  replacementFor?: { returnId: string; rmaNumber: string; bookingId: string } | null;
  /** How many times arriving stock was allocated to this order's backorders: numbers each "ready" email (decision 0080). */
  backorderAllocations?: number;
  /**
   * Decision 0088: when the sweep next looks at the order's core deposits (the day a line's cores fall
   * due, or sooner); set when an order with a deposit is placed, removed once no line can owe cores.
   * The sweep's query (functions services/returns/sweep-cores.ts). Absent: nothing to look at.
   */
  coresCheckAt?: Time | null;
  /** How many "Core deposit kept" emails the sweep has queued: numbers the next one (decision 0088). */
  coresKeptEmails?: number;
}

/** An order's approval as stored: the limit it passed, then the decision. */
export interface ApprovalDoc<Time extends StoredTime = StoredTime> {
  spendingLimitCents: number;
  decision: ApprovalDecision | null;
  decidedBy: { uid: string; email: string } | null;
  decidedAt: Time | null;
  note: string | null;
  /** When the sweep releases the order if nobody decides (decision 0061); absent on orders stored before it. */
  expiresAt?: Time | null;
}

export function approvalFromDoc(a: ApprovalDoc | null | undefined): BookingApproval | null {
  if (!a) return null;
  return {
    spendingLimit: centsToDollars(a.spendingLimitCents),
    decision: a.decision,
    decidedBy: a.decidedBy,
    decidedAt: a.decidedAt ? isoTime(a.decidedAt) : null,
    note: a.note,
    expiresAt: a.decision === null && a.expiresAt ? isoTime(a.expiresAt) : null,
  };
}

/** bookings/{id}.payment: the order's Stripe invoice, as stored (null fields while `pending`). */
export interface InvoicePaymentDoc<Time extends StoredTime = StoredTime> {
  method: 'invoice';
  invoiceId: string | null;
  /** Stripe's invoice number; absent on orders stored before it was kept (decision 0066). */
  number?: string | null;
  hostedInvoiceUrl: string | null;
  dueDate: Time | null;
  status: InvoicePaymentStatus;
}

/** The stored invoice payment to the API shape. */
export function orderPaymentFromDoc(p: InvoicePaymentDoc | null | undefined): OrderPayment | null {
  if (!p) return null;
  return {
    method: 'invoice',
    invoiceId: p.invoiceId,
    number: p.number ?? null,
    hostedInvoiceUrl: p.hostedInvoiceUrl,
    dueDate: p.dueDate ? isoTime(p.dueDate) : null,
    status: p.status,
  };
}

/**
 * counters/orders: the year and last sequence number of order numbers. counters/partNumbers: the
 * last FP-ITEM-... number the shop assigned (no year: part numbers never restart).
 */
export interface CounterDoc {
  year?: number;
  seq: number;
}

/** One priced line of a new order: the tool as read in the order's transaction. */
export interface NewOrderLine {
  toolId: string;
  tool: Pick<ToolDoc, 'name' | 'partNumber' | 'minimumQuantity' | 'coreDepositCents'>;
  quantity: number;
  /** The line's unit price and line total (totalCents: unit price x quantity). */
  plan: Pick<BookingDoc, 'unitPriceCents' | 'totalCents'>;
  /** The number it was ordered by, when not the part's own. */
  resolvedFrom?: ResolvedFrom;
  /** CONTRACT §14: the part not in stock, when it is expected and its queue entry (decision 0080). */
  backordered?: { quantity: number; expectedOn: string; backorderId: string };
}

/** A new order: who books, its priced lines (1 to 50) and where it goes. */
export interface NewOrder<Time extends StoredTime> {
  buyer: { uid: string; email: string; name: string };
  lines: NewOrderLine[];
  /** The first line's tool's stock after the whole order. */
  remaining: number;
  contact: Pick<BookingDoc, 'phone' | 'address'>;
  poNumber: string | null;
  orderNumber: string;
  createdAt: Time;
}

/**
 * The stored order of reserved lines (every order: POST /booking is its one-line case):
 * the first line in the SPEC §3 single-item fields, every line in `lines`, the total their sum.
 */
export function reservedOrderDoc<Time extends StoredTime>(r: NewOrder<Time>): BookingDoc<Time> {
  const first = r.lines[0];
  if (!first) throw new RangeError('An order has at least one line');
  const lines: BookingLineDoc[] = r.lines.map((l) => ({
    toolId: l.toolId,
    partNumber: l.tool.partNumber ?? null,
    name: l.tool.name,
    quantity: l.quantity,
    unitPriceCents: l.plan.unitPriceCents,
    lineTotalCents: l.plan.totalCents,
    ...((l.tool.coreDepositCents ?? 0) > 0 ? { coreDepositCents: (l.tool.coreDepositCents ?? 0) * l.quantity } : {}),
    ...(l.resolvedFrom ? { resolvedFrom: { number: l.resolvedFrom.number, kind: l.resolvedFrom.kind } } : {}),
    ...(l.backordered ? { backorderedQuantity: l.backordered.quantity, expectedOn: l.backordered.expectedOn, backorderId: l.backordered.backorderId } : {}),
  }));
  return {
    uid: r.buyer.uid,
    email: r.buyer.email,
    userName: r.buyer.name,
    toolId: first.toolId,
    name: first.tool.name,
    partNumber: first.tool.partNumber ?? null,
    unitPriceCents: first.plan.unitPriceCents,
    quantity: first.quantity,
    totalCents: lines.reduce((sum, l) => sum + l.lineTotalCents + (l.coreDepositCents ?? 0), 0),
    // Decision 0088: the sweep looks at an order with a deposit from now on (sweep-cores.ts).
    ...(lines.some((l) => (l.coreDepositCents ?? 0) > 0) ? { coresCheckAt: r.createdAt } : {}),
    itemMinimumQuantity: first.tool.minimumQuantity,
    itemAvailableQuantity: r.remaining,
    phone: r.contact.phone,
    address: r.contact.address,
    poNumber: r.poNumber,
    orderNumber: r.orderNumber,
    paid: false,
    transactionId: null,
    state: placedState({ waits: false, onAccount: false }),
    paymentIntentId: null,
    paidAt: null,
    refundedAt: null,
    refundId: null,
    status: null,
    createdAt: r.createdAt,
    lines,
    toolIds: [...new Set(lines.map((l) => l.toolId))],
  };
}

/**
 * An order's lines. A document written before orders had lines is the one line its top-level
 * fields describe (its total is that line's total), so nothing needs migrating.
 */
export function orderLinesOf(b: Pick<BookingDoc, 'lines' | 'toolId' | 'partNumber' | 'name' | 'quantity' | 'unitPriceCents' | 'totalCents'>): BookingLineDoc[] {
  if (Array.isArray(b.lines) && b.lines.length > 0) return b.lines;
  return [
    { toolId: b.toolId, partNumber: b.partNumber ?? null, name: b.name, quantity: b.quantity, unitPriceCents: b.unitPriceCents, lineTotalCents: b.totalCents },
  ];
}

/**
 * How much of each tool an order holds: lines of the same tool added up, so stock moves once per
 * tool (one write each) and by exactly what the order reserved.
 */
export function quantitiesByTool(lines: Pick<BookingLineDoc, 'toolId' | 'quantity'>[]): Map<string, number> {
  const byTool = new Map<string, number>();
  for (const l of lines) byTool.set(l.toolId, (byTool.get(l.toolId) ?? 0) + l.quantity);
  return byTool;
}

/**
 * What a line holds on the shelf (decision 0080): its quantity less what is backordered (not in
 * stock yet) and what has shipped. Cancel, expiry and refund give back exactly this.
 */
export const heldQuantityOf = (l: Pick<BookingLineDoc, 'quantity' | 'shippedQuantity' | 'backorderedQuantity'>): number =>
  Math.max(0, l.quantity - (l.backorderedQuantity ?? 0) - (l.shippedQuantity ?? 0));

/**
 * A stored line to the API shape (dollars), with its running quantities (defaulted for documents
 * stored before them: order-lifecycle.ts lineQuantitiesOf, from the order's state).
 */
export function bookingLineFromDoc(
  l: BookingLineDoc,
  state: BookingState | null = null,
  cores: { shippedAt: (shippedQuantity: number) => Date | null; days: number } | null = null,
): BookingLine {
  const { shippedQuantity, returnedQuantity, returnOpenQuantity, backorderedQuantity } = lineQuantitiesOf(l, state);
  // Decision 0088: cores marked kept are owed no more; the others are due `days` after the line last shipped.
  const coresKept = Boolean(l.coresKeptAt);
  const coresOwed = coresKept ? 0 : coresOwedOf(l, shippedQuantity);
  const shippedAt = coresOwed > 0 && cores ? cores.shippedAt(shippedQuantity) : null;
  return {
    toolId: l.toolId,
    partNumber: l.partNumber ?? null,
    name: l.name,
    quantity: l.quantity,
    price: centsToDollars(l.unitPriceCents),
    lineTotal: centsToDollars(l.lineTotalCents),
    resolvedFrom: l.resolvedFrom ?? null,
    shippedQuantity,
    returnedQuantity,
    returnOpenQuantity,
    backorderedQuantity,
    expectedOn: backorderedQuantity > 0 ? (l.expectedOn ?? null) : null,
    coreDeposit: centsToDollars(l.coreDepositCents ?? 0),
    coresOwed,
    coresDueOn: shippedAt && cores ? coresDueDay(shippedAt, cores.days) : null,
    coresKept,
  };
}

/**
 * The stored state, or for documents written before `state` existed the one their paid/status
 * fields imply (they could only be reserved, paid or shipped then).
 */
export function bookingStateOf(b: Pick<BookingDoc, 'state' | 'paid' | 'transactionId' | 'status'>): BookingState {
  if (b.state) return b.state;
  if (b.status === 'shipped') return 'shipped';
  return isSettled(b) ? 'paid' : 'reserved';
}

/** A paid booking, or one with a recorded payment, is an order the shop must honour. */
export function isSettled(b: Pick<BookingDoc, 'paid' | 'transactionId'>): boolean {
  return b.paid === true || !!b.transactionId;
}

/**
 * A stored booking to the API shape: money in dollars, times as ISO text (CONTRACT §3). `current`
 * is the tool's stock now (Manage All Orders); without it, the booking's snapshot. `coreReturnDays`:
 * CORE_RETURN_DAYS, the days after a line's last shipment its cores are due (decision 0088).
 */
export function bookingFromDoc(
  id: string,
  b: BookingDoc,
  current?: Pick<ToolDoc, 'minimumQuantity' | 'availableQuantity'>,
  coreReturnDays: number = DEFAULT_CORE_RETURN_DAYS,
): Booking {
  const state = bookingStateOf(b);
  const lines = orderLinesOf(b).map((l, i) => bookingLineFromDoc(l, state, { shippedAt: (shipped) => lineShippedAt(b, i, shipped), days: coreReturnDays }));
  return {
    _id: id,
    toolId: b.toolId,
    userName: b.userName,
    email: b.email,
    name: b.name,
    phone: b.phone,
    address: b.address,
    price: centsToDollars(b.unitPriceCents),
    quantity: b.quantity,
    total: centsToDollars(b.totalCents),
    itemMinimumQuantity: current?.minimumQuantity ?? b.itemMinimumQuantity,
    itemAvailableQuantity: current?.availableQuantity ?? b.itemAvailableQuantity,
    paid: b.paid === true,
    transactionId: b.transactionId ?? null,
    status: b.status === 'shipped' ? 'shipped' : null,
    orderNumber: b.orderNumber ?? '',
    poNumber: b.poNumber ?? null,
    partNumber: b.partNumber ?? null,
    state,
    createdAt: isoTime(b.createdAt),
    lines,
    lineCount: lines.length,
    events: bookingEventsOf(b),
    companyId: b.companyId ?? null,
    shipToId: b.shipToId ?? null,
    approval: approvalFromDoc(b.approval),
    payment: orderPaymentFromDoc(b.payment),
    shipping: orderShippingFromDoc(b.shipping),
    shippingAddress: b.shippingAddress ?? b.shipToAddress ?? null,
    shipments: shipmentsFromDoc(b.shipments),
    shipComplete: b.shipComplete === true,
    tax: orderTaxFromDoc(b.tax),
    replacementFor: b.replacementFor ?? null,
  };
}

/** The stored shipping copy to the API shape (dollars). */
export function orderShippingFromDoc(s: OrderShippingDoc | null | undefined): OrderShipping | null {
  return s ? { methodId: s.methodId, name: s.name, carrier: s.carrier, amount: centsToDollars(s.amountCents) } : null;
}

type EventFields = Pick<
  BookingDoc,
  'createdAt' | 'paidAt' | 'shippedAt' | 'refundedAt' | 'expiredAt' | 'state' | 'paid' | 'transactionId' | 'status' | 'payment'
>;

/**
 * The order's timeline (CONTRACT §8), oldest first: booked always; paid, shipped, refunded and
 * released (expired) when their time was stored or the order's state says they happened (an order
 * shipped before `shippedAt` existed: its event has `at` null). A refunded order was paid first;
 * a shipped one too. An event without a time keeps its place in the order's life (after the event
 * before it), so a timeline never reads "shipped" before "paid".
 */
export function bookingEventsOf(b: EventFields): BookingEvent[] {
  const state = bookingStateOf(b);
  const happened: Record<BookingEventType, boolean> = {
    booked: true,
    // An order on account ships before its invoice is paid: only its own payment says it was paid.
    paid: !!b.paidAt || isSettled(b) || state === 'paid' || (!b.payment && (state === 'shipped' || state === 'refunded')),
    shipped: !!b.shippedAt || state === 'shipped' || b.status === 'shipped',
    refunded: !!b.refundedAt || state === 'refunded',
    expired: !!b.expiredAt || state === 'expired',
  };
  const stored: Record<BookingEventType, StoredTime | null | undefined> = {
    booked: b.createdAt,
    paid: b.paidAt,
    shipped: b.shippedAt,
    refunded: b.refundedAt,
    expired: b.expiredAt,
  };
  // In the order of a life (a late payment after a release is sorted by its time below); a missing
  // time sorts at the time of the event before it, and the sort is stable.
  const lifeOrder: BookingEventType[] = ['booked', 'expired', 'paid', 'shipped', 'refunded'];
  let previous = -Infinity;
  const events: { type: BookingEventType; at: string | null; sortAt: number }[] = [];
  for (const type of lifeOrder) {
    if (!happened[type]) continue;
    const time = stored[type]?.toDate() ?? null;
    const sortAt = time ? time.getTime() : previous;
    previous = Math.max(previous, sortAt);
    events.push({ type, at: time ? time.toISOString() : type === 'booked' ? isoTime(b.createdAt) : null, sortAt });
  }
  return events.sort((x, y) => x.sortAt - y.sortAt).map(({ type, at }) => ({ type, at }));
}
