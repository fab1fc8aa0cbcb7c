/**
 * Returns (CONTRACT §16, issue 47 slice 1, decision 0086): what a buyer may send back, until when,
 * and what comes back to them. Zod-free (decision 0073): the request schemas are in
 * returns.schema.ts, the answers in returns.answers.ts, the stored document in
 * documents/returns.ts.
 *
 * A return's lines name the order's lines by `lineId`, their position in the order ("0"), as
 * shipments do.
 */

/** Every reason CONTRACT §16 lists. */
export const RETURN_REASONS = ['wrong-part', 'not-needed', 'defective', 'damaged-in-transit', 'warranty', 'core'] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];

/** The reasons of a part return (warranty claims included); cores go back in a core return of their own (decision 0088). */
export const PART_RETURN_REASONS = ['wrong-part', 'not-needed', 'defective', 'damaged-in-transit', 'warranty'] as const satisfies readonly ReturnReason[];
export type PartReturnReason = (typeof PART_RETURN_REASONS)[number];
export const CORES_RETURN_APART = 'cores go back in a core return of their own';

export const isPartReturnReason = (r: ReturnReason): r is PartReturnReason => (PART_RETURN_REASONS as readonly string[]).includes(r);

/** How a reason reads (emails, the slip, the pages). */
export const RETURN_REASON_LABELS: Record<ReturnReason, string> = {
  'wrong-part': 'Wrong part',
  'not-needed': 'Not needed',
  defective: 'Defective',
  'damaged-in-transit': 'Damaged in transit',
  warranty: 'Warranty',
  core: 'Core return',
};

/** A return's states, in the order of its life (declined ends it early; a warranty claim ends `closed` when its part is received, decision 0087). */
export const RETURN_STATES = ['requested', 'approved', 'declined', 'received', 'refunded', 'closed'] as const;
export type ReturnState = (typeof RETURN_STATES)[number];

/** How a return's state reads. */
export const RETURN_STATE_LABELS: Record<ReturnState, string> = {
  requested: 'Requested',
  approved: 'Approved, awaiting the parts',
  declined: 'Declined',
  received: 'Received, awaiting refund',
  refunded: 'Refunded',
  closed: 'Closed',
};

export const RETURN_LIMITS = {
  /** Lines in one return (an order has at most 50). */
  lines: 50,
  noteLength: 500,
  declineReasonLength: 500,
  maxRestockingFeePercent: 50,
  /** Returns answered per page of GET /returns. */
  pageSize: 25,
} as const;

/** How a core deposit reads on the cart line, the order page, the PDF, the emails and the invoice (decision 0088). */
export const CORE_DEPOSIT_LABEL = 'Core deposit, refundable';

/** The restocking fee when the admin gives none: 15% when any line is not-needed, else 0. */
export const DEFAULT_RESTOCKING_FEE_PERCENT = 15;

export function defaultRestockingFeePercent(lines: readonly { reason: ReturnReason }[]): number {
  return lines.some((l) => l.reason === 'not-needed') ? DEFAULT_RESTOCKING_FEE_PERCENT : 0;
}

/** Where returned parts go: the shop's warehouse (shown once a return is approved, and on the slip). */
export const RETURNS_ADDRESS = 'FridgeParts Returns, 2100 Industrial Way, Springfield, IL 62702';

/** `RETURN_DAYS` when not configured: the window for wrong-part and not-needed. */
export const DEFAULT_RETURN_DAYS = 30;

/** The days of each reason's window, from the line's last delivery (or shipment when no delivery was recorded). */
export function returnWindowDays(reason: ReturnReason, returnDays: number): number {
  switch (reason) {
    case 'wrong-part':
    case 'not-needed':
      return returnDays;
    case 'defective':
    case 'warranty':
      return 365;
    case 'damaged-in-transit':
      return 30;
    case 'core':
      return 60;
  }
}

/** The reasons a tool with `returnable: false` may still come back for. */
export const NON_RETURNABLE_REASONS: readonly ReturnReason[] = ['defective', 'damaged-in-transit', 'warranty'];

export const reasonAllowedFor = (reason: ReturnReason, toolReturnable: boolean): boolean => toolReturnable || NON_RETURNABLE_REASONS.includes(reason);

const DAY_MS = 86_400_000;

/** The moment a reason's window closes: `days` whole days after the line's last delivery or shipment. */
export const windowCloses = (from: Date, days: number): Date => new Date(from.getTime() + days * DAY_MS);

/** "Nov 3, 2026" (UTC), as the window's message says it. */
export function returnDay(d: Date): string {
  return d.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
}

/** The 400's words for a reason whose window has passed. */
export const windowClosedMessage = (reason: ReturnReason, days: number, closed: Date): string =>
  `The ${days}-day return window for ${reason} closed on ${returnDay(closed)}`;

/** One open reason of a returnable line and when its window closes. */
export interface ReasonWindow {
  reason: PartReturnReason;
  until: Date;
}

/**
 * The open reasons a line may be returned for at `now`, each with its window's end: from `from`
 * (the line's last delivery, else its last shipment), none when nothing has shipped (`from` null).
 */
