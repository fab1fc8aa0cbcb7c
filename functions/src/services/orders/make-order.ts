import { coreReturnDays } from '../../config';
import type { DocumentReference, Transaction } from 'firebase-admin/firestore';
import type { Booking } from '@fridgeparts/common/booking';
import { bookingFromDoc, reservedOrderDoc } from '@fridgeparts/common/documents/bookings';
import { collections, db, type BookingDoc } from '../../data/firestore';
import { logs } from '../../logs';
import { stockWrite } from '../catalog/catalog';
import type { Caller } from '../caller';
import { companyOrderFields, type OrderCompany } from '../companies/company-side';
import { companyPricesFor, type ContractPrices } from '../companies/contract-prices';
import { afterOrderPlaced, confirmOnAccountInTx } from '../payments/invoices';
import { queueApprovalEmails, queueOrderEmail } from '../mail/mail-outbox';
import type { ShippingChoice } from '@fridgeparts/common/shipping/order';
import { orderShippingFields, planOrderShipping } from '../shipping/quote';
import { assertPayableTotal, coreDepositOf, now, planOrderLines, type LineProblem, type ResolvedLine } from './order-lines';
import { planBackorders } from './backorders';
import { orderTaxBasis, placeWithTax, TaxNeeded } from '../tax/order-tax';
import { basisKey, calculateTax, type TaxQuote } from '../tax/calculate';
import { basisExemption } from '../tax/exemption-tax';

/**
 * The one frame every order is made in (POST /booking, POST /booking/quick, POST /booking/checkout;
 * decision 0072), so no way of ordering can forget a step of it: one transaction in which the way
 * reads what it needs and drafts the order (`draft`: its lines, contact and company), placeOrder
 * makes it, and the draft's `alsoWrite` adds the way's own writes (checkout's emptied cart); then, after the
 * commit, the order is logged and, confirmed on account, its Net 30 invoice issued (or, if the
 * provider fails, by the sweep). The answer is the order as it stands after that step.
 */
export async function makeOrder(
  caller: Caller,
  draft: (tx: Transaction) => Promise<OrderDraft & { alsoWrite?: (booking: BookingDoc) => void }>,
): Promise<Booking> {
  const ref = collections.bookings().doc();
  // CONTRACT §15 (decision 0083): the tax is asked of Stripe outside the transaction (a retried
  // transaction must not call out again). The first pass reads and prices everything and stops
  // before any write with the basis to calculate; the next pass places the order only when its
  // lines, shipping and ship-to priced in its own reads are exactly the basis of the calculation
  // it carries (order-tax.ts placeWithTax: a changed price means a new calculation, 409 after three).
  const doc = await placeWithTax(
    (tax) =>
      db.runTransaction(async (tx) => {
        const { alsoWrite, ...drafted } = await draft(tx);
        const booking = await placeOrder(tx, { ref, buyer: caller, ...drafted, tax });
        alsoWrite?.(booking);
        return booking;
      }),
    calculateTax,
  );
  // After the commit, the same for every order.
  logs.orderCreated(ref.id, doc);
  return bookingFromDoc(ref.id, await afterOrderPlaced(ref.id, doc), undefined, coreReturnDays());
}

/** What a way of ordering hands placeOrder (makeOrder), read in the order's transaction. */
export interface OrderDraft {
  lines: ResolvedLine[];
  contact: Pick<BookingDoc, 'phone' | 'address'>;
  poNumber: string | null;
  refuse: (problems: LineProblem[]) => Error;
  /**
   * The buyer's company, read in the transaction (company-side.ts orderCompanyIn; null: in none):
   * where it ships, whether it waits for approval, whether it is on account, and its contract prices.
   */
  company: OrderCompany | null;
  prices?: ContractPrices;
  /** CONTRACT §14: the method asked for and the address object, as the body gave them (shipping/quote.ts). */
  shipping?: ShippingChoice;
  /** CONTRACT §14: wait for every line before shipping (default false). */
  shipComplete?: boolean;
}

/**
 * Makes an order of the lines whose tools the transaction has read: plans them (planOrderLines);
 * if any line can not be booked, throws what `refuse` makes of the problems and nothing is written.
 * Lines are priced for the buyer: their company's contract prices, read here for the company the
 * caller has read in this transaction (company-side.ts orderCompanyIn, the one read of the buyer's
 * membership and company per order), unless the caller passes `prices`. Otherwise reads the order
 * counter (the transaction's last read), then writes each tool's stock once (whatever the number
 * of its lines), the counter, the order and its email: 'booked', or the waiting emails of an order
 * over the buyer's spending limit (decision 0056). A net30 company's order within the limit is
 * confirmed on account instead (its credit checked and taken here, decision 0058); its email waits
 * for the invoice, which the caller issues after the commit (invoices.ts afterOrderPlaced). Returns
 * the stored order; makeOrder, whose transaction it runs in, logs it and issues its invoice once
 * the transaction has committed.
 */
