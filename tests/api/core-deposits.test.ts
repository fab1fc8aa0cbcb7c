import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Timestamp } from 'firebase-admin/firestore';
import { API } from '../../common/src/api-paths';
import type { BookingLineDoc } from '../../common/src/documents/bookings';
import { api, bearer } from '../support/api';
import type { TestUser } from '../support/auth';
import { db, makeTool } from '../support/firestore';
import { ADMIN, bookingDoc, catalogued, expectError, GOOD_CONTACT, stripe, useCast } from './fixtures';
import { CHICAGO, checkedOut, DAY, flatGround, net30Company, NY, paidCardOrder, refundsOf, returnCalls, writeShippedOrder } from './returns-fixtures';
import { mailSettled } from './mail-inbox';
import { keepOverdueCores } from '../../functions/src/services/returns/sweep-cores';
import { sweepReservations } from '../../functions/src/services/sweep/reservation-sweep';
import { DEMO_TOOLS } from '../../scripts/seed/demo-data';

/**
 * Core deposits (CONTRACT §16's Core deposits, issue 47 slice 2, decision 0088) through HTTP: the
 * deposit on the order line, in the total, charged on the PaymentIntent or invoiced as its own
 * line, taxed as its own line item `<lineId>-core`; a core return within CORE_RETURN_DAYS of the
 * shipment (the 60-day edge), inspected accepted, partial or rejected and refunded to the cent
 * once (raced and replayed), on a card and on account.
 */

const cast = useCast({ admin: ADMIN, buyer: { name: 'Cora Core' }, netBuyer: { name: 'Nate Net' } });
const { admin, buyer, netBuyer } = cast;

const { post, step, receivedReturn, ship } = returnCalls({ buyer, admin }, 'core');
type Line = { lineId: string; quantity: number; reason: string };
const request = (id: string, lines: Line[], user: TestUser = buyer) => post(id, { lines }, user);
const bookingOf = async (id: string, user: TestUser = buyer) => (await api().get(API.myBooking(id)).set(bearer(user.token)).expect(200)).body;

/** Requested, approved and received with `inspection`: the return's id and the receive's answer. */
const coreReturn = (id: string, quantity: number, inspection: object, user: TestUser = buyer) =>
  receivedReturn(id, { lines: [{ lineId: '0', quantity, reason: 'core' }] }, [{ lineId: '0', ...inspection }], user);

let compressor = { id: '', partNumber: '' };

beforeAll(async () => {
  await flatGround(admin, 'cores-ground');
  // A $250.00 compressor with a $40.00 core deposit, never discounted by its price breaks.
  compressor = await catalogued({
    name: 'Compressor 1/3 HP',
    priceCents: 25_000,
    priceBreaks: [{ minQuantity: 2, priceCents: 24_000 }],
    minimumQuantity: 1,
    availableQuantity: 1000,
    weight: 20,
  });
  await db.collection('tools').doc(compressor.id).update({ coreDepositCents: 4000 });
});

beforeEach(async () => {
  await mailSettled();
});

