import { Timestamp, type Transaction } from 'firebase-admin/firestore';
import { orderLinesOf, type BookingLineDoc } from '@fridgeparts/common/documents/bookings';
import type { ReturnDoc as ReturnFields, WarrantyDoc } from '@fridgeparts/common/documents/returns';
import type { ReturnRequest } from '@fridgeparts/common/returns/returns.schema';
import { failedPartDueOn, isPartLate, taxShare } from '@fridgeparts/common/returns/warranty';
import type { OrderTaxDoc } from '@fridgeparts/common/tax/tax';
import { collections, db, type BookingDoc, type ReturnDoc } from '../../data/firestore';
import { warrantyReturnDays } from '../../config';
import { logs } from '../../logs';
import { bookingRef } from '../booking-records';
import { planWarrantyReplacement } from '../orders/warranty-replacement';
import { queueReturnEmail } from '../mail/mail-outbox';
import { issueInvoiceSafely, pendingPayment } from '../payments/invoices';
import { paysOnAccount } from '../companies/company-side';

/**
 * Warranty claims (CONTRACT §16's Warranty bullet, decision 0087): the claim's appliance is kept
 * with the return; its approval makes the replacement order in the same transaction (at 0, paid),
 * its receipt closes it with no money moving, and the sweep charges the replacement once when the
 * failed part is late: by invoice for an order on account, else as a payable order.
 */

const returnRef = (rid: string) => collections.returns().doc(rid);

/** The stored claim of a request (null: not a warranty claim). */
export function warrantyClaimOf(input: ReturnRequest): WarrantyDoc<Timestamp> | null {
  if (!input.warranty) return null;
  return {
    ...input.warranty,
    replacementBookingId: null,
    replacementOrderNumber: null,
    failedPartDueOn: null,
    charged: null,
  };
}

/**
 * The approval of a requested warranty claim, in the approving transaction after its reads: the
 * replacement (same tools and quantities, at 0, paid, its stock reserved or backordered), the
 * return approved with no restocking fee and the part's due day, and one email to the buyer.
 */
export async function approveWarrantyClaim(tx: Transaction, rid: string, r: ReturnDoc, b: BookingDoc): Promise<ReturnDoc> {
  const at = Timestamp.now();
  const replacement = await planWarrantyReplacement(tx, {
    original: b,
    lines: r.lines.map((l) => ({ toolId: l.toolId, quantity: l.quantity })),
    replacementFor: { returnId: rid, rmaNumber: r.rmaNumber, bookingId: r.bookingId },
    at,
  });
  const warranty: WarrantyDoc<Timestamp> = {
    ...r.warranty!,
    replacementBookingId: replacement.bookingId,
    replacementOrderNumber: replacement.orderNumber,
    failedPartDueOn: failedPartDueOn(at.toDate(), warrantyReturnDays()),
  };
  const after: ReturnDoc = { ...r, state: 'approved', restockingFeePercent: 0, approvedAt: at, version: r.version + 1, warranty };
  replacement.write();
  tx.update(returnRef(rid), { state: after.state, restockingFeePercent: 0, approvedAt: at, version: after.version, warranty });
  queueReturnEmail(tx, 'approved', rid, after);
  return after;
}

/** The replacement's lines at the original order's unit prices, and each line's tax at the original's rate (cents). */
export function lateCharge(r: Pick<ReturnFields, 'lines'>, original: BookingDoc, replacement: BookingDoc) {
  const orig = orderLinesOf(original);
  const taxOf = new Map((original.tax?.lines ?? []).map((t) => [t.lineId, t]));
  const lines: BookingLineDoc[] = orderLinesOf(replacement).map((l, i) => {
    const from = orig[Number(r.lines[i]?.lineId)];
    const unitPriceCents = from?.unitPriceCents ?? 0;
    return { ...l, unitPriceCents, lineTotalCents: unitPriceCents * l.quantity };
  });
  const taxLines = lines.map((l, i) => {
    const id = r.lines[i]?.lineId ?? '';
    const from = orig[Number(id)];
    const t = taxOf.get(id);
    return {
      lineId: String(i),
      amountCents: t && from ? taxShare(t.amountCents, l.quantity, from.quantity) : 0,
      ...(t?.taxCode ? { taxCode: t.taxCode } : {}),
    };
  });
  const partsCents = lines.reduce((n, l) => n + l.lineTotalCents, 0);
  const taxCents = taxLines.reduce((n, l) => n + l.amountCents, 0);
  const tax: OrderTaxDoc | null = original.tax ? { ...original.tax, amountCents: taxCents, lines: taxLines, shippingCents: 0, transactionId: null } : null;
  return { lines, partsCents, taxCents, totalCents: partsCents + taxCents, tax };
}

