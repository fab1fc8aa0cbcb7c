import StripeSdk from 'stripe';
import { Timestamp } from 'firebase-admin/firestore';
import type { ReturnRefundDoc } from '@fridgeparts/common/documents/returns';
import type { RefundBreakdown } from '@fridgeparts/common/returns/returns';
import type { Return } from '@fridgeparts/common/returns/returns.answers';
import { collections, db, type BookingDoc, type ReturnDoc } from '../../data/firestore';
import { conflict } from '../../errors';
import { logs } from '../../logs';
import { atProvider, type Stripe } from '../stripe-client';
import { queueReturnEmail } from '../mail/mail-outbox';
import { bookingRef } from '../booking-records';
import { SHIPPING_INVOICE_LINE } from '../shipping/invoice';
import { readReturn, returnAnswer, returnRef } from './returns';
import { refundCentsOf, refundDueOf } from './return-rules';

/**
 * POST /booking/{id}/returns/{rid}/refund (shop admin; CONTRACT §16, decision 0086): the refund of
 * a received return, made once. What it refunds is a pure function of the counted lines and the
 * order (return-rules.ts refundDueOf, common returns.ts refundBreakdown), so every attempt asks
 * the provider for the same thing under the same Idempotency-Key: two refunds at once, or a retry
 * after a lost answer, make one at Stripe, and the transaction that records it finds the return
 * refunded the second time and answers the same.
 * - A card order: a Stripe Refund of the total on its PaymentIntent (`return-refund-<rid>`), and a
 *   partial reversal of its tax transaction (reference = the RMA number; skipped without one).
 * - An order on account (Net 30): a Stripe credit note on its invoice (`return-credit-note-<rid>`):
 *   the invoice lines of the returned order lines by their tax-exclusive amounts (parts less fee)
 *   and the shipping line when shipping is refunded; Stripe adds each line's tax in proportion.
 *   What it takes off the amount still due (its pre-payment part) lowers the company's
 *   `openInvoiceCents` in the transaction that records it (and is kept on the order as
 *   `returnCreditedCents`, so the invoice's payment later frees only the rest); what is past the
 *   amount due, all of it on a paid invoice, goes to the customer's balance (`credit_amount`).
 */

export const returnRefundKey = (rid: string) => `return-refund-${rid}`;
export const returnTaxReversalKey = (rid: string) => `return-tax-reversal-${rid}`;
export const returnCreditNoteKey = (rid: string) => `return-credit-note-${rid}`;

/** The reasons a credit note gives Stripe: the part was wrong, broken or spoilt, else the order changed. */
const UNSATISFACTORY: readonly string[] = ['defective', 'damaged-in-transit', 'wrong-part'];

/** Stripe refusing a request as such (not an outage): the shop admin is told why, 409. */
function refused(err: unknown, what: string): never {
  if (err instanceof StripeSdk.errors.StripeInvalidRequestError || err instanceof StripeSdk.errors.StripeIdempotencyError)
    throw conflict(`Stripe refused the ${what}: ${err.message}`);
  throw err;
}

/** The card refund of `due` on the order's PaymentIntent; null when nothing is due. */
async function cardRefund(rid: string, r: ReturnDoc, b: BookingDoc, due: RefundBreakdown): Promise<string | null> {
  if (due.totalCents <= 0) return null;
  const intentId = b.paymentIntentId ?? b.transactionId;
  if (!intentId) throw conflict('This order has no card payment to refund.');
  const refund = await atProvider((s) =>
    s.refunds.create(
      { payment_intent: intentId, amount: due.totalCents, metadata: { bookingId: r.bookingId, returnId: rid, rmaNumber: r.rmaNumber } },
      { idempotencyKey: returnRefundKey(rid) },
    ),
  ).catch((err: unknown) => refused(err, 'refund'));
  return refund.id;
}

/** Stripe refusing a reference another transaction has (a local stack whose Firestore was cleared numbers RMAs again). */
const isReferenceTaken = (err: unknown): boolean => err instanceof StripeSdk.errors.StripeInvalidRequestError && err.param === 'reference';

/**
 * Reverses the tax of what `due` refunds on the order's tax transaction (mode partial): each order
 * line's refunded amount (parts less fee) and tax, and the shipping when refunded. Null when the
 * order has no tax transaction or nothing to reverse.
 */