describe('a card order of a part with a core deposit', () => {
  async function paidAndShipped(): Promise<string> {
    return (await paidCardOrder(buyer, [{ partNumber: compressor.partNumber, quantity: 2 }], NY, [700_000, 200_000]))._id;
  }

  it('carries the deposit on the line, in the total, charged and taxed as its own line item', async () => {
    const id = await paidAndShipped();
    const stored = (await bookingDoc(id))!;
    // 2 x $240.00 (the break), deposit 2 x $40.00 = $80.00 undiscounted; New York 4%: 19.20, 3.20, shipping 0.80.
    expect(stored.lines[0]).toMatchObject({ unitPriceCents: 24_000, lineTotalCents: 48_000, coreDepositCents: 8000 });
    expect(stored.tax.lines.map((l: { lineId: string; amountCents: number }) => [l.lineId, l.amountCents])).toEqual([
      ['0', 1920],
      ['0-core', 320],
    ]);
    expect(stored.totalCents).toBe(48_000 + 8000 + 1995 + 1920 + 320 + 80);
    const intent = await stripe.paymentIntents.retrieve(stored.paymentIntentId);
    expect(intent.amount).toBe(stored.totalCents);
    const answer = await bookingOf(id);
    expect(answer.lines[0]).toMatchObject({ lineTotal: 480, coreDeposit: 80, coresOwed: 0, coresDueOn: null, coresKept: false });
    const dueDay = () => new Date(Date.now() + 60 * DAY).toISOString().slice(0, 10);
    const before = dueDay();
    await ship(id, [2]);
    const shipped = (await bookingOf(id)).lines[0];
    expect(shipped).toMatchObject({ coreDeposit: 80, coresOwed: 2, coresKept: false });
    // Due CORE_RETURN_DAYS (60) after the shipment.
    expect([before, dueDay()]).toContain(shipped.coresDueOn);
  });

  it('refunds an accepted core once (raced and replayed) and a partly accepted one to the cent, with the deposit’s tax', async () => {
    const id = await paidAndShipped();
    await ship(id, [2]);
    const stored = (await bookingDoc(id))!;
    const { rid, received } = await coreReturn(id, 1, { inspection: 'accepted' });
    // One core accepted: $40.00 and round(320 x 4000 / 8000) = 1.60 of tax; no fee, no shipping.
    const due = { parts: 40, fee: 0, shipping: 0, tax: 1.6, total: 41.6 };
    expect(received).toMatchObject({ state: 'received', refundDue: due, lines: [{ reason: 'core', coreDeposit: 40, inspection: 'accepted' }] });
    const [a, b] = await Promise.all([step(id, rid, 'refund'), step(id, rid, 'refund')]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body).toEqual(b.body);
    expect(a.body).toMatchObject({ state: 'refunded', refund: { ...due, method: 'card' } });
    expect((await refundsOf(stored.paymentIntentId)).map((r) => r.amount)).toEqual([4160]);
    const doc = (await db.collection('returns').doc(rid).get()).data()!;
    const reversal = await stripe.tax.transactions.retrieve(doc.refund.taxReversalId, { expand: ['line_items'] });
    expect(reversal.line_items!.data.map((l) => [l.reference, l.amount, l.amount_tax])).toEqual([[`${a.body.rmaNumber}-0-core`, -4000, -160]]);
    expect((await step(id, rid, 'refund').expect(200)).body).toEqual(a.body);
    expect(await refundsOf(stored.paymentIntentId)).toHaveLength(1);
    expect((await bookingOf(id)).lines[0].coresOwed).toBe(1);

    // The second core, partly accepted: $25.50 and round(320 x 2550 / 8000) = 1.02.
    const partial = await coreReturn(id, 1, { inspection: 'partial', amount: 25.5 });
    expect(partial.received.refundDue).toEqual({ parts: 25.5, fee: 0, shipping: 0, tax: 1.02, total: 26.52 });
    expect((await step(id, partial.rid, 'refund').expect(200)).body.refund.total).toBe(26.52);
    expect((await refundsOf(stored.paymentIntentId)).map((r) => r.amount)).toEqual([4160, 2652]);
    expect((await bookingOf(id)).lines[0].coresOwed).toBe(0);
    // Nothing more to send back.
    expectError((await request(id, [{ lineId: '0', quantity: 1, reason: 'core' }]).expect(400)).body, 'invalid-argument', /0 cores left to return/);
  });

  it('refunds nothing for a rejected core, and refuses an amount past the deposit or a partial without one', async () => {
    const id = await paidAndShipped();
    await ship(id, [2]);
    const rid = (await request(id, [{ lineId: '0', quantity: 1, reason: 'core' }]).expect(201)).body.id as string;
    await step(id, rid, 'approve').expect(200);
    expectError(
      (await step(id, rid, 'receive', { lines: [{ lineId: '0', inspection: 'partial', amount: 40.01 }] }).expect(400)).body,
      'invalid-argument',
      /at most the deposit/,
    );
    expectError((await step(id, rid, 'receive', { lines: [{ lineId: '0', inspection: 'partial' }] }).expect(400)).body, 'invalid-argument', /names the amount/);
    expectError(
      (await step(id, rid, 'receive', { lines: [{ lineId: '0', resaleable: 1, damaged: 0 }] }).expect(400)).body,
      'invalid-argument',
      /not a core return|core return/,
    );
    const received = await step(id, rid, 'receive', { lines: [{ lineId: '0', inspection: 'rejected' }] }).expect(200);
    expect(received.body.refundDue).toEqual({ parts: 0, fee: 0, shipping: 0, tax: 0, total: 0 });
    const refunded = await step(id, rid, 'refund').expect(200);
    expect(refunded.body.refund).toMatchObject({ total: 0, refundId: null });
    expect(await refundsOf((await bookingDoc(id))!.paymentIntentId)).toHaveLength(0);
    expect((await bookingOf(id)).lines[0].coresOwed).toBe(1);
  });
});

