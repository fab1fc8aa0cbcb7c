import { CORE_DEPOSIT_LABEL } from '@fridgeparts/common/returns/returns';
import { Timestamp, type Transaction } from 'firebase-admin/firestore';
import { orderLinesOf } from '@fridgeparts/common/documents/bookings';
import { companyInvoiceFromDoc } from '@fridgeparts/common/documents/invoices';
import { INVOICE_PAYMENT_STATUSES, type InvoicePaymentStatus } from '@fridgeparts/common/invoice';
import type { CompanyInvoicesQuery } from '@fridgeparts/common/invoice.schema';
import type { CompanyInvoice } from '@fridgeparts/common/invoice.answers';
import { formatCents } from '@fridgeparts/common/money';
import { collections, db, type BookingDoc, type CompanyDoc } from '../../data/firestore';
import { conflict, notFound } from '../../errors';
import { logs } from '../../logs';
import { bookingRef } from '../booking-records';
import { queueOrderEmail } from '../mail/mail-outbox';
import { readPage, type Page } from '../pagination';
import { SHIPPING_INVOICE_LINE, shippingInvoiceItem } from '../shipping/invoice';
import { CURRENCY } from './payment-rules';
import { DEFAULT_TAX_CODE, taxAddressOf } from '@fridgeparts/common/tax/tax';
import { SHOP_ADDRESS } from '@fridgeparts/common/shipping/order';
import StripeSdk from 'stripe';
import { atProvider, type Stripe } from '../stripe-client';

/**
 * Pay on account (CONTRACT §10, decision 0058). An order of a member of a net30 company is placed
 * `confirmed` with `payment.status: 'pending'` and its total added to the company's
 * `openInvoiceCents`, in the order's own transaction (the credit limit checked there); then,
 * after the commit, its Stripe invoice is made and finalized (issueInvoice) and the order records
 * it (`open`, the hosted link, the due date) and queues its confirmation email. Every Stripe call
 * carries an idempotency key derived from the order (the Customer's from the company), so a retry
 * (the next read of the order, the sweep) finishes the same invoice and never makes a second one.
 */

/** The idempotency keys of an order's invoice and its company's Customer. */
export const invoiceKeys = {
  customer: (companyId: string) => `company-${companyId}-customer`,
  invoice: (bookingId: string) => `order-${bookingId}-invoice`,
  line: (bookingId: string, index: number) => `order-${bookingId}-invoice-line-${index}`,
  finalize: (bookingId: string) => `order-${bookingId}-invoice-finalize`,
};

export const DAYS_UNTIL_DUE = 30;

/** An order line's core deposit on its invoice: metadata `line` = `<index>-core` (decision 0088). */
export const coreInvoiceLine = (index: number | string): string => `${index}-core`;

/**
 * Why an order of `totalCents` would pass the company's credit limit, or null: open invoices plus
 * this order must stay at or under the limit. The message names the limit and the amount open.
 */
export function creditProblem(c: Pick<CompanyDoc, 'creditLimitCents' | 'openInvoiceCents'>, totalCents: number): string | null {
  const limit = c.creditLimitCents ?? 0;
  if (c.openInvoiceCents + totalCents <= limit) return null;
  return (
    `This order of ${formatCents(totalCents)} would pass your company's credit limit of ${formatCents(limit)}: ` +
    `${formatCents(c.openInvoiceCents)} is open in unpaid invoices, so at most ${formatCents(Math.max(limit - c.openInvoiceCents, 0))} more can be ordered on account. ` +
    'Pay an open invoice or ask the shop to raise the limit, then order again.'
  );
}

/** The fields an order on account is stored with until its invoice is finalized. */
export const pendingPayment = (): NonNullable<BookingDoc['payment']> => ({
  method: 'invoice',
  invoiceId: null,
  number: null,
  hostedInvoiceUrl: null,
  dueDate: null,
  status: 'pending',
});

/**
 * The transaction part of confirming an order on account (a new order in placeOrder, or an approved
 * one in approvals.ts decideApproval): refuses (409, nothing written) an order that would pass the
 * credit limit, else raises the company's `openInvoiceCents` by its total and answers the order's
 * fields (a pending invoice; its state, `confirmed`, is the lifecycle's move that calls this). Call it after every read of `tx`, with the company read
 * in it (approvals.ts orderCompanyIn, or the approval's own read); the caller writes the fields onto
 * the order and, after the commit, issues the invoice (afterOrderPlaced).
 */
export function confirmOnAccountInTx(
  tx: Transaction,
  account: { companyId: string; company: Pick<CompanyDoc, 'creditLimitCents' | 'openInvoiceCents'> },
  order: Pick<BookingDoc, 'totalCents'>,
): Pick<BookingDoc, 'payment' | 'companyId' | 'invoiceStatus'> {
  const problem = creditProblem(account.company, order.totalCents);
  if (problem) throw conflict(problem);
  tx.update(collections.companies().doc(account.companyId), { openInvoiceCents: account.company.openInvoiceCents + order.totalCents });
  return { payment: pendingPayment(), invoiceStatus: 'pending', companyId: account.companyId };
}

