import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Timestamp } from 'firebase-admin/firestore';
import { API } from '../../common/src/api-paths';
import { chargeLateWarranties } from '../../functions/src/services/returns/warranty';
import { recordPendingTaxTransactions, recordTaxTransaction } from '../../functions/src/services/tax/transactions';
import { api, bearer } from '../support/api';
import type { TestUser } from '../support/auth';
import { db, makeTool } from '../support/firestore';
import { ADMIN, bookingDoc, catalogued, payWithCard, sendWebhook, stripe, useCast } from './fixtures';
import { checkedOut, companyDoc, DAY, net30Company, returnCalls, writeShippedOrder } from './returns-fixtures';
import { mailSettled } from './mail-inbox';

/**
 * Warranty claims (CONTRACT §16's Warranty bullet, issue 47 slice 2, decision 0087) through HTTP:
 * the claim's fields checked, the approval making one replacement at 0 (linked both ways) however
 * often or at once it is approved, the replacement shipping like any order, the failed part
 * received in time closing the claim with nothing charged, and a late part charging the
 * replacement once under two sweeps at once: invoiced to a Net 30 company, payable by a card buyer.
 */

const cast = useCast({ admin: ADMIN, buyer: { name: 'Wanda Warranty' }, netBuyer: { name: 'Ned Net' } });
const { admin, buyer, netBuyer } = cast;

let seq = 0;
const dayAfter = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);

const CLAIM = {
  modelNumber: 'RF28R7351SR',
  serialNumber: '0B7K4AB123456',
  installedOn: '2025-06-01',
  failure: 'Compressor hums but does not start; the fridge is warm.',
};

/**
 * A card order of 5 compressors at $100.00 (tax $31.25, Illinois 6.25%) written as the API stores
 * it, shipped 20 days ago and delivered 18 days ago.
 */
async function shippedOrder(owner: TestUser = buyer): Promise<{ id: string; tool: string }> {
  seq++;
  const tool = await makeTool({ name: 'Compressor', availableQuantity: 40, minimumQuantity: 1 });
  const id = await writeShippedOrder({
    owner,
    lines: [{ toolId: tool, name: 'Compressor', partNumber: 'FP-COMP-1', quantity: 5, unitPriceCents: 10_000, shipped: 5 }],
    remaining: 40,
    orderNumber: `FP-2026-${String(870_000 + seq)}`,
    createdAt: Timestamp.fromMillis(Date.now() - 30 * DAY + seq * 1000),
    shipment: {
      id: `${String(seq).padStart(4, '0')}bbbbbbbbbbbbbbbbbbbb`,
      key: `w${seq}`,
      shippedAt: Timestamp.fromMillis(Date.now() - 20 * DAY),
      deliveredAt: Timestamp.fromMillis(Date.now() - 18 * DAY),
    },
    state: 'delivered',
    paymentIntentId: `pi_war_${seq}`,
    over: {
      totalCents: 53_125,
      tax: {
        amountCents: 3125,
        calculationId: 'taxcalc_war',
        lines: [{ lineId: '0', amountCents: 3125 }],
        shippingCents: 0,
        reason: 'standard_rated',
        state: 'IL',
        rate: '6.25',
        transactionId: null,
      },
      companyId: null,
    },
  });
  return { id, tool };
}

const { post: claim, step, approvedReturn, ship } = returnCalls({ buyer, admin }, 'war');
const stockOf = async (tool: string) => (await db.collection('tools').doc(tool).get()).data()!.availableQuantity as number;
const mailOf = async (rid: string, s: string) => (await db.collection('mail').doc(`return-${rid}-${s}`).get()).data();
const returnDoc = async (rid: string) => (await db.collection('returns').doc(rid).get()).data()!;

/** A claim of `quantity` compressors of the order, approved: the return's id and its replacement's. */
async function approvedClaim(id: string, quantity: number, user: TestUser = buyer): Promise<{ rid: string; replacement: string }> {
  const { rid, approved } = await approvedReturn(id, { lines: [{ lineId: '0', quantity, reason: 'warranty' }], warranty: CLAIM }, user);
  return { rid, replacement: approved.warranty.replacementBookingId };
}

beforeEach(async () => {
  await mailSettled();
});