describe('an order on account of a part with a core deposit', () => {
  beforeAll(async () => {
    await net30Company(admin, netBuyer, 'Core Net Refrigeration', 'Chicago shop', CHICAGO);
  });

  it('invoices the deposit as its own taxed line and credits accepted, partial and rejected cores to the cent', async () => {
    const o = await checkedOut(netBuyer, [{ toolId: compressor.id, quantity: 3 }]);
    expect(o.payment).toMatchObject({ method: 'invoice', status: 'open' });
    const stored = (await bookingDoc(o._id))!;
    // 3 x $240.00 and $120.00 of deposit; Illinois 6.25%: 45.00 and 7.50, shipping untaxed.
    expect(stored.tax.lines.map((l: { lineId: string; amountCents: number }) => [l.lineId, l.amountCents])).toEqual([
      ['0', 4500],
      ['0-core', 750],
    ]);
    const items = await stripe.invoices.listLineItems(o.payment.invoiceId, { limit: 100 });
    const deposit = items.data.find((l) => l.metadata?.line === '0-core')!;
    expect(deposit).toMatchObject({ amount: 12_000 });
    expect(deposit.description).toMatch(/^Core deposit, refundable/);
    const invoice = await stripe.invoices.retrieve(o.payment.invoiceId);
    expect(invoice.total).toBe(stored.totalCents);
    await ship(o._id, [3]);

    const accepted = await coreReturn(o._id, 1, { inspection: 'accepted' }, netBuyer);
    expect(accepted.received.refundDue).toEqual({ parts: 40, fee: 0, shipping: 0, tax: 2.5, total: 42.5 });
    const [a, b] = await Promise.all([step(o._id, accepted.rid, 'refund'), step(o._id, accepted.rid, 'refund')]);
    expect(a.body).toEqual(b.body);
    expect(a.body.refund).toMatchObject({ method: 'credit-note', total: 42.5 });
    const notes = await stripe.creditNotes.list({ invoice: o.payment.invoiceId, limit: 100 });
    expect(notes.data.map((n) => n.id)).toEqual([a.body.refund.creditNoteId]);
    expect(notes.data[0].lines.data.map((l) => l.amount)).toEqual([4000]);
    expect(notes.data[0].total).toBe(4250);

    const partial = await coreReturn(o._id, 1, { inspection: 'partial', amount: '12.34' }, netBuyer);
    // round(750 x 1234 / 12000) = 0.77.
    expect(partial.received.refundDue).toEqual({ parts: 12.34, fee: 0, shipping: 0, tax: 0.77, total: 13.11 });
    expect((await step(o._id, partial.rid, 'refund').expect(200)).body.refund).toMatchObject({ method: 'credit-note', total: 13.11 });

    const rejected = await coreReturn(o._id, 1, { inspection: 'rejected' }, netBuyer);
    expect((await step(o._id, rejected.rid, 'refund').expect(200)).body.refund).toMatchObject({ total: 0, creditNoteId: null });
    expect((await stripe.creditNotes.list({ invoice: o.payment.invoiceId, limit: 100 })).data).toHaveLength(2);
    expect((await bookingOf(o._id, netBuyer)).lines[0].coresOwed).toBe(0);
  });
});

