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
import { orderReturnsOf, readReturn, returnAnswer, returnRef } from './returns';
import { nextRefundTurn, refundCentsOf, refundDueAmong, type OrderReturn } from './return-rules';

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
 * A refund never asks for more than is left (issue 47): its lines' tax, the shipping and its tax
 * are held to what the order's earlier refunded returns left (return-rules.ts capRefund), the card
 * refund to what the charge has not refunded to others, and each credit note line to what earlier
 * credit notes left of its invoice line.
 * Two returns of one order refunded at once (issue 44): before the provider is called, the return
 * takes its turn among the order's refunds in a transaction that reads every return of the order
 * (`refundTurn`, takeTurn below), so the two are held one after the other, never both to the same
 * remainder; the turn is kept, so a retry asks the provider for the same amounts under the same keys.
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

/** The most refunds of one payment read (a hundred a page): far past the returns an order can have. */
const REFUNDS_READ = 10_000;

/** What this return's own refunds on the charge came to (a refund made whose answer was lost), from all of them. */
const ownRefundedCents = (rid: string, refunds: readonly Pick<Stripe.Refund, 'amount' | 'metadata' | 'status'>[]): number =>
  refunds.filter((re) => re.metadata?.returnId === rid && re.status !== 'failed' && re.status !== 'canceled').reduce((n, re) => n + re.amount, 0);

/**
 * What the order's charge has left for this return: its amount less what was refunded, not
 * counting this return's own refund (so a retry after a lost answer asks for the same amount).
 * Its own refund is found among every refund of the payment, listed page by page: the charge
 * embeds only its newest 10 (`refunds.has_more`). Null when Stripe does not know the payment (the
 * refund itself then says why).
 */
async function chargeLeftFor(rid: string, intentId: string): Promise<number | null> {
  const intent = await atProvider((s) => s.paymentIntents.retrieve(intentId)).catch((err: unknown) => {
    if (err instanceof StripeSdk.errors.StripeInvalidRequestError) return null;
    throw err;
  });
  const chargeId = typeof intent?.latest_charge === 'string' ? intent.latest_charge : intent?.latest_charge?.id;
  if (!chargeId) return null;
  const [charge, refunds] = await Promise.all([
    atProvider((s) => s.charges.retrieve(chargeId)),
    atProvider((s) => s.refunds.list({ charge: chargeId, limit: 100 }).autoPagingToArray({ limit: REFUNDS_READ })),
  ]);
  return charge.amount_captured - charge.amount_refunded + ownRefundedCents(rid, refunds);
}

/** The card refund of `due` on the order's PaymentIntent, at most what the charge has left: its id and amount; null when nothing is due. */
async function cardRefund(rid: string, r: ReturnDoc, b: BookingDoc, due: RefundBreakdown): Promise<{ id: string; amountCents: number } | null> {
  if (due.totalCents <= 0) return null;
  const intentId = b.paymentIntentId ?? b.transactionId;
  if (!intentId) throw conflict('This order has no card payment to refund.');
  const left = await chargeLeftFor(rid, intentId);
  const amount = left === null ? due.totalCents : Math.min(due.totalCents, left);
  if (amount <= 0) throw conflict(`The order's card payment has nothing left to refund, so return ${r.rmaNumber} can not be refunded by card.`);
  const refund = await atProvider((s) =>
    s.refunds.create(
      { payment_intent: intentId, amount, metadata: { bookingId: r.bookingId, returnId: rid, rmaNumber: r.rmaNumber } },
      { idempotencyKey: returnRefundKey(rid) },
    ),
  ).catch((err: unknown) => refused(err, 'refund'));
  return { id: refund.id, amountCents: refund.amount };
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
  const [invoice, items, notes] = await Promise.all([
    atProvider((s) => s.invoices.retrieve(invoiceId)),
    atProvider((s) => s.invoices.listLineItems(invoiceId, { limit: 100 })),
    atProvider((s) => s.creditNotes.list({ invoice: invoiceId, limit: 100 })),
  ]);
  const byLine = new Map(items.data.map((li) => [li.metadata?.line, li]));
  // What the invoice's other credit notes took of each line (tax-exclusive), so no line is asked for more than it has left.
  const credited = new Map<string, number>();
  for (const n of notes.data.filter((n) => n.status === 'issued' && n.metadata?.returnId !== rid)) {
    const noteLines = n.lines.has_more ? (await atProvider((s) => s.creditNotes.listLineItems(n.id, { limit: 100 }))).data : n.lines.data;
    for (const nl of noteLines) if (nl.invoice_line_item) credited.set(nl.invoice_line_item, (credited.get(nl.invoice_line_item) ?? 0) + nl.amount);
  }
  const leftOf = (item: Stripe.InvoiceLineItem) => Math.max(0, item.amount - (credited.get(item.id) ?? 0));
  const lines: Stripe.CreditNoteCreateParams.Line[] = [];
  for (const l of due.lines) {
    const item = byLine.get(l.reference ?? l.lineId);
    if (l.partsCents - l.feeCents <= 0) continue;
    if (!item) throw conflict(`The invoice ${invoice.number ?? invoiceId} has no line for order line ${l.lineId}, so it can not be credited.`);
    const amount = Math.min(l.partsCents - l.feeCents, leftOf(item));
    if (amount > 0) lines.push({ type: 'invoice_line_item', invoice_line_item: item.id, amount });
  }
  const shippingItem = byLine.get(SHIPPING_INVOICE_LINE);
  const shippingAmount = shippingItem ? Math.min(due.shippingCents, leftOf(shippingItem)) : 0;
  if (shippingItem && shippingAmount > 0) lines.push({ type: 'invoice_line_item', invoice_line_item: shippingItem.id, amount: shippingAmount });
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

/**
 * Reads the return, its order and every return of the order, and a received return takes its turn
 * among the order's refunds (kept: a retry finds it taken), in one transaction that reads every
 * return of the order, so two returns taking a turn at once retry against each other and the
 * second is held to what the first leaves. The provider is called after it, before the record.
 */
async function takeTurn(bookingId: string, rid: string): Promise<{ r: ReturnDoc; b: BookingDoc; others: OrderReturn[] }> {
  return db.runTransaction(async (tx) => {
    const { r, b } = await readReturn(tx, bookingId, rid);
    const others = await orderReturnsOf(bookingId, tx);
    if (r.state !== 'received' || (r.refundTurn ?? 0) > 0) return { r, b, others };
    const refundTurn = nextRefundTurn(others);
    tx.update(returnRef(rid), { refundTurn });
    return { r: { ...r, refundTurn }, b, others };
  });
}

/** The refund of a received return, once (see above); a refunded one answers as it is. */
export async function refundReturn(bookingId: string, rid: string): Promise<Return> {
  const { r, b, others } = await takeTurn(bookingId, rid);
  if (r.state === 'refunded') return returnAnswer(rid, r, b);
  if (r.state !== 'received') throw conflict(`Return ${r.rmaNumber} is ${r.state}: its parts must be received before it is refunded.`);
  const due = refundDueAmong(rid, r, b, others);
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
    const card = await cardRefund(rid, r, b, due);
    const taxReversalId = await taxReversal(rid, r, b, due);
    // The charge's remainder when it had less left than the returns' arithmetic (a refund made by hand).
    const cents = refundCentsOf(due);
    refund = { ...cents, totalCents: card?.amountCents ?? cents.totalCents, method: 'card', refundId: card?.id ?? null, creditNoteId: null, taxReversalId };
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