async function placeOrder(tx: Transaction, o: OrderDraft & { ref: DocumentReference<BookingDoc>; buyer: Caller; tax: TaxQuote | null }): Promise<BookingDoc> {
  const toolIds = o.lines.flatMap((l) => ('ref' in l ? [l.ref.id] : []));
  // The caller has read the buyer's company (or found none): no second read of the membership.
  const prices = o.prices ?? (await companyPricesFor(o.company?.companyId ?? null, toolIds, tx));
  const { planned, problems } = planOrderLines(o.lines, prices);
  if (problems.length > 0) throw o.refuse(problems);
  // CONTRACT §14: the methods are read here, before the counter and every write; the total a card
  // is charged includes the shipping, so it is checked again with it.
  const shipping = await planOrderShipping(tx, {
    choice: o.shipping ?? {},
    shipTo: o.company?.shipTo?.address ?? null,
    lines: planned.map((l) => ({ tool: l.tool, quantity: l.quantity, totalCents: l.plan.totalCents })),
  });
  const linesCents = planned.reduce((sum, l) => sum + l.plan.totalCents + coreDepositOf(l.tool, l.quantity), 0);
  if (shipping.shipping) assertPayableTotal(linesCents + shipping.shipping.amountCents, { beforeTax: true });
  // CONTRACT §15: the tax of exactly these lines, this shipping and this ship-to, or (before any
  // write) back to makeOrder for its calculation. The total with tax is a card's to pay too.
  // Decision 0084: to a ship-to with an approved, valid certificate for its state, exempt.
  const basis = orderTaxBasis(planned, shipping, o.company?.shipTo?.address ?? null, o.shipping ?? {}, basisExemption(o.company));
  if (!o.tax || o.tax.key !== basisKey(basis))
    throw new TaxNeeded(basis, o.company?.shipTo ? 'shipToId' : o.shipping?.shippingAddress ? 'shippingAddress' : 'address');
  const tax = o.tax.tax;
  assertPayableTotal(linesCents + (shipping.shipping?.amountCents ?? 0) + tax.amountCents);
  const createdAt = now();
  const order = await reserveOrderNumbers(tx, 1, createdAt.toDate());
  const remaining = new Map<string, number>();
  for (const line of planned) remaining.set(line.toolRef.id, (remaining.get(line.toolRef.id) ?? line.tool.availableQuantity) - line.reserved);
  // CONTRACT §14 (decision 0080): what the shelf can not cover waits in the tool's queue, behind
  // the tool's open backorders, each line with the day its place in the queue is expected.
  const backorders = planBackorders(o.ref.id, planned, createdAt.toDate());
  const first = planned[0];
  const reserved = reservedOrderDoc({
    buyer: o.buyer,
    lines: planned.map((l, i) => ({
      toolId: l.toolRef.id,
      tool: l.tool,
      quantity: l.quantity,
      plan: l.plan,
      resolvedFrom: l.resolvedFrom,
      ...(backorders.lines[i] ? { backordered: backorders.lines[i] } : {}),
    })),
    remaining: remaining.get(first.toolRef.id) ?? first.tool.availableQuantity,
    contact: o.contact,
    poNumber: o.poNumber,
    orderNumber: order.numbers[0],
    createdAt,
  });
  const withShipping = { ...reserved, ...orderShippingFields(shipping, reserved.totalCents) };
  const shipped = { ...withShipping, tax, totalCents: withShipping.totalCents + tax.amountCents };
  // Where the lifecycle places it (companyOrderFields: waiting, on account, or reserved).
  const booking: BookingDoc = {
    ...shipped,
    ...companyOrderFields(o.company, shipped.totalCents, createdAt),
    shipComplete: o.shipComplete === true,
  };
  // On account (decision 0058): the credit limit checked and taken here (409 before anything
  // commits). An order waiting for approval takes no credit yet: its approval does (approvals.ts).
  if (o.company && booking.state === 'confirmed') Object.assign(booking, confirmOnAccountInTx(tx, o.company, booking));
  const openBefore = new Map(planned.map((l) => [l.toolRef.id, l.tool.backorderedQuantity ?? 0]));
  for (const [toolId, left] of remaining) {
    // The tool as read in this transaction: its open backorders plus this order's.
    const waiting = backorders.byTool.get(toolId) ?? 0;
    tx.update(collections.tools().doc(toolId), {
      ...stockWrite(left),
      ...(waiting > 0 ? { backorderedQuantity: (openBefore.get(toolId) ?? 0) + waiting } : {}),
    });
  }
  order.commit();
  tx.create(o.ref, booking);
  for (const entry of backorders.entries) tx.create(collections.backorders().doc(entry.id), { ...entry.doc, placedAt: createdAt });
  queueNewOrderEmails(tx, o.ref.id, booking, o.company);
  return booking;
}

/**
 * A new order's emails: the buyer's 'booked' email, or for an order waiting for approval the
 * waiting email to the buyer (it replaces 'booked': there is nothing to pay yet) and to each
 * company admin. An order confirmed on account gets its 'booked' email once its invoice is
 * issued, since the invoice's link is the point of it (invoices.ts issueInvoice).
 */
function queueNewOrderEmails(tx: Transaction, bookingId: string, b: BookingDoc, c: OrderCompany | null): void {
  if (c && b.state === 'awaiting-approval') queueApprovalEmails(tx, 'awaiting-approval', bookingId, b, c.admins);
  else if (!b.payment) queueOrderEmail(tx, 'booked', bookingId, b);
}

const ORDER_COUNTER = () => collections.counters().doc('orders');

/**
 * Reserves `count` order numbers: FP-<year>-<6-digit sequence>, the sequence restarting each
 * year. Read here (before any write of the transaction); the returned `commit` writes the counter.
 */
export async function reserveOrderNumbers(tx: Transaction, count: number, now: Date): Promise<{ numbers: string[]; commit: () => void }> {
  const ref = ORDER_COUNTER();
  const current = (await tx.get(ref)).data();
  const year = now.getUTCFullYear();
  const start = current && current.year === year ? current.seq : 0;
  const numbers = Array.from({ length: count }, (_, i) => `FP-${year}-${String(start + i + 1).padStart(6, '0')}`);
  return { numbers, commit: () => tx.set(ref, { year, seq: start + count }) };
}