/** The company's one Stripe Customer: stored on the company, or made now (one even when raced). */
async function companyCustomer(companyId: string): Promise<string> {
  const ref = collections.companies().doc(companyId);
  const company = (await ref.get()).data();
  if (!company) throw conflict('This order’s company no longer exists, so its invoice can not be issued.');
  if (company.stripeCustomerId) return company.stripeCustomerId;
  const customer = await atProvider((s) =>
    s.customers.create({ name: company.name, metadata: { companyId } }, { idempotencyKey: invoiceKeys.customer(companyId) }),
  );
  await db.runTransaction(async (tx) => {
    const now = (await tx.get(ref)).data();
    if (now && !now.stripeCustomerId) tx.update(ref, { stripeCustomerId: customer.id });
  });
  return customer.id;
}

/** The invoice's fields the order keeps. */
export function paymentOf(inv: Stripe.Invoice, status: InvoicePaymentStatus): NonNullable<BookingDoc['payment']> {
  return {
    method: 'invoice',
    invoiceId: inv.id ?? null,
    number: inv.number ?? null,
    hostedInvoiceUrl: inv.hosted_invoice_url ?? null,
    dueDate: typeof inv.due_date === 'number' ? Timestamp.fromMillis(inv.due_date * 1000) : null,
    status,
  };
}

/**
 * The Stripe part: makes the pending invoice of an order on account, finalizes it and records it on
 * the order (`open`, its hosted link and due date) with the order's confirmation email, in one
 * transaction that only moves a pending payment. Safe to run any number of times, concurrently:
 * the invoice's id is stored as soon as it exists, lines already on it are not added again, and
 * every call repeats its idempotency key. Throws when the provider fails (the order stays pending).
 */
export async function issueInvoice(bookingId: string): Promise<BookingDoc | null> {
  const ref = bookingRef(bookingId);
  const b = (await ref.get()).data();
  if (!b?.payment || b.payment.status !== 'pending' || !b.companyId) return b ?? null;
  const customer = await companyCustomer(b.companyId);
  let invoice: Stripe.Invoice;
  if (b.payment.invoiceId) {
    invoice = await atProvider((s) => s.invoices.retrieve(b.payment!.invoiceId!));
  } else {
    invoice = await atProvider((s) =>
      s.invoices.create(
        {
          customer,
          collection_method: 'send_invoice',
          days_until_due: DAYS_UNTIL_DUE,
          currency: CURRENCY,
          // Only this order's items, never another pending item of the customer.
          pending_invoice_items_behavior: 'exclude',
          auto_advance: false,
          // CONTRACT §15: Stripe taxes each line at the Customer's shipping address (set before finalizing);
          // an order exempted by its ship-to's certificate is invoiced without tax (decision 0084): the
          // company's one Customer serves every ship-to, so it can not be marked exempt itself.
          automatic_tax: { enabled: b.tax?.reason !== 'customer_exempt' },
          ...(b.poNumber ? { custom_fields: [{ name: 'PO number', value: b.poNumber }] } : {}),
          description: `Order ${b.orderNumber ?? bookingId}`,
          metadata: { bookingId, orderNumber: b.orderNumber ?? '', companyId: b.companyId ?? '' },
        },
        { idempotencyKey: invoiceKeys.invoice(bookingId) },
      ),
    );
    const id = invoice.id!;
    // Stored at once, so a retry after Stripe's idempotency window still finds this invoice.
    await db.runTransaction(async (tx) => {
      const now = (await tx.get(ref)).data();
      if (now?.payment && now.payment.invoiceId === null) tx.update(ref, { payment: { ...now.payment, invoiceId: id } });
    });
  }
  const invoiceId = invoice.id!;
  if (invoice.status === 'draft') {
    // Lines already on the draft (an earlier attempt) carry their index; the rest are added in order.
    const present = await atProvider((s) => s.invoices.listLineItems(invoiceId, { limit: 100 }));
    const done = new Set(present.data.map((l) => l.metadata?.line));
    const lines = orderLinesOf(b);
    for (const [index, line] of lines.entries()) {
      if (done.has(String(index))) continue;
      await atProvider((s) =>
        s.invoiceItems.create(
          {
            customer,
            invoice: invoiceId,
            currency: CURRENCY,
            quantity: line.quantity,
            unit_amount_decimal: StripeSdk.Decimal.from(String(line.unitPriceCents)),
            description: `${line.name}${line.partNumber ? ` ${line.partNumber}` : ''}`.slice(0, 500),
            // CONTRACT §15: the code the order's calculation taxed the line under.
            tax_code: lineTaxCode(b, index),
            metadata: { bookingId, line: String(index) },
          },
          { idempotencyKey: invoiceKeys.line(bookingId, index) },
        ),
      );
    }
    // CONTRACT §16 (decision 0088): each line's core deposit, its own line under the line's tax code.
    for (const [index, line] of lines.entries()) {
      const deposit = line.coreDepositCents ?? 0;
      if (deposit <= 0 || done.has(coreInvoiceLine(index))) continue;
      await atProvider((s) =>
        s.invoiceItems.create(
          {
            customer,
            invoice: invoiceId,
            currency: CURRENCY,
            quantity: 1,
            unit_amount_decimal: StripeSdk.Decimal.from(String(deposit)),
            description: `${CORE_DEPOSIT_LABEL}: ${line.name}`.slice(0, 500),
            tax_code: lineTaxCode(b, index),
            metadata: { bookingId, line: coreInvoiceLine(index) },
          },
          { idempotencyKey: `${invoiceKeys.line(bookingId, index)}-core` },
        ),
      );
    }
    // CONTRACT §14: the shipping, one line after the parts (none for an order shipped free).
    const shippingItem = done.has(SHIPPING_INVOICE_LINE) ? null : shippingInvoiceItem(bookingId, b, customer, invoiceId, CURRENCY);
    if (shippingItem) await atProvider((s) => s.invoiceItems.create(shippingItem.params, shippingItem.options));
    // CONTRACT §15: the invoice's tax location is the Customer's shipping address, so it is the
    // order's ship-to when the invoice is finalized (decision 0083 says why it is set here).
    await atProvider((s) => s.customers.update(customer, { shipping: customerShipping(b) }));
    invoice = await atProvider((s) => s.invoices.finalizeInvoice(invoiceId, {}, { idempotencyKey: invoiceKeys.finalize(bookingId) }));
  }
  if (invoice.total !== b.totalCents) logs.invoiceMismatch(bookingId, invoiceId, invoice.total, b.totalCents);
  const after = await db.runTransaction(async (tx) => {
    const now = (await tx.get(ref)).data();
    if (!now?.payment) return now ?? null;
    const fields = paymentOf(invoice, now.payment.status === 'pending' ? 'open' : now.payment.status);
    // An event may have moved it on first (paid before it was recorded): keep that status, add the link.
    if (now.payment.status !== 'pending' && now.payment.hostedInvoiceUrl) return now;
    const next = { ...now, payment: fields, invoiceStatus: fields.status };
    tx.update(ref, { payment: fields, invoiceStatus: fields.status });
    // A charged warranty replacement's buyer was told by the claim's own email (decision 0087).
    if (now.payment.status === 'pending' && !now.replacementFor) queueOrderEmail(tx, 'booked', bookingId, next);
    return next;
  });
  logs.invoiceIssued(bookingId, invoiceId);
  return after;
}