describe('a warranty claim', () => {
  it('refuses bad warranty fields with 400 and writes nothing', async () => {
    const { id } = await shippedOrder();
    const line = { lineId: '0', quantity: 1, reason: 'warranty' };
    const bad: object[] = [
      { lines: [line] },
      { lines: [line], warranty: { ...CLAIM, installedOn: dayAfter(2) } },
      { lines: [line], warranty: { ...CLAIM, installedOn: '2025-02-30' } },
      { lines: [line], warranty: { ...CLAIM, modelNumber: 'M'.repeat(41) } },
      { lines: [line], warranty: { ...CLAIM, serialNumber: '' } },
      { lines: [line], warranty: { ...CLAIM, failure: 'x'.repeat(501) } },
      { lines: [line], warranty: { ...CLAIM, extra: 1 } },
      { lines: [{ ...line, reason: 'defective' }], warranty: CLAIM },
      { lines: [line, { lineId: '0', quantity: 1, reason: 'defective' }], warranty: CLAIM },
    ];
    for (const body of bad) {
      const res = await claim(id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'invalid-argument', message: expect.any(String) });
    }
    expect((await db.collection('returns').where('bookingId', '==', id).get()).size).toBe(0);
  });

  it('is requested with its appliance, and approved (replayed and raced) makes one replacement at 0, linked both ways, emailed once', async () => {
    const { id, tool } = await shippedOrder();
    const res = await claim(id, { lines: [{ lineId: '0', quantity: 2, reason: 'warranty', note: 'Both units' }], warranty: CLAIM }).expect(201);
    expect(res.body).toMatchObject({
      state: 'requested',
      warranty: { ...CLAIM, replacementBookingId: null, replacementOrderNumber: null, failedPartDueOn: null, charged: null },
    });
    const listed = (await api().get(API.bookingReturns(id)).set(bearer(buyer.token)).expect(200)).body;
    expect(listed.returnable[0].reasons.map((r: { reason: string }) => r.reason)).toContain('warranty');
    const rid = res.body.id as string;
    const before = await stockOf(tool);

    const [a, b] = await Promise.all([step(id, rid, 'approve'), step(id, rid, 'approve', { restockingFeePercent: 20 })]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body).toEqual(b.body);
    const again = await step(id, rid, 'approve').expect(200);
    expect(again.body).toEqual(a.body);
    const w = a.body.warranty;
    expect(a.body).toMatchObject({ state: 'approved', restockingFeePercent: 0, refund: null });
    expect(w).toMatchObject({ ...CLAIM, replacementOrderNumber: expect.stringMatching(/^FP-\d{4}-\d{6}$/), failedPartDueOn: dayAfter(30), charged: null });

    // The tool is this order's own: its orders are the original and the one replacement.
    const orders = await db.collection('bookings').where('toolIds', 'array-contains', tool).get();
    expect(orders.docs.map((d) => d.id).sort()).toEqual([id, w.replacementBookingId].sort());
    expect(await stockOf(tool)).toBe(before - 2);
    const r = (await api().get(API.myBooking(w.replacementBookingId)).set(bearer(buyer.token)).expect(200)).body;
    expect(r).toMatchObject({
      orderNumber: w.replacementOrderNumber,
      state: 'paid',
      total: 0,
      tax: null,
      replacementFor: { returnId: rid, rmaNumber: a.body.rmaNumber, bookingId: id },
      lines: [{ toolId: tool, quantity: 2, price: 0, lineTotal: 0 }],
    });
    const mail = await mailOf(rid, 'approved');
    expect(mail!.text).toContain(w.replacementOrderNumber);
    expect(mail!.text).toContain(a.body.rmaNumber);
    expect(mail!.text).toContain('2100 Industrial Way');
    expect((await db.collection('mail').where('bookingId', '==', w.replacementBookingId).get()).size).toBe(0);
  });

  it('the replacement ships like any order; the failed part received in time closes the claim and nothing is charged', async () => {
    const { id, tool } = await shippedOrder();
    const { rid, replacement } = await approvedClaim(id, 1);
    await ship(replacement, [1]);
    expect((await bookingDoc(replacement))!.state).toBe('shipped');
    const stock = await stockOf(tool);
    const received = await step(id, rid, 'receive', { lines: [{ lineId: '0', resaleable: 0, damaged: 1 }] }).expect(200);
    expect(received.body).toMatchObject({ state: 'closed', refund: null, refundDue: null, lines: [{ damaged: 1, resaleable: 0 }] });
    expect(await stockOf(tool)).toBe(stock);
    expect((await mailOf(rid, 'closed'))!.text).toContain('nothing is charged');
    await step(id, rid, 'refund').expect(409);
    await step(id, rid, 'receive', { lines: [{ lineId: '0', resaleable: 1, damaged: 0 }] }).expect(409);
    await chargeLateWarranties(new Date(Date.now() + 40 * DAY), 100);
    expect((await returnDoc(rid)).warranty.charged).toBeNull();
    expect((await bookingDoc(replacement))!).toMatchObject({ totalCents: 0, paid: true });
  });

  it('late, a card buyer’s replacement becomes payable at the original prices with tax, once under two sweeps at once, and is paid where it stands', async () => {
    const { id } = await shippedOrder();
    const { rid, replacement } = await approvedClaim(id, 2);
    // Due in 30 days: the 30th day is still in time.
    await chargeLateWarranties(new Date(Date.now() + 30 * DAY), 100);
    expect((await returnDoc(rid)).warranty.charged).toBeNull();
    const late = new Date(Date.now() + 32 * DAY);
    await Promise.all([chargeLateWarranties(late, 100), chargeLateWarranties(late, 100)]);
    // 2 x $100.00 and round(3125 x 2 / 5) = $12.50 tax.
    const w = (await step(id, rid, 'approve').expect(200)).body.warranty;
    expect(w.charged).toMatchObject({ method: 'payable-order', amount: 212.5 });
    const stored = (await bookingDoc(replacement))!;
    expect(stored).toMatchObject({ totalCents: 21_250, paid: false, state: 'paid', tax: { amountCents: 1250, lines: [{ lineId: '0', amountCents: 1250 }] } });
    expect(stored.lines[0]).toMatchObject({ unitPriceCents: 10_000, lineTotalCents: 20_000 });
    expect((await mailOf(rid, 'charged'))!.text).toContain('$212.50');
    await chargeLateWarranties(late, 100);
    expect((await bookingDoc(replacement))!.totalCents).toBe(21_250);

    // Its tax is its own calculation (the original's share to the cent), not yet recorded: it is not paid.
    expect(stored.tax.calculationId).not.toBe('taxcalc_war');
    expect(stored.tax).toMatchObject({ transactionId: null, reason: 'standard_rated', state: 'IL', rate: '6.25' });
    expect(await recordTaxTransaction(replacement)).toBeNull();

    const pi = await payWithCard(buyer, replacement);
    expect((await stripe.paymentIntents.retrieve(pi)).amount).toBe(21_250);
    const paid = (await bookingDoc(replacement))!;
    expect(paid).toMatchObject({ paid: true, transactionId: pi, state: 'paid', taxTransactionPending: false });
    // Paid, it records its tax transaction like any card order: from its own calculation, under its order number, once.
    const txn = await stripe.tax.transactions.retrieve(paid.tax.transactionId, { expand: ['line_items'] });
    // The double outlives the tier's cleared Firestore, whose order numbers start again: a number
    // another file's order recorded takes the order's id too (transactions.ts createTransaction).
    expect(txn.reference).toMatch(new RegExp(`^${paid.orderNumber}(-${replacement})?$`));
    expect(txn.metadata).toMatchObject({ bookingId: replacement });
    expect(txn.line_items!.data.map((l) => [l.reference, l.amount, l.amount_tax])).toEqual([['0', 20_000, 1250]]);
    expect(await recordTaxTransaction(replacement)).toBe(paid.tax.transactionId);
    expect(await recordPendingTaxTransactions(100)).toMatchObject({ errors: 0 });
    expect((await bookingDoc(replacement))!.tax.transactionId).toBe(paid.tax.transactionId);
  });

  describe('a Net 30 company', () => {
    const ADDRESS = { line1: '200 W Madison St', city: 'Chicago', region: 'IL', postalCode: '60606', country: 'US' };
    let net = '';
    let compressor = { id: '', partNumber: '' };

    beforeAll(async () => {
      net = await net30Company(admin, netBuyer, 'Warranty Net Refrigeration', 'Chicago shop', ADDRESS);
      compressor = await catalogued({ name: 'Compressor', priceCents: 12_345, minimumQuantity: 1, availableQuantity: 1000, weight: 1 });
    });

    /** An order of 3 compressors on the company's account, shipped. */
    async function shippedOnAccount(): Promise<string> {
      const o = await checkedOut(netBuyer, [{ toolId: compressor.id, quantity: 3 }]);
      expect(o.payment).toMatchObject({ method: 'invoice', status: 'open' });
      // Illinois 6.25% of 370.35 = 23.15.
      expect((await bookingDoc(o._id))!.tax.lines[0].amountCents).toBe(2315);
      await ship(o._id, [3]);
      return o._id as string;
    }

    it('late, the replacement is invoiced at the original prices with tax, to the cent, once under two sweeps at once', async () => {
      const o = { _id: await shippedOnAccount() };
      const { rid, replacement } = await approvedClaim(o._id, 1, netBuyer);
      expect((await bookingDoc(replacement))!).toMatchObject({ totalCents: 0, companyId: net });
      const openBefore = (await companyDoc(net)).openInvoiceCents as number;

      const late = new Date(Date.now() + 31 * DAY);
      await Promise.all([chargeLateWarranties(late, 100), chargeLateWarranties(late, 100)]);
      await chargeLateWarranties(late, 100);
      // 123.45 and round(2315 x 1 / 3) = 7.72 tax.
      const charged = (await returnDoc(rid)).warranty.charged;
      expect(charged).toMatchObject({ method: 'invoice', amountCents: 13_117 });
      expect((await companyDoc(net)).openInvoiceCents).toBe(openBefore + 13_117);
      const r = (await bookingDoc(replacement))!;
      expect(r).toMatchObject({ totalCents: 13_117, payment: { method: 'invoice', status: 'open' }, invoiceStatus: 'open' });
      const invoice = await stripe.invoices.retrieve(r.payment.invoiceId);
      expect(invoice.total).toBe(13_117);
      const invoices = await stripe.invoices.list({ customer: invoice.customer as string, limit: 100 });
      expect(invoices.data.filter((i) => i.metadata?.bookingId === replacement)).toHaveLength(1);
      expect((await mailOf(rid, 'charged'))!.text).toContain("invoiced to your company's account");
      expect((await db.collection('mail').where('bookingId', '==', replacement).get()).size).toBe(0);
    });

    it('late and not shipped, the replacement owes its invoice as a confirmed order (the lifecycle’s charge-on-account); its invoice paid marks it paid', async () => {
      const { rid, replacement } = await approvedClaim(await shippedOnAccount(), 1, netBuyer);
      expect((await bookingDoc(replacement))!).toMatchObject({ state: 'paid', paid: true });
      await chargeLateWarranties(new Date(Date.now() + 31 * DAY), 100);
      expect((await returnDoc(rid)).warranty.charged).toMatchObject({ method: 'invoice', amountCents: 13_117 });
      const owed = (await bookingDoc(replacement))!;
      expect(owed).toMatchObject({ state: 'confirmed', paid: false, paidAt: null, payment: { method: 'invoice', status: 'open' } });
      const page = (await api().get(API.myBooking(replacement)).set(bearer(netBuyer.token)).expect(200)).body;
      expect(page).toMatchObject({ state: 'confirmed', total: 131.17 });
      expect(page.events.map((e: { type: string }) => e.type)).not.toContain('paid');

      const open = (await companyDoc(net)).openInvoiceCents as number;
      // Paid by bank transfer: Stripe's invoice.paid, as the webhook receives it.
      await stripe.invoices.pay(owed.payment.invoiceId, { paid_out_of_band: true });
      const paidInvoice = await stripe.invoices.retrieve(owed.payment.invoiceId);
      expect((await sendWebhook('invoice.paid', paidInvoice).expect(200)).body.outcome).toBe('recorded');
      expect((await bookingDoc(replacement))!).toMatchObject({ state: 'paid', paid: true, paidAt: expect.any(Timestamp), payment: { status: 'paid' } });
      expect((await companyDoc(net)).openInvoiceCents).toBe(open - 13_117);
      // Paid, it ships as any paid order.
      await ship(replacement, [1]);
      expect((await bookingDoc(replacement))!).toMatchObject({ state: 'shipped', paid: true });
    });
  });
});