/**
 * Charges one late claim's replacement, once: in one transaction the return (still approved, not
 * charged, past its due day), the replacement and the original order are read; the replacement is
 * priced at the original unit prices with the original's tax rate, and either put on the company's
 * account (an original order on account: pending invoice, the company's open credit raised; the
 * invoice issued after the commit, or by the sweep's pending invoices) or made payable (paid
 * false: the buyer pays it from the order page). The charge is marked on the claim
 * (`warranty.charged`) in the same commit, with the buyer's email. Answers whether it charged.
 */
export async function chargeLateClaim(rid: string, now: Date): Promise<boolean> {
  const charged = await db.runTransaction(async (tx): Promise<{ invoice: string | null } | null> => {
    const r = (await tx.get(returnRef(rid))).data();
    const w = r?.warranty;
    if (!r || r.state !== 'approved' || !w || w.charged || !w.replacementBookingId || !w.failedPartDueOn || !isPartLate(w.failedPartDueOn, now)) return null;
    const [origSnap, replSnap] = await tx.getAll(bookingRef(r.bookingId), bookingRef(w.replacementBookingId));
    const original = origSnap.data() as BookingDoc | undefined;
    const replacement = replSnap.data() as BookingDoc | undefined;
    if (!original || !replacement) return null;
    const companyRef = original.companyId ? collections.companies().doc(original.companyId) : null;
    const company = companyRef ? (await tx.get(companyRef)).data() : undefined;
    const onAccount = original.payment?.method === 'invoice' && paysOnAccount(company);
    const c = lateCharge(r, original, replacement);
    const at = Timestamp.fromDate(now);
    const first = c.lines[0];
    const priced = {
      lines: c.lines,
      unitPriceCents: first?.unitPriceCents ?? 0,
      totalCents: c.totalCents,
      tax: c.tax,
      paid: false,
      paidAt: null,
    };
    if (onAccount) {
      // The goods have gone: the charge is put on the account whatever the credit limit.
      tx.update(companyRef!, { openInvoiceCents: company!.openInvoiceCents + c.totalCents });
      tx.update(bookingRef(w.replacementBookingId), { ...priced, payment: pendingPayment(), invoiceStatus: 'pending' });
    } else {
      tx.update(bookingRef(w.replacementBookingId), priced);
    }
    const warranty: WarrantyDoc<Timestamp> = { ...w, charged: { at, method: onAccount ? 'invoice' : 'payable-order', amountCents: c.totalCents } };
    const after: ReturnDoc = { ...r, warranty, version: r.version + 1 };
    tx.update(returnRef(rid), { warranty, version: after.version });
    queueReturnEmail(tx, 'charged', rid, after);
    return { invoice: onAccount ? w.replacementBookingId : null };
  });
  if (charged?.invoice) await issueInvoiceSafely(charged.invoice);
  return charged !== null;
}

/** The sweep's part: approved warranty claims whose failed part is late, each charged once. */
export async function chargeLateWarranties(now: Date, limit: number): Promise<{ charged: number; errors: number }> {
  const approved = await collections
    .returns()
    .where('state', '==', 'approved')
    .limit(limit * 5)
    .get();
  let charged = 0;
  let errors = 0;
  for (const d of approved.docs) {
    const w = d.data().warranty;
    if (!w || w.charged || !w.failedPartDueOn || !isPartLate(w.failedPartDueOn, now)) continue;
    try {
      if (await chargeLateClaim(d.id, now)) charged++;
    } catch (err) {
      logs.sweepError(d.data().bookingId, err);
      errors++;
    }
  }
  return { charged, errors };
}
