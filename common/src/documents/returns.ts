import { centsToDollars } from '../money';
import { RETURNS_ADDRESS, type ReturnReason, type ReturnState } from '../returns/returns';
import type { RefundAmounts, Return, WarrantyAnswer } from '../returns/returns.answers';
import type { CoreInspection } from '../returns/cores';
import { isoTime, type StoredTime } from './time';

/**
 * returns/{rid} (CONTRACT §16, decision 0086): written only by the functions (firestore.rules deny
 * every client read and write). The order's lines keep `returnOpenQuantity` and `returnedQuantity`,
 * written in the same transaction as the return.
 */

/** One line of a return as stored: a copy of the order line it takes from, money in cents. */
export interface ReturnLineDoc {
  /** The order line's position ("0".."49"), as shipments name it. */
  lineId: string;
  toolId: string;
  name: string;
  partNumber: string | null;
  quantity: number;
  reason: ReturnReason;
  note: string | null;
  unitPriceCents: number;
  /** Counted when received (0 before). */
  resaleableQuantity: number;
  damagedQuantity: number;
  /**
   * A core line (reason `core`, decision 0088): the deposit per unit, and once received the
   * inspection and, for `partial`, the amount credited (cents). Absent on other lines.
   */
  coreDepositUnitCents?: number;
  inspection?: CoreInspection | null;
  partialCents?: number | null;
}

/** What a refund is made of, in cents. */
export interface RefundCents {
  partsCents: number;
  feeCents: number;
  shippingCents: number;
  taxCents: number;
  totalCents: number;
}

/** The refund as made: a card refund (and its tax reversal) or a credit note on the order's invoice. */
export interface ReturnRefundDoc extends RefundCents {
  method: 'card' | 'credit-note';
  refundId: string | null;
  creditNoteId: string | null;
  taxReversalId: string | null;
}

/** A warranty claim as stored (decision 0087): the appliance, then the replacement and its charge. */
export interface WarrantyDoc<Time extends StoredTime = StoredTime> {
  modelNumber: string;
  serialNumber: string;
  installedOn: string;
  failure: string;
  replacementBookingId: string | null;
  replacementOrderNumber: string | null;
  failedPartDueOn: string | null;
  charged: { at: Time; method: 'invoice' | 'payable-order'; amountCents: number } | null;
}

export interface ReturnDoc<Time extends StoredTime = StoredTime> {
  bookingId: string;
  orderNumber: string;
  /** The order's buyer (who the emails go to), with a copy of their address and name. */
  userId: string;
  buyerEmail: string;
  buyerName: string;
  companyId: string | null;
  rmaNumber: string;
  state: ReturnState;
  lines: ReturnLineDoc[];
  restockingFeePercent: number | null;
  declineReason: string | null;
  refund: ReturnRefundDoc | null;
  createdAt: Time;
  /** The uid of who asked. */
  createdBy: string;
  approvedAt: Time | null;
  receivedAt: Time | null;
  refundedAt: Time | null;
  declinedAt: Time | null;
  /** Moves by one with every change. */
  version: number;
  /**
   * Its turn among the order's refunds (1, 2, ...), taken in a transaction before the provider is
   * called: the refund is held to what the returns of earlier turns left (absent: not yet taken;
   * returns refunded before turns were kept come first, by refundedAt).
   */
  refundTurn?: number | null;
  /** A warranty claim's appliance and replacement (absent or null: not a claim; decision 0087). */
  warranty?: WarrantyDoc<Time> | null;
  /** The request's Idempotency-Key and what it asked, so a replay answers this return. */
  key: string;
  fingerprint: string;
}

/** Cents to the answer's dollars. */
export const refundAmountsOf = (r: RefundCents): RefundAmounts => ({
  parts: centsToDollars(r.partsCents),
  fee: centsToDollars(r.feeCents),
  shipping: centsToDollars(r.shippingCents),
  tax: centsToDollars(r.taxCents),
  total: centsToDollars(r.totalCents),
});

const isoOrNull = (t: StoredTime | null | undefined): string | null => (t ? isoTime(t) : null);

/** A stored warranty claim to the answer's shape. */
export function warrantyFromDoc(w: WarrantyDoc | null | undefined): WarrantyAnswer | null {
  if (!w) return null;
  return {
    modelNumber: w.modelNumber,
    serialNumber: w.serialNumber,
    installedOn: w.installedOn,
    failure: w.failure,
    replacementBookingId: w.replacementBookingId,
    replacementOrderNumber: w.replacementOrderNumber,
    failedPartDueOn: w.failedPartDueOn,
    charged: w.charged ? { at: isoTime(w.charged.at), method: w.charged.method, amount: centsToDollars(w.charged.amountCents) } : null,
  };
}

/**
 * A stored return to the API shape (money in dollars, times ISO). `refundDue` is the server's
 * computation of the refund, given while the return is received.
 */
export function returnFromDoc(id: string, r: ReturnDoc, refundDue: RefundCents | null = null): Return {
  return {
    id,
    rmaNumber: r.rmaNumber,
    bookingId: r.bookingId,
    orderNumber: r.orderNumber,
    state: r.state,
    buyer: { email: r.buyerEmail, name: r.buyerName },
    lines: r.lines.map((l) => ({
      lineId: l.lineId,
      toolId: l.toolId,
      name: l.name,
      partNumber: l.partNumber,
      quantity: l.quantity,
      reason: l.reason,
      note: l.note,
      unitPrice: centsToDollars(l.unitPriceCents),
      resaleable: l.resaleableQuantity,
      damaged: l.damagedQuantity,
      ...(l.reason === 'core' ? { coreDeposit: centsToDollars(l.coreDepositUnitCents ?? 0), inspection: l.inspection ?? null } : {}),
    })),
    restockingFeePercent: r.restockingFeePercent,
    declineReason: r.declineReason,
    refund: r.refund ? { ...refundAmountsOf(r.refund), method: r.refund.method, refundId: r.refund.refundId, creditNoteId: r.refund.creditNoteId } : null,
    createdAt: isoTime(r.createdAt),
    approvedAt: isoOrNull(r.approvedAt),
    receivedAt: isoOrNull(r.receivedAt),
    refundedAt: isoOrNull(r.refundedAt),
    declinedAt: isoOrNull(r.declinedAt),
    returnAddress: r.state === 'approved' || r.state === 'received' || r.state === 'refunded' || r.state === 'closed' ? RETURNS_ADDRESS : null,
    refundDue: r.state === 'received' && refundDue ? refundAmountsOf(refundDue) : null,
    warranty: warrantyFromDoc(r.warranty),
  };
}