describe('the core return window', () => {
  let seq = 0;
  /** A paid card order of 2 compressors with their deposit, shipped `shippedDaysAgo` days (and `extraMs`) ago. */
  async function shippedOrder(shippedDaysAgo: number, extraMs = 0, over: Partial<BookingLineDoc> = {}): Promise<string> {
    seq++;
    const toolId = await makeTool({ name: 'Compressor' });
    return writeShippedOrder({
      owner: buyer,
      lines: [{ toolId, name: 'Compressor', partNumber: 'FP-CMP-1', quantity: 2, unitPriceCents: 25_000, shipped: 2, coreDepositCents: 4000 }],
      remaining: 10,
      orderNumber: `FP-2026-${String(900_000 + seq)}`,
      createdAt: Timestamp.fromMillis(Date.now() - 100 * DAY),
      shipment: {
        id: `${String(seq).padStart(4, '0')}cccccccccccccccccccc`,
        key: `k${seq}`,
        shippedAt: Timestamp.fromMillis(Date.now() - shippedDaysAgo * DAY - extraMs),
        deliveredAt: null,
      },
      state: 'shipped',
      paymentIntentId: `pi_core_${seq}`,
      lineOver: over,
    });
  }

  it('takes a core an hour before CORE_RETURN_DAYS (60) after the shipment and refuses it an hour after, naming the day', async () => {
    const inside = await shippedOrder(60, -3_600_000);
    await request(inside, [{ lineId: '0', quantity: 2, reason: 'core' }]).expect(201);
    const late = await shippedOrder(60, 3_600_000);
    const due = new Date(Date.now() - 3_600_000).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
    const refused = await request(late, [{ lineId: '0', quantity: 1, reason: 'core' }]).expect(400);
    expectError(refused.body, 'invalid-argument', new RegExp(`due back by ${due}`));
  });

  it('refuses cores once marked kept, a line with no deposit and more cores than shipped', async () => {
    const kept = await shippedOrder(5, 0, { coresKeptAt: Timestamp.now() });
    expectError((await request(kept, [{ lineId: '0', quantity: 1, reason: 'core' }]).expect(400)).body, 'invalid-argument', /due back by/);
    const none = await shippedOrder(5, 0, { coreDepositCents: 0 });
    expectError((await request(none, [{ lineId: '0', quantity: 1, reason: 'core' }]).expect(400)).body, 'invalid-argument', /no core deposit/);
    const id = await shippedOrder(5);
    expectError((await request(id, [{ lineId: '0', quantity: 3, reason: 'core' }]).expect(400)).body, 'invalid-argument', /2 cores left/);
    // A declined core return gives its cores back.
    const rid = (await request(id, [{ lineId: '0', quantity: 2, reason: 'core' }]).expect(201)).body.id as string;
    expectError((await request(id, [{ lineId: '0', quantity: 1, reason: 'core' }]).expect(400)).body, 'invalid-argument', /0 cores left/);
    await step(id, rid, 'decline', { reason: 'Not ours' }).expect(200);
    await request(id, [{ lineId: '0', quantity: 2, reason: 'core' }]).expect(201);
  });

  it('the sweep marks cores not returned in time kept once, under two sweeps at once and a third, with one email; a core return then names the day', async () => {
    // Shipped 5 days ago, 2 compressors with $40.00 of deposit each, one core already back.
    const id = await shippedOrder(5, 0, { coreReturnedQuantity: 1 });
    const mails = async () => (await db.collection('mail').where('bookingId', '==', id).get()).docs.filter((d) => d.get('kind') === 'cores-kept');
    // Before the day (CORE_RETURN_DAYS = 60 after the shipment): nothing kept, looked at again when they fall due.
    await keepOverdueCores(new Date(), 100);
    await keepOverdueCores(new Date(Date.now() + 54 * DAY), 100);
    const before = (await bookingDoc(id))!;
    expect(before.lines[0].coresKeptAt ?? null).toBeNull();
    const due = before.coresCheckAt.toMillis();
    expect(due).toBeGreaterThan(Date.now() + 54 * DAY);
    expect(await mails()).toHaveLength(0);

    const late = new Date(Date.now() + 56 * DAY);
    await Promise.all([keepOverdueCores(late, 100), keepOverdueCores(late, 100)]);
    await sweepReservations({ now: new Date(late.getTime() + DAY) });
    const after = (await bookingDoc(id))!;
    expect(after.lines[0]).toMatchObject({ coresKeptQuantity: 1, coreReturnedQuantity: 1 });
    expect(after.lines[0].coresKeptAt.toMillis()).toBe(late.getTime());
    expect(after.coresCheckAt).toBeNull();
    const sent = await mails();
    expect(sent.map((d) => d.id)).toEqual([`${id}-cores-kept-1`]);
    const dueDay = new Date(due - 1).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
    expect(sent[0]!.get('to')).toBe(buyer.email);
    expect(sent[0]!.get('subject')).toMatch(/^Core deposit kept: order FP-2026-9\d{5}$/);
    expect(sent[0]!.get('text')).toContain(`1 core of Compressor (FP-CMP-1), due back by ${dueDay}: $40.00 kept`);
    // The Booking answer: the cores kept, none owed any more, no day to return them by.
    expect((await bookingOf(id)).lines[0]).toMatchObject({ coresKept: true, coresOwed: 0, coresDueOn: null });
    // A core return asked for after the mark is refused, naming the day the cores were due.
    const refused = await request(id, [{ lineId: '0', quantity: 1, reason: 'core' }]).expect(400);
    expectError(refused.body, 'invalid-argument', new RegExp(`due back by ${dueDay}`));
  });
});

