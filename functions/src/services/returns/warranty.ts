import { Timestamp, type Transaction } from 'firebase-admin/firestore';
import { orderLinesOf, type BookingLineDoc } from '@fridgeparts/common/documents/bookings';
import type { ReturnDoc as ReturnFields, WarrantyDoc } from '@fridgeparts/common/documents/returns';
import type { ReturnRequest } from '@fridgeparts/common/returns/returns.schema';
import { failedPartDueOn, isPartLate, taxShare } from '@fridgeparts/common/returns/warranty';
import { taxAddressOf, type OrderTaxDoc } from '@fridgeparts/common/tax/tax';
import { SHOP_ADDRESS } from '@fridgeparts/common/shipping/order';
import { collections, db, type BookingDoc, type ReturnDoc } from '../../data/firestore';
import { warrantyReturnDays } from '../../config';
import { logs } from '../../logs';
import { bookingRef, orderMove } from '../booking-records';
import { planWarrantyReplacement } from '../orders/warranty-replacement';
import { queueReturnEmail } from '../mail/mail-outbox';
import { issueInvoiceSafely, pendingPayment } from '../payments/invoices';
import { paysOnAccount } from '../companies/company-side';
import { basisKey, calculateTax, taxCodeOf, type TaxBasis, type TaxQuote } from '../tax/calculate';
import { NO_EXEMPTION } from '../tax/exemption-tax';
import { placeWithTax, TaxNeeded } from '../tax/order-tax';

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

/**
 * The replacement's lines at the original order's unit prices, and each line's tax at the
 * original's rate (cents): the original line's tax in proportion to the units, or, given, the
 * replacement's own calculation (a card charge: its payment records that calculation's transaction).
 */
export function lateCharge(r: Pick<ReturnFields, 'lines'>, original: BookingDoc, replacement: BookingDoc, calculated: OrderTaxDoc | null = null) {
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
  const shared: OrderTaxDoc | null = original.tax
    ? {
        ...original.tax,
        amountCents: taxLines.reduce((n, l) => n + l.amountCents, 0),
        lines: taxLines,
        shippingCents: 0,
        transactionId: null,
        reversalId: null,
      }
    : null;
  const tax = original.tax && calculated ? calculated : shared;
  const taxCents = tax?.amountCents ?? 0;
  return { lines, partsCents, taxCents, totalCents: partsCents + taxCents, tax };
}

/**
 * What a card charge's own calculation taxes (null: the original had no tax): the priced lines
 * under the original lines' tax codes, no shipping, the original's ship-to, and its certificate
 * when the original was exempt, so the replacement is taxed as the original was, now.
 */
export function lateChargeBasis(r: Pick<ReturnFields, 'lines'>, original: BookingDoc, lines: readonly BookingLineDoc[]): TaxBasis | null {
  if (!original.tax) return null;
  const codes = new Map(original.tax.lines.map((t) => [t.lineId, t.taxCode]));
  const exempt = original.tax.reason === 'customer_exempt' && original.tax.exemption ? original.tax.exemption : null;
  return {
    lines: lines.map((l, i) => ({
      reference: String(i),
      amountCents: l.lineTotalCents,
      quantity: l.quantity,
      taxCode: taxCodeOf({ taxCode: codes.get(r.lines[i]?.lineId ?? '') ?? null }),
    })),
    shippingCents: 0,
    address: taxAddressOf(original, SHOP_ADDRESS),
    ...NO_EXEMPTION,
    exemption: exempt,
  };
}

/**
 * Charges one late claim's replacement, once: in one transaction the return (still approved, not
 * charged, past its due day), the replacement and the original order are read; the replacement is
 * priced at the original unit prices and either put on the company's account (an original order on
 * account: the lifecycle's `charge-on-account`, so an unshipped one is `confirmed` until its
 * invoice is paid; pending invoice, the company's open credit raised; the invoice issued after the
 * commit, or by the sweep's pending invoices), its tax the original's share, or made payable by
 * card (paid false: the buyer pays it from the order page), its tax its own calculation, made
 * outside the transaction as a new order's (placeWithTax), so its payment records its tax
 * transaction like any card order's. The charge is marked on the claim (`warranty.charged`) in the
 * same commit, with the buyer's email. Answers whether it charged.
 */
export async function chargeLateClaim(rid: string, now: Date): Promise<boolean> {
  const charge = (quote: TaxQuote | null) =>
    db.runTransaction(async (tx): Promise<{ invoice: string | null } | null> => {
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
      const at = Timestamp.fromDate(now);
      // On account the replacement owes its invoice as any order on account (the one lifecycle, 0070).
      const owes = onAccount ? orderMove(replacement, 'charge-on-account', 'system', at) : null;
      if (owes && !owes.ok) return null;
      let c = lateCharge(r, original, replacement);
      const basis = onAccount ? null : lateChargeBasis(r, original, c.lines);
      if (basis) {
        if (!quote || quote.key !== basisKey(basis)) throw new TaxNeeded(basis, 'shippingAddress');
        c = lateCharge(r, original, replacement, quote.tax);
      }
      const first = c.lines[0];
      const priced = {
        lines: c.lines,
        unitPriceCents: first?.unitPriceCents ?? 0,
        totalCents: c.totalCents,
        tax: c.tax,
        paid: false,
        paidAt: null,
      };
      if (owes?.ok) {
        // The goods have gone: the charge is put on the account whatever the credit limit.
        tx.update(companyRef!, { openInvoiceCents: company!.openInvoiceCents + c.totalCents });
        tx.update(bookingRef(w.replacementBookingId), { ...priced, ...owes.set, payment: pendingPayment(), invoiceStatus: 'pending' });
      } else {
        tx.update(bookingRef(w.replacementBookingId), priced);
      }
      const warranty: WarrantyDoc<Timestamp> = { ...w, charged: { at, method: onAccount ? 'invoice' : 'payable-order', amountCents: c.totalCents } };
      const after: ReturnDoc = { ...r, warranty, version: r.version + 1 };
      tx.update(returnRef(rid), { warranty, version: after.version });
      queueReturnEmail(tx, 'charged', rid, after);
      return { invoice: onAccount ? w.replacementBookingId : null };
    });
  const charged = await placeWithTax(charge, (basis, field) => calculateTax(basis, field));
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