export function openWindows(from: Date | null, toolReturnable: boolean, returnDays: number, now: Date): ReasonWindow[] {
  if (!from) return [];
  const open: ReasonWindow[] = [];
  for (const reason of PART_RETURN_REASONS) {
    if (!reasonAllowedFor(reason, toolReturnable)) continue;
    const until = windowCloses(from, returnWindowDays(reason, returnDays));
    if (now.getTime() <= until.getTime()) open.push({ reason, until });
  }
  return open;
}

/** What a line can still be returned: shipped, less returned, less what open returns hold. */
export const returnableQuantityOf = (l: { shippedQuantity: number; returnedQuantity: number; returnOpenQuantity: number }): number =>
  Math.max(0, l.shippedQuantity - l.returnedQuantity - l.returnOpenQuantity);

/** RMA-2026-000012: the year and a yearly sequence (counters/returns, like the order numbers). */
export const rmaNumberOf = (year: number, seq: number): string => `RMA-${year}-${String(seq).padStart(6, '0')}`;
export const RMA_NUMBER = /^RMA-\d{4}-\d{6,}$/;

/** A return's id: what the server makes (24 lower-case hex characters). */
export const RETURN_ID = /^[a-f0-9]{24}$/;

/**
 * `num / den` rounded half away from zero, exactly (BigInt inside: a tax share's product may pass
 * 2^53 cents squared). `den` > 0.
 */
export function roundDiv(num: number | bigint, den: number): number {
  if (den <= 0) throw new RangeError('roundDiv needs a positive divisor');
  const n = BigInt(num);
  const d = BigInt(den);
  const abs = n < 0n ? -n : n;
  const q = (2n * abs + d) / (2n * d);
  return Number(n < 0n ? -q : q);
}

/** `a x b / den`, rounded half away from zero, the product taken exactly. */
export const shareOf = (a: number, b: number, den: number): number => roundDiv(BigInt(a) * BigInt(b), den);

/** One received line of a return, as the refund reads it. */
export interface RefundLine {
  lineId: string;
  reason: ReturnReason;
  unitPriceCents: number;
  /** resaleable + damaged: what came back. */
  received: number;
}

/** The order as the refund reads it: each line's total and tax (by index), its shipping and the shipping's tax (cents). */
export interface RefundOrder {
  lines: readonly { lineTotalCents: number; taxCents: number }[];
  shippingCents: number;
  shippingTaxCents: number;
}

/** One line's share of a refund (cents). */
export interface RefundLineCents {
  lineId: string;
  /** The tax line item and invoice line it reverses, when not `lineId` (a core deposit's `<lineId>-core`, decision 0088). */
  reference?: string;
  partsCents: number;
  feeCents: number;
  taxCents: number;
}

export interface RefundBreakdown {
  partsCents: number;
  feeCents: number;
  shippingCents: number;
  /** The tax on parts less fee, plus the shipping's tax. */
  taxCents: number;
  totalCents: number;
  /** The shipping's own tax (within taxCents). */
  shippingTaxCents: number;
  lines: RefundLineCents[];
}

/** The reasons whose return refunds the shipping: the shop's mistake or the carrier's. */
export const SHIPPING_REFUND_REASONS: readonly ReturnReason[] = ['wrong-part', 'damaged-in-transit'];

/**
 * What a received return refunds (CONTRACT §16, decision 0086), integer cents, rounding half away
 * from zero: per line parts = unit price x received, fee = round(parts x pct / 100), tax =
 * round(line's tax x (parts - fee) / line total); shipping = round(order shipping x parts of the
 * wrong-part and damaged-in-transit lines / the order's parts total) and its tax
 * round(shipping tax x shipping / order shipping); total = every line's parts - fee + tax, plus
 * shipping and its tax.
 */
export function refundBreakdown(lines: readonly RefundLine[], feePercent: number, order: RefundOrder): RefundBreakdown {
  const orderParts = order.lines.reduce((n, l) => n + l.lineTotalCents, 0);
  const each: RefundLineCents[] = lines.map((l) => {
    const line = order.lines[Number(l.lineId)];
    const partsCents = l.unitPriceCents * l.received;
    const feeCents = shareOf(partsCents, feePercent, 100);
    const taxCents = line && line.lineTotalCents > 0 ? shareOf(line.taxCents, partsCents - feeCents, line.lineTotalCents) : 0;
    return { lineId: l.lineId, partsCents, feeCents, taxCents };
  });
  const shippedBack = lines.reduce((n, l, i) => n + (SHIPPING_REFUND_REASONS.includes(l.reason) ? each[i].partsCents : 0), 0);
  const shippingCents = orderParts > 0 ? shareOf(order.shippingCents, shippedBack, orderParts) : 0;
  const shippingTaxCents = order.shippingCents > 0 ? shareOf(order.shippingTaxCents, shippingCents, order.shippingCents) : 0;
  const partsCents = each.reduce((n, l) => n + l.partsCents, 0);
  const feeCents = each.reduce((n, l) => n + l.feeCents, 0);
  const taxCents = each.reduce((n, l) => n + l.taxCents, 0) + shippingTaxCents;
  return { partsCents, feeCents, shippingCents, taxCents, shippingTaxCents, totalCents: partsCents - feeCents + shippingCents + taxCents, lines: each };
}