describe('the cart of a part with a core deposit, before checkout', () => {
  it('counts the deposit in its total and taxes it as its own line item, as the order then placed from it charges, to the cent', async () => {
    // The seed's compressor: $189.50, at least 5, a $75.00 core deposit.
    const seed = DEMO_TOOLS.find((t) => t.slug === 'hermetic-compressor-1-3hp-r134a')!;
    expect(seed).toMatchObject({ priceCents: 18_950, coreDepositCents: 7500 });
    const part = await catalogued({ name: seed.name, priceCents: seed.priceCents, minimumQuantity: seed.minimumQuantity, availableQuantity: 1000, weight: 20 });
    await db.collection('tools').doc(part.id).update({ coreDepositCents: seed.coreDepositCents });
    await api()
      .put(API.cart)
      .set(bearer(netBuyer.token))
      .send({ lines: [{ toolId: part.id, quantity: 5 }] })
      .expect(200);
    const cart = (await api().get(`${API.cart}?shipToId=s1`).set(bearer(netBuyer.token)).expect(200)).body;
    // 5 x $189.50 = $947.50 and 5 x $75.00 = $375.00 of deposit; the Chicago ship-to, Illinois 6.25%: 59.22 and 23.44.
    expect(cart.lines[0]).toMatchObject({ lineTotal: 947.5, coreDeposit: 375 });
    expect(cart.total).toBe(1322.5);
    expect(cart.tax).toMatchObject({
      state: 'IL',
      amount: 82.66,
      lines: [
        { lineId: part.id, amount: 59.22 },
        { lineId: `${part.id}-core`, amount: 23.44 },
      ],
    });
    const order = (await api().post(API.checkout).set(bearer(netBuyer.token)).send({ phone: GOOD_CONTACT.phone, shipToId: 's1' }).expect(201)).body;
    expect(order.tax.amount).toBe(cart.tax.amount);
    // The order's total: the cart's (parts and deposits), the shipping ($19.95, untaxed in Illinois) and the same tax.
    expect(Math.round(order.total * 100)).toBe(Math.round(cart.total * 100) + 1995 + Math.round(cart.tax.amount * 100));
    expect((await bookingDoc(order._id))!.totalCents).toBe(132_250 + 1995 + 8266);
  });
});