async function taxReversal(rid: string, r: ReturnDoc, b: BookingDoc, due: RefundBreakdown): Promise<string | null> {
  const original = b.tax?.transactionId;
  if (!original) return null;
  const txn = await atProvider((s) => s.tax.transactions.retrieve(original, { expand: ['line_items'] }));
  const byReference = new Map((txn.line_items?.data ?? []).map((li) => [li.reference, li]));
  const received = new Map(r.lines.map((l) => [l.lineId, l.reason === 'core' ? l.quantity : l.resaleableQuantity + l.damagedQuantity]));
  const lineItems: Stripe.Tax.TransactionCreateReversalParams.LineItem[] = [];
  for (const l of due.lines) {
    const li = byReference.get(l.reference ?? l.lineId);
    const amount = l.partsCents - l.feeCents;
    if (!li || (amount === 0 && l.taxCents === 0)) continue;
    lineItems.push({
      original_line_item: li.id,
      reference: `${r.rmaNumber}-${l.reference ?? l.lineId}`,
      amount: -amount,
      amount_tax: -l.taxCents,
      quantity: Math.max(1, Math.min(li.quantity, received.get(l.lineId) ?? 1)),
    });
  }
  const shipping =
    txn.shipping_cost && (due.shippingCents > 0 || due.shippingTaxCents > 0) ? { amount: -due.shippingCents, amount_tax: -due.shippingTaxCents } : null;
  if (lineItems.length === 0 && !shipping) return null;
  const reverse = (reference: string, idempotencyKey: string) =>
    atProvider((s) =>
      s.tax.transactions.createReversal(
        {
          mode: 'partial',
          original_transaction: original,
          reference,
          ...(lineItems.length > 0 ? { line_items: lineItems } : {}),
          ...(shipping ? { shipping_cost: shipping } : {}),
          metadata: { bookingId: r.bookingId, returnId: rid },
        },
        { idempotencyKey },
      ),
    );
  try {
    return (await reverse(r.rmaNumber, returnTaxReversalKey(rid))).id;
  } catch (err) {
    if (!isReferenceTaken(err)) return refused(err, 'tax reversal');
    return (await reverse(`${r.rmaNumber}-${rid}`, `${returnTaxReversalKey(rid)}-by-id`).catch((e: unknown) => refused(e, 'tax reversal'))).id;
  }
}

/** A credit note issued for a return: its id, its total and what it took off the amount still due. */
interface CreditNote {
  id: string;
  totalCents: number;
  prePaymentCents: number;
}

/**
 * The credit note of `due` on the order's invoice (see above). Its lines are found by the
 * metadata the shop gave the invoice items (`line`: the order line's index, or `shipping`).
 */
async function creditNote(rid: string, r: ReturnDoc, b: BookingDoc, due: RefundBreakdown): Promise<CreditNote | null> {
  const invoiceId = b.payment?.invoiceId;
  if (!invoiceId) throw conflict('This order’s invoice has not been issued yet, so there is nothing to credit. Try again once it is issued.');
  if (due.totalCents <= 0) return null;
  const [invoice, items] = await Promise.all([
    atProvider((s) => s.invoices.retrieve(invoiceId)),
    atProvider((s) => s.invoices.listLineItems(invoiceId, { limit: 100 })),
  ]);
  const byLine = new Map(items.data.map((li) => [li.metadata?.line, li.id]));
  const lines: Stripe.CreditNoteCreateParams.Line[] = [];
  for (const l of due.lines) {
    const amount = l.partsCents - l.feeCents;
    const item = byLine.get(l.reference ?? l.lineId);
    if (amount <= 0) continue;
    if (!item) throw conflict(`The invoice ${invoice.number ?? invoiceId} has no line for order line ${l.lineId}, so it can not be credited.`);
    lines.push({ type: 'invoice_line_item', invoice_line_item: item, amount });
  }
  if (due.shippingCents > 0) {
    const item = byLine.get(SHIPPING_INVOICE_LINE);
    if (item) lines.push({ type: 'invoice_line_item', invoice_line_item: item, amount: due.shippingCents });
  }
  if (lines.length === 0) return null;
  const reason = r.lines.some((l) => UNSATISFACTORY.includes(l.reason) && l.resaleableQuantity + l.damagedQuantity > 0)
    ? 'product_unsatisfactory'
    : 'order_change';
  const base = {
    invoice: invoiceId,
    lines,
    reason,
    memo: `Return ${r.rmaNumber}`,
    metadata: { bookingId: r.bookingId, returnId: rid, rmaNumber: r.rmaNumber },
  } as const;
  // A credit note this return already has (a refund racing this one, or an earlier attempt whose
  // record was lost): the invoice has changed since, so asking again would ask for something else.
  const issued = async () =>
    (await atProvider((s) => s.creditNotes.list({ invoice: invoiceId, limit: 100 }))).data.find((n) => n.metadata?.returnId === rid && n.status === 'issued');
  let note = await issued();
  if (!note) {
    try {
      // What is past the amount still due (all of it on a paid invoice) goes to the customer's balance, said so.
      const preview = await atProvider((s) => s.creditNotes.preview(base));
      const amountDue = invoice.status === 'open' ? invoice.amount_remaining : 0;
      const post = Math.max(0, preview.total - amountDue);
      note = await atProvider((s) =>
        s.creditNotes.create({ ...base, ...(post > 0 ? { credit_amount: post } : {}) }, { idempotencyKey: returnCreditNoteKey(rid) }),
      );
    } catch (err) {
      note = await issued();
      if (!note) refused(err, 'credit note');
    }
  }
  return { id: note.id, totalCents: note.total, prePaymentCents: note.pre_payment_amount };
}