/** The code an order line was taxed under (its calculation's), else general tangible goods. */
const lineTaxCode = (b: Pick<BookingDoc, 'tax'>, index: number): string => b.tax?.lines.find((l) => l.lineId === String(index))?.taxCode ?? DEFAULT_TAX_CODE;

/** Where an order is taxed, as a Stripe Customer's shipping: its ship-to, or the shop's own for a one-line address. */
function customerShipping(b: BookingDoc): Stripe.CustomerUpdateParams.Shipping {
  const a = taxAddressOf(b, SHOP_ADDRESS);
  return {
    name: b.userName || b.email,
    address: { line1: a.line1, line2: a.line2 ?? '', city: a.city, state: a.region ?? '', postal_code: a.postalCode, country: a.country },
  };
}

/** issueInvoice after an order's commit: a provider failure is logged and left to the next read or the sweep. */
export async function issueInvoiceSafely(bookingId: string): Promise<BookingDoc | null> {
  try {
    return await issueInvoice(bookingId);
  } catch (err) {
    logs.invoiceFailed(bookingId, err);
    return null;
  }
}

/** The order as it should be answered after its commit: with its invoice when one could be issued now. */
export async function afterOrderPlaced(bookingId: string, doc: BookingDoc): Promise<BookingDoc> {
  if (doc.payment?.status !== 'pending') return doc;
  return (await issueInvoiceSafely(bookingId)) ?? doc;
}

/** The sweep's part: issues the invoices still pending (the provider failed after their orders committed). */
export async function issuePendingInvoices(limit: number): Promise<{ issued: number; errors: number }> {
  const pending = await collections.bookings().where('invoiceStatus', '==', 'pending').limit(limit).get();
  let issued = 0;
  let errors = 0;
  for (const d of pending.docs) {
    try {
      if ((await issueInvoice(d.id))?.payment?.status !== 'pending') issued++;
    } catch (err) {
      logs.invoiceFailed(d.id, err);
      errors++;
    }
  }
  return { issued, errors };
}

/**
 * GET /companies/{id}/invoices (shop admin): the company's orders on account, newest first, a page
 * at a time (index bookings companyId + invoiceStatus + createdAt); 404 for a company that does not exist.
 */
export async function listCompanyInvoices(companyId: string, q: CompanyInvoicesQuery): Promise<Page<CompanyInvoice>> {
  if (!(await collections.companies().doc(companyId).get()).exists) throw notFound(`There is no company with the id ${companyId}.`);
  const base = collections.bookings().where('companyId', '==', companyId);
  return readPage({
    query: base.where('invoiceStatus', 'in', q.status ? [q.status] : [...INVOICE_PAYMENT_STATUSES]),
    field: 'createdAt',
    dir: 'desc',
    limit: q.limit,
    cursor: q.cursor,
    map: (d) => companyInvoiceFromDoc(d.id, d.data()),
  });
}
