import { returnDay, shareOf, windowCloses, type RefundBreakdown, type RefundLineCents } from './returns';

/**
 * Core deposits (CONTRACT §16's Core deposits, issue 47 slice 2, decision 0088): a part whose tool
 * has a deposit carries it on its order line (deposit x quantity, its own amount, taxed as its own
 * line item `<lineId>-core`); its cores come back in a core return within CORE_RETURN_DAYS of the
 * line's shipment and are inspected when received: accepted refunds the deposit of those units,
 * partial the amount the shop names, rejected nothing, each with its tax in proportion. Zod-free
 * (decision 0073).
 */

/** `CORE_RETURN_DAYS` when not configured (constants.ts, so the documents' mappers read it without this module). */
export { DEFAULT_CORE_RETURN_DAYS } from '../constants';

export const CORE_INSPECTIONS = ['accepted', 'partial', 'rejected'] as const;
export type CoreInspection = (typeof CORE_INSPECTIONS)[number];

export const CORE_INSPECTION_LABELS: Record<CoreInspection, string> = {
  accepted: 'Accepted',
  partial: 'Partly accepted',
  rejected: 'Rejected',
};

/** The day a line's cores are due back: CORE_RETURN_DAYS after its (last) shipment. */
export const coresDueOn = (shippedAt: Date, days: number): Date => windowCloses(shippedAt, days);

/** The 400 of a core return too late, naming the day it was due. */
export const coresOverdueMessage = (due: Date): string =>
  `The cores were due back by ${returnDay(due)}, so the deposit was kept and they can no longer be returned for it`;

/** One inspected core line of a return, as its refund reads it. */
export interface CoreRefundLine {
  lineId: string;
  /** Cores in the return line. */
  quantity: number;
  /** The deposit per unit, cents. */
  depositUnitCents: number;
  inspection: CoreInspection | null;
  /** For `partial`: what the shop credits, cents (at most deposit x quantity). */
  partialCents: number | null;
}

/** The order's core lines as the refund reads them: each line's deposit and the deposit's tax (by index). */
export interface CoreRefundOrder {
  lines: readonly { coreDepositCents: number; coreTaxCents: number }[];
}

/** What one inspected core line credits, before tax (cents). */
export function coreCreditCents(l: CoreRefundLine): number {
  const whole = l.depositUnitCents * l.quantity;
  switch (l.inspection) {
    case 'accepted':
      return whole;
    case 'partial':
      return Math.min(whole, Math.max(0, l.partialCents ?? 0));
    default:
      return 0;
  }
}

/**
 * What a received core return refunds (decision 0088), integer cents rounded half away from zero:
 * per line the credit (accepted: deposit x units; partial: the amount; rejected: 0) and its tax,
 * round(deposit's tax x credit / the line's deposit); no restocking fee, no shipping. Each line's
 * `reference` is its deposit's tax line item and invoice line, `<lineId>-core`.
 */
export function coreRefundBreakdown(lines: readonly CoreRefundLine[], order: CoreRefundOrder): RefundBreakdown {
  const each: (RefundLineCents & { reference: string })[] = lines.map((l) => {
    const line = order.lines[Number(l.lineId)];
    const partsCents = coreCreditCents(l);
    const taxCents = line && line.coreDepositCents > 0 ? shareOf(line.coreTaxCents, partsCents, line.coreDepositCents) : 0;
    return { lineId: l.lineId, reference: `${l.lineId}-core`, partsCents, feeCents: 0, taxCents };
  });
  const partsCents = each.reduce((n, l) => n + l.partsCents, 0);
  const taxCents = each.reduce((n, l) => n + l.taxCents, 0);
  return { partsCents, feeCents: 0, shippingCents: 0, taxCents, shippingTaxCents: 0, totalCents: partsCents + taxCents, lines: each };
}

/** A line whose cores the sweep marked kept: what the buyer's email names. */
export interface KeptCoreLine {
  lineId: string;
  name: string;
  partNumber: string | null;
  /** Cores not returned in time. */
  units: number;
  /** The deposit kept: deposit per unit x units, cents. */
  depositCents: number;
  /** When they were due. */
  dueOn: Date;
}