/** Reads the return and its order, outside a transaction (the provider is called before the record). */
async function readBoth(bookingId: string, rid: string): Promise<{ r: ReturnDoc; b: BookingDoc }> {
  return db.runTransaction((tx) => readReturn(tx, bookingId, rid));
}

/** The refund of a received return, once (see above); a refunded one answers as it is. */
export async function refundReturn(bookingId: string, rid: string): Promise<Return> {
  const { r, b } = await readBoth(bookingId, rid);
  if (r.state === 'refunded') return returnAnswer(rid, r, b);
  if (r.state !== 'received') throw conflict(`Return ${r.rmaNumber} is ${r.state}: its parts must be received before it is refunded.`);
  const due = refundDueOf(r, b);
  const onAccount = b.payment?.method === 'invoice';
  let refund: ReturnRefundDoc;
  let credit: CreditNote | null = null;
  if (onAccount) {
    credit = await creditNote(rid, r, b, due);
    // The credit note's total is Stripe's (each line's tax in proportion, as the order's was): its tax is what it says.
    const cents = refundCentsOf(due);
    const taxCents = credit ? credit.totalCents - (cents.partsCents - cents.feeCents + cents.shippingCents) : cents.taxCents;
    refund = {
      ...cents,
      taxCents,
      totalCents: credit?.totalCents ?? cents.totalCents,
      method: 'credit-note',
      refundId: null,
      creditNoteId: credit?.id ?? null,
      taxReversalId: null,
    };
  } else {
    const refundId = await cardRefund(rid, r, b, due);
    const taxReversalId = await taxReversal(rid, r, b, due);
    refund = { ...refundCentsOf(due), method: 'card', refundId, creditNoteId: null, taxReversalId };
  }
  const companyRef = onAccount && b.companyId ? collections.companies().doc(b.companyId) : null;
  return db.runTransaction(async (tx) => {
    const now = await readReturn(tx, bookingId, rid);
    if (now.r.state === 'refunded') return returnAnswer(rid, now.r, now.b);
    if (now.r.state !== 'received') throw conflict(`Return ${now.r.rmaNumber} is ${now.r.state}, so it is not refunded.`);
    const company = companyRef ? (await tx.get(companyRef)).data() : undefined;
    const after: ReturnDoc = { ...now.r, state: 'refunded', refund, refundedAt: Timestamp.now(), version: now.r.version + 1 };
    if (credit && credit.prePaymentCents > 0) {
      // What the credit note took off the invoice is no longer open on the company's credit.
      if (companyRef && company) tx.update(companyRef, { openInvoiceCents: Math.max(0, company.openInvoiceCents - credit.prePaymentCents) });
      tx.update(bookingRef(bookingId), { returnCreditedCents: (now.b.returnCreditedCents ?? 0) + credit.prePaymentCents });
    }
    tx.update(returnRef(rid), { state: after.state, refund, refundedAt: after.refundedAt, version: after.version });
    queueReturnEmail(tx, 'refunded', rid, after);
    logs.returnRefunded(bookingId, rid, refund.method, refund.totalCents);
    return returnAnswer(rid, after, now.b);
  });
}
