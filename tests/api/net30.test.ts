import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, NEXT_CURSOR_HEADER } from '../../common/src/api-paths';
import { localOrigin } from '../../common/src/local-stack';
import { createApp } from '../../functions/src/http/app';
import { issuePendingInvoices } from '../../functions/src/services/payments/invoices';
import { mailSettled } from './mail-inbox';
import { api, bearer } from '../support/api';
import type { TestUser } from '../support/auth';
import { db, makeTool } from '../support/firestore';
import {
  ADMIN,
  CUSTOMER,
  GOOD_CONTACT,
  bookingDoc,
  catalogued,
  eventOf,
  expectError,
  firestoreMark,
  orderDocument,
  paymentIntentFor,
  pdfText,
  placeBooking,
  postWebhook,
  quickOrder,
  signedEvent,
  stockOf,
  stripe,
  useCast,
  oneLineTotalCents,
} from './fixtures';

/**
 * Pay on account (CONTRACT §10, decision 0058): a member of a net30 company checks out without a
 * card; the order is confirmed with one finalized Stripe invoice (retried and raced: still one),
 * its credit counted against the company's limit, and the invoice's events (delivered by the
 * double, and sent again) take effect once each.
 */

const DOUBLE = localOrigin('stripe');
const cast = useCast({
  shopAdmin: ADMIN,
  customer: CUSTOMER,
  adminA: CUSTOMER,
  buyerA: CUSTOMER,
  buyerC: CUSTOMER,
  buyerL: CUSTOMER,
  adminW: CUSTOMER,
  buyerW: CUSTOMER,
});
const { shopAdmin, customer, adminA, buyerA, buyerC, buyerL, adminW, buyerW } = cast;

const ADDRESS = { line1: '400 Compressor Way', city: 'Springfield', region: 'IL', postalCode: '62701', country: 'US' };
const companyBody = (name: string, terms: 'net30' | 'card', creditLimit?: number) => ({
  name,
  billingAddress: ADDRESS,
  shipTo: [{ label: 'Main shop', address: ADDRESS }],
  terms,
  ...(creditLimit === undefined ? {} : { creditLimit }),
});

/** A company and its people (each with a spending limit in dollars, or none), joined the real way: an invitation, then a verified sign-in. */
async function companyOf(body: ReturnType<typeof companyBody>, people: [TestUser, 'company-admin' | 'buyer', number?][]): Promise<string> {
  const id = (await api().post(API.companies).set(bearer(shopAdmin.token)).send(body).expect(201)).body._id as string;
  for (const [user, role, spendingLimit] of people) {
    await api()
      .post(API.companyInvitations(id))
      .set(bearer(shopAdmin.token))
      .send({ email: user.email, role, ...(spendingLimit === undefined ? {} : { spendingLimit }) })
      .expect(201);
    await api().put(API.syncUser(user.email)).set(bearer(user.token)).expect(200);
  }
  return id;
}

const addLines = (user: TestUser, lines: { toolId: string; quantity: number }[]) =>
  api().post(API.cartLines).set(bearer(user.token)).send({ lines }).expect(200);
/** A member's order ships to one of the company's locations (shipToId, decision 0056); anyone else's to an address. */
const MEMBER_CONTACT = { phone: GOOD_CONTACT.phone, shipToId: 's1' };
const contactOf = (user: TestUser) => (user === customer ? GOOD_CONTACT : MEMBER_CONTACT);
const checkout = (user: TestUser, body: Record<string, unknown> = {}) =>
  api()
    .post(API.checkout)
    .set(bearer(user.token))
    .send({ ...contactOf(user), poNumber: 'PO-4471', ...body });
const orderPage = (user: TestUser, id: string) => api().get(API.myBooking(id)).set(bearer(user.token));
const companyDoc = async (id: string) => (await db.collection('companies').doc(id).get()).data()!;
const invoicesOf = async (customerId: string) => (await stripe.invoices.list({ customer: customerId, limit: 100 })).data;
const settle = () => fetch(`${DOUBLE}/_double/settle`, { method: 'POST' });
/** The events the double sent about an invoice, of one type. */
async function eventsAbout(invoiceId: string, type: string): Promise<{ id: string; type: string }[]> {
  const res = await fetch(`${DOUBLE}/_double/events?object=${invoiceId}&type=${type}`);
  return ((await res.json()) as { data: { event: { id: string; type: string } }[] }).data.map((e) => e.event);
}

let A = '';
let C = '';
let L = '';
let W = '';
let gasket = '';
let gasketNumber = '';
let relay = '';
let server: http.Server;

beforeAll(async () => {
  A = await companyOf(companyBody('Arctic Repair Co.', 'net30', 10_000), [
    [adminA, 'company-admin'],
    [buyerA, 'buyer'],
  ]);
  C = await companyOf(companyBody('Polar Card Service', 'card'), [[buyerC, 'company-admin']]);
  L = await companyOf(companyBody('Tight Credit LLC', 'net30', 100), [[buyerL, 'company-admin']]);
  W = await companyOf(companyBody('Waiting Refrigeration', 'net30', 200), [
    [adminW, 'company-admin'],
    [buyerW, 'buyer', 50],
  ]);
  ({ id: gasket, partNumber: gasketNumber } = await catalogued({ name: 'Door gasket', priceCents: 2500, minimumQuantity: 1, availableQuantity: 1000 }));
  relay = await makeTool({ name: 'Start relay', priceCents: 999, minimumQuantity: 1, availableQuantity: 1000 });
  // The double delivers its signed events to this process's app, as Stripe would to the function.
  server = http.createServer(createApp());
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  await fetch(`${DOUBLE}/_double/config`, { method: 'POST', body: JSON.stringify({ webhookUrl: `http://127.0.0.1:${port}/stripe/webhook` }) });
});

afterAll(async () => {
  await fetch(`${DOUBLE}/_double/config`, { method: 'POST', body: JSON.stringify({ webhookUrl: null }) });
  await new Promise((r) => server.close(r));
});

/** A net30 order of buyerA through the cart: 3 gaskets ($75.00) and 1 relay ($9.99), and the Illinois ship-to's tax of each line. */
const ORDER_CENTS = oneLineTotalCents([7500, 999]);
async function orderOnAccount(user: TestUser = buyerA): Promise<{ id: string; invoiceId: string; totalCents: number }> {
  await addLines(user, [
    { toolId: gasket, quantity: 3 },
    { toolId: relay, quantity: 1 },
  ]);
  const res = await checkout(user).expect(201);
  return { id: res.body._id, invoiceId: res.body.payment.invoiceId, totalCents: ORDER_CENTS };
}

describe('checkout on account', () => {
  it('places a confirmed order with one finalized invoice: send_invoice, due in 30 days, the PO as a custom field, an item per line', async () => {
    const before = (await companyDoc(A)).openInvoiceCents;
    await addLines(buyerA, [
      { toolId: gasket, quantity: 3 },
      { toolId: relay, quantity: 1 },
    ]);
    const res = await checkout(buyerA).expect(201);
    const order = res.body;
    expect(order).toMatchObject({ state: 'confirmed', paid: false, total: ORDER_CENTS / 100, payment: { method: 'invoice', status: 'open' } });
    expect(order.payment.invoiceId).toMatch(/^in_/);
    expect(order.payment.hostedInvoiceUrl).toContain(order.payment.invoiceId);
    const dueIn = (Date.parse(order.payment.dueDate) - Date.now()) / 86_400_000;
    expect(dueIn).toBeGreaterThan(29.9);
    expect(dueIn).toBeLessThan(30.1);

    const stored = await bookingDoc(order._id);
    expect(stored).toMatchObject({ companyId: A, state: 'confirmed' });
    const company = await companyDoc(A);
    expect(company.openInvoiceCents).toBe(before + ORDER_CENTS);
    expect(company.stripeCustomerId).toMatch(/^cus_/);

    const invoices = await invoicesOf(company.stripeCustomerId);
    expect(invoices.map((i) => i.id)).toEqual([order.payment.invoiceId]);
    const [invoice] = invoices;
    expect(invoice).toMatchObject({
      status: 'open',
      collection_method: 'send_invoice',
      // CONTRACT §15: the invoice's tax is the order's (Stripe's automatic tax at the ship-to).
      total: ORDER_CENTS,
      custom_fields: [{ name: 'PO number', value: 'PO-4471' }],
      metadata: { bookingId: order._id },
    });
    expect(invoice.due_date! - invoice.status_transitions.finalized_at!).toBe(30 * 86400);
    const lines = await stripe.invoices.listLineItems(invoice.id!);
    expect(lines.data.map((l) => [l.quantity, l.amount])).toEqual([
      [3, 7500],
      [1, 999],
    ]);

    // The order page, the confirmation email and the PDF carry the hosted link.
    expect((await orderPage(buyerA, order._id).expect(200)).body.payment.hostedInvoiceUrl).toBe(order.payment.hostedInvoiceUrl);
    const mail = (await db.collection('mail').doc(`${order._id}-booked`).get()).data()!;
    expect(mail.text).toContain(order.payment.hostedInvoiceUrl);
    expect(mail.subject).toContain('confirmed on account');
    const pdf = await pdfText((await orderDocument(buyerA, order._id).expect(200)).body as Buffer);
    expect(pdf.replace(/\s/g, '')).toContain(order.payment.hostedInvoiceUrl);

    // Not paid by card, not cancelled by the buyer: both 409 and nothing moves.
    expectError((await paymentIntentFor(buyerA, order._id).expect(409)).body, 'conflict', /on your company's account/);
    expectError((await api().delete(API.cancelBooking(buyerA.email, order._id)).set(bearer(buyerA.token)).expect(409)).body, 'conflict', /void the invoice/);
    expect(await bookingDoc(order._id)).toMatchObject({ state: 'confirmed' });
  });

  it('makes one order and one invoice when one cart is checked out twice at once, and again after a lost answer', async () => {
    const customerId = (await companyDoc(A)).stripeCustomerId as string;
    const before = (await invoicesOf(customerId)).length;
    const cart = await addLines(buyerA, [{ toolId: gasket, quantity: 2 }]);
    const version = cart.body.version as string;
    const [one, two] = await Promise.all([checkout(buyerA, { version }), checkout(buyerA, { version })]);
    const statuses = [one.status, two.status].sort();
    expect(statuses[0]).toBe(201);
    expect([400, 412]).toContain(statuses[1]);
    // The retry of a checkout whose answer was lost: the cart moved, nothing new is placed.
    expect([400, 412]).toContain((await checkout(buyerA, { version })).status);
    expect((await invoicesOf(customerId)).length).toBe(before + 1);
  });

  it('finishes the same invoice when the provider failed midway (by the sweep; a read only reads), never a second one', async () => {
    const { id, invoiceId } = await orderOnAccount();
    const customerId = (await companyDoc(A)).stripeCustomerId as string;
    const count = (await invoicesOf(customerId)).length;
    // As if the answers of the invoice's calls had been lost after Stripe made it: the order is
    // pending and its confirmation email not queued yet.
    const pending = { method: 'invoice', invoiceId: null, hostedInvoiceUrl: null, dueDate: null, status: 'pending' };
    const lose = async (payment: object) => {
      await mailSettled();
      await db.collection('mail').doc(`${id}-booked`).delete();
      await db.collection('bookings').doc(id).update({ payment, invoiceStatus: 'pending' });
    };
    await lose(pending);
    // GET /mybooking/{id} only reads (decision 0070): it answers the pending invoice and writes nothing.
    expect((await orderPage(buyerA, id).expect(200)).body.payment).toMatchObject({ status: 'pending', invoiceId: null });
    expect((await bookingDoc(id))?.payment).toMatchObject({ status: 'pending', invoiceId: null });
    expect(await issuePendingInvoices(10)).toEqual({ issued: 1, errors: 0 });
    expect((await bookingDoc(id))?.payment).toMatchObject({ status: 'open', invoiceId });
    await lose({ ...pending, invoiceId });
    expect(await issuePendingInvoices(10)).toEqual({ issued: 1, errors: 0 });
    expect((await bookingDoc(id))?.payment).toMatchObject({ status: 'open', invoiceId });
    expect((await invoicesOf(customerId)).length).toBe(count);
  });

  it('is how every member of a net30 company orders: quick order and POST /booking, a company admin too', async () => {
    const quick = await quickOrder(adminA, { ...MEMBER_CONTACT, poNumber: '', lines: [{ partNumber: gasketNumber, quantity: 1 }] }).expect(201);
    expect(quick.body).toMatchObject({ state: 'confirmed', payment: { status: 'open' } });
    const single = await placeBooking(buyerA, { toolId: relay, quantity: 1, ...GOOD_CONTACT }).expect(201);
    expect(single.body).toMatchObject({ state: 'confirmed', payment: { status: 'open' } });
  });

  it('leaves card-terms members and plain customers paying by card', async () => {
    for (const user of [buyerC, customer]) {
      await addLines(user, [{ toolId: gasket, quantity: 1 }]);
      const res = await checkout(user).expect(201);
      expect(res.body).toMatchObject({ state: 'reserved', payment: null });
      expect((await bookingDoc(res.body._id))?.companyId).toBe(user === buyerC ? C : null);
      await paymentIntentFor(user, res.body._id).expect(200);
    }
  });
});

describe('POST /booking to a ship-to location (decision 0063)', () => {
  it('ships a member’s one-line order to the location named, on account; anyone in no company or another company is refused and nothing changes', async () => {
    const body = (over: Record<string, unknown>) => ({ toolId: relay, quantity: 1, phone: GOOD_CONTACT.phone, ...over });
    // A buyer and a company admin of this company: the location's address is copied onto the order.
    for (const user of [buyerA, adminA]) {
      const res = await placeBooking(user, body({ shipToId: 's1' })).expect(201);
      expect(res.body).toMatchObject({ companyId: A, shipToId: 's1', state: 'confirmed', payment: { method: 'invoice' } });
      expect(res.body.address).toMatch(/^Main shop, 400 Compressor Way, Springfield, IL 62701, US$/);
    }
    // Without shipToId a member's order still ships to the address sent (API clients of before).
    expect((await placeBooking(buyerA, body({ address: GOOD_CONTACT.address })).expect(201)).body).toMatchObject({
      shipToId: null,
      address: GOOD_CONTACT.address,
    });
    const mark = await firestoreMark();
    const stock = await stockOf(relay);
    // A location this company does not have (another company's id, or a removed one): 400 naming the choices.
    expectError((await placeBooking(buyerC, body({ shipToId: 's2' })).expect(400)).body, 'invalid-argument', /no ship-to location s2.*s1 \(Main shop\)/);
    // In no company (a plain customer, the shop admin): 400 saying to send the address.
    for (const user of [customer, shopAdmin]) {
      const refused = await placeBooking(user, body({ shipToId: 's1' })).expect(400);
      expect(refused.body.error.fields).toHaveProperty('shipToId');
    }
    // Neither a location nor an address: 400 at the address.
    expect((await placeBooking(buyerA, body({})).expect(400)).body.error.fields).toHaveProperty('address');
    await api()
      .post(API.booking)
      .send(body({ shipToId: 's1' }))
      .expect(401);
    expect(await firestoreMark()).toEqual(mark);
    expect(await stockOf(relay)).toBe(stock);
  });
});

describe('the credit limit', () => {
  it('refuses the order that would pass it with 409 naming the limit and the amount open, and changes nothing', async () => {
    // The credit counts the total with its sales tax (Illinois, CONTRACT §15): $75.00 + $4.69 of $100.
    await placeBooking(buyerL, { toolId: gasket, quantity: 3, ...GOOD_CONTACT }).expect(201);
    expect(oneLineTotalCents([7500])).toBe(7969);
    const stock = await stockOf(gasket);
    const mark = await firestoreMark();
    const refused = await placeBooking(buyerL, { toolId: gasket, quantity: 2, ...GOOD_CONTACT }).expect(409);
    expectError(refused.body, 'conflict', /This order of \$53\.13 would pass your company's credit limit of \$100\.00: \$79\.69 is open/);
    expect(await firestoreMark()).toEqual(mark);
    expect(await stockOf(gasket)).toBe(stock);
    // A gasket more, with its tax, is $26.56: with the limit raised to exactly $106.25 it is allowed.
    await api().patch(API.company(L)).set(bearer(shopAdmin.token)).send({ creditLimit: 106.25 }).expect(200);
    await placeBooking(buyerL, { toolId: gasket, quantity: 1, ...GOOD_CONTACT }).expect(201);
    expect((await companyDoc(L)).openInvoiceCents).toBe(10_625);
  });
});

describe('invoice events', () => {
  it('invoice.paid (a bank transfer) marks the order paid once and lowers the open amount once, however often it comes', async () => {
    const { id, invoiceId, totalCents } = await orderOnAccount();
    const open = (await companyDoc(A)).openInvoiceCents;
    await fetch(`${DOUBLE}/_double/invoices/${invoiceId}/bank-transfer`, { method: 'POST' }).then((r) => expect(r.status).toBe(200));
    await settle();
    expect(await bookingDoc(id)).toMatchObject({ state: 'paid', paid: true, payment: { status: 'paid' } });
    expect((await companyDoc(A)).openInvoiceCents).toBe(open - totalCents);

    const [paid] = await eventsAbout(invoiceId, 'invoice.paid');
    const invoice = await stripe.invoices.retrieve(invoiceId);
    for (let i = 0; i < 5; i++) {
      // The same event replayed, and the same news under new event ids.
      const { payload, signature } = signedEvent({ ...eventOf('invoice.paid', invoice), id: paid.id });
      expect((await postWebhook(payload, signature).expect(200)).body.outcome).toBe('duplicate');
      const fresh = signedEvent(eventOf('invoice.paid', invoice));
      expect((await postWebhook(fresh.payload, fresh.signature).expect(200)).body.outcome).toBe('no-change');
    }
    expect((await companyDoc(A)).openInvoiceCents).toBe(open - totalCents);
    expect((await db.collection('mail').where('bookingId', '==', id).get()).docs.map((d) => d.id).sort()).toEqual([`${id}-booked`, `${id}-paid`]);
  });

  it('invoice.voided releases an unshipped order (stock back once) and frees its credit; marked uncollectible keeps counting until paid', async () => {
    const voided = await orderOnAccount();
    const stock = await stockOf(gasket);
    const open = (await companyDoc(A)).openInvoiceCents;
    await stripe.invoices.voidInvoice(voided.invoiceId);
    await settle();
    expect(await bookingDoc(voided.id)).toMatchObject({ state: 'expired', payment: { status: 'void' } });
    expect(await stockOf(gasket)).toBe(stock! + 3);
    expect((await companyDoc(A)).openInvoiceCents).toBe(open - voided.totalCents);

    const bad = await orderOnAccount();
    const openNow = (await companyDoc(A)).openInvoiceCents;
    await stripe.invoices.markUncollectible(bad.invoiceId);
    await settle();
    expect(await bookingDoc(bad.id)).toMatchObject({ state: 'confirmed', payment: { status: 'uncollectible' } });
    expect((await companyDoc(A)).openInvoiceCents).toBe(openNow);
    await stripe.invoices.pay(bad.invoiceId, { paid_out_of_band: true });
    await settle();
    expect(await bookingDoc(bad.id)).toMatchObject({ state: 'paid', payment: { status: 'paid' } });
    expect((await companyDoc(A)).openInvoiceCents).toBe(openNow - bad.totalCents);
  });

  it('a confirmed order ships before it is paid; its invoice paid later keeps it shipped', async () => {
    const { id, invoiceId } = await orderOnAccount();
    const shipped = await api().patch(API.markShipped(id)).set(bearer(shopAdmin.token)).expect(200);
    expect(shipped.body).toMatchObject({ state: 'shipped', paid: false });
    expect(shipped.body.events.map((e: { type: string }) => e.type)).toEqual(['booked', 'shipped']);
    await fetch(`${DOUBLE}/_double/invoices/${invoiceId}/bank-transfer`, { method: 'POST' });
    await settle();
    expect(await bookingDoc(id)).toMatchObject({ state: 'shipped', paid: true, payment: { status: 'paid' } });
  });
});

describe('POST /booking/{id}/invoice/void (shop admin, decision 0066)', () => {
  const voidInvoice = (user: TestUser, id: string) => api().post(API.voidInvoice(id)).set(bearer(user.token));

  it('voids the invoice at Stripe and releases the order: stock back once, credit freed; the webhook and a replay after it change nothing; a second void is 409', async () => {
    const { id, invoiceId, totalCents } = await orderOnAccount();
    const [gaskets, relays] = [await stockOf(gasket), await stockOf(relay)];
    const open = (await companyDoc(A)).openInvoiceCents;
    // The buyer's cancel is refused with where to go; the shop admin's delete says what to do instead.
    expectError((await api().delete(API.cancelBooking(buyerA.email, id)).set(bearer(buyerA.token)).expect(409)).body, 'conflict', /Ask the shop to void/);
    expectError((await api().delete(API.deleteOrder(id)).set(bearer(shopAdmin.token)).expect(409)).body, 'conflict', /Void its invoice instead/);

    const res = await voidInvoice(shopAdmin, id).expect(200);
    expect(res.body).toMatchObject({ _id: id, state: 'expired', payment: { status: 'void', invoiceId } });
    const atStripe = await stripe.invoices.retrieve(invoiceId);
    expect(atStripe.status).toBe('void');
    // The order keeps the number printed on the invoice (what a remittance quotes), as the invoice list does.
    expect(atStripe.number).toMatch(/\S+-\d{4}/);
    expect(res.body.payment.number).toBe(atStripe.number);
    const listed = await api().get(API.companyInvoices(A)).query({ status: 'void' }).set(bearer(shopAdmin.token)).expect(200);
    expect(listed.body.find((i: { orderId: string }) => i.orderId === id)).toMatchObject({ invoiceNumber: atStripe.number, status: 'void' });
    expect([await stockOf(gasket), await stockOf(relay)]).toEqual([gaskets! + 3, relays! + 1]);
    expect((await companyDoc(A)).openInvoiceCents).toBe(open - totalCents);

    // Stripe's own invoice.voided (delivered by the double), then sent again under a new id.
    await settle();
    expect(await eventsAbout(invoiceId, 'invoice.voided')).toHaveLength(1);
    const fresh = signedEvent(eventOf('invoice.voided', await stripe.invoices.retrieve(invoiceId)));
    expect((await postWebhook(fresh.payload, fresh.signature).expect(200)).body.outcome).toBe('no-change');
    expectError((await voidInvoice(shopAdmin, id).expect(409)).body, 'conflict', /already void/);
    expect([await stockOf(gasket), await stockOf(relay)]).toEqual([gaskets! + 3, relays! + 1]);
    expect((await companyDoc(A)).openInvoiceCents).toBe(open - totalCents);
    expect(await bookingDoc(id)).toMatchObject({ state: 'expired', invoiceStatus: 'void' });
  });

  it('returns the stock once when voids race each other and Stripe’s invoice.voided', async () => {
    const { id, invoiceId, totalCents } = await orderOnAccount();
    const gaskets = await stockOf(gasket);
    const open = (await companyDoc(A)).openInvoiceCents;
    // Stripe's news of the void, arriving while the shop records its own.
    const news = signedEvent(eventOf('invoice.voided', { ...(await stripe.invoices.retrieve(invoiceId)), status: 'void' }));
    const [answers] = await Promise.all([
      Promise.all([voidInvoice(shopAdmin, id), voidInvoice(shopAdmin, id), voidInvoice(shopAdmin, id)]),
      postWebhook(news.payload, news.signature).expect(200),
    ]);
    // Whichever lands first moves the order; the others find it void (409) or record nothing more.
    for (const a of answers) expect([200, 409]).toContain(a.status);
    expect(await bookingDoc(id)).toMatchObject({ state: 'expired', invoiceStatus: 'void' });
    await settle();
    expect(await stockOf(gasket)).toBe(gaskets! + 3);
    expect((await companyDoc(A)).openInvoiceCents).toBe(open - totalCents);
  });

  it('is the shop admin’s alone (403 for the buyer and the company admin), 404 for no such order; 409 for a card order, a paid or shipped one, and nothing changes', async () => {
    const { id, invoiceId } = await orderOnAccount();
    for (const user of [buyerA, adminA, customer]) expectError((await voidInvoice(user, id).expect(403)).body, 'permission-denied');
    expectError((await voidInvoice(shopAdmin, 'nosuchorder000000000').expect(404)).body, 'not-found');
    expect(await bookingDoc(id)).toMatchObject({ state: 'confirmed', payment: { status: 'open' } });
    expect((await stripe.invoices.retrieve(invoiceId)).status).toBe('open');

    await addLines(customer, [{ toolId: gasket, quantity: 1 }]);
    const card = (await checkout(customer).expect(201)).body._id as string;
    expectError((await voidInvoice(shopAdmin, card).expect(409)).body, 'conflict', /not on account/);
    expect(await bookingDoc(card)).toMatchObject({ state: 'reserved' });

    const paid = await orderOnAccount();
    await stripe.invoices.pay(paid.invoiceId, { paid_out_of_band: true });
    await settle();
    expectError((await voidInvoice(shopAdmin, paid.id).expect(409)).body, 'conflict', /paid/);

    const shipped = await orderOnAccount();
    const gaskets = await stockOf(gasket);
    await api().patch(API.markShipped(shipped.id)).set(bearer(shopAdmin.token)).expect(200);
    expectError((await voidInvoice(shopAdmin, shipped.id).expect(409)).body, 'conflict', /shipped/);
    expect((await stripe.invoices.retrieve(shipped.invoiceId)).status).toBe('open');
    expect(await stockOf(gasket)).toBe(gaskets);
  });
});

describe('an order on account over the buyer’s spending limit (decisions 0056 and 0058)', () => {
  it('waits with no invoice and no credit taken; approved, it is confirmed with exactly one invoice; an approval past the credit limit is 409 and the order keeps waiting', async () => {
    const approve = (id: string) => api().post(API.approveBooking(id)).set(bearer(adminW.token)).send({ note: 'For the Henderson job' });
    const mailOf = async (id: string) => (await db.collection('mail').doc(id).get()).data();
    // $84.99, then $150.00 (each with its Illinois tax): each over buyerW's $50.00 limit, so both wait.
    await addLines(buyerW, [
      { toolId: gasket, quantity: 3 },
      { toolId: relay, quantity: 1 },
    ]);
    const first = (await checkout(buyerW).expect(201)).body;
    expect(first).toMatchObject({ state: 'awaiting-approval', companyId: W, payment: null, approval: { spendingLimit: 50, decision: null } });
    await addLines(buyerW, [{ toolId: gasket, quantity: 6 }]);
    const second = (await checkout(buyerW).expect(201)).body;
    expect(second).toMatchObject({ state: 'awaiting-approval', payment: null });
    // Waiting takes no credit and makes no invoice (not even the company's Customer); the buyer is told it waits.
    expect((await companyDoc(W)).openInvoiceCents).toBe(0);
    expect((await companyDoc(W)).stripeCustomerId ?? null).toBeNull();
    expect(await mailOf(`${first._id}-booked`)).toBeUndefined();
    expect((await mailOf(`${first._id}-awaiting-approval`))?.subject).toContain('waiting for approval');
    expectError((await paymentIntentFor(buyerW, first._id).expect(409)).body, 'conflict', /waits for a company admin/);

    // Approved: confirmed on account, its total counted against the credit, one finalized invoice.
    const approved = (await approve(first._id).expect(200)).body;
    expect(approved).toMatchObject({
      state: 'confirmed',
      paid: false,
      payment: { method: 'invoice', status: 'open' },
      approval: { decision: 'approved', decidedBy: { email: adminW.email } },
    });
    const company = await companyDoc(W);
    expect(company.openInvoiceCents).toBe(ORDER_CENTS);
    const invoices = await invoicesOf(company.stripeCustomerId);
    expect(invoices.map((i) => [i.id, i.status, i.total, i.metadata?.bookingId])).toEqual([[approved.payment.invoiceId, 'open', ORDER_CENTS, first._id]]);
    // A second approval is 409 and changes nothing: still one invoice, the credit taken once.
    expectError((await approve(first._id).expect(409)).body, 'conflict', /already approved/);
    expect((await invoicesOf(company.stripeCustomerId)).length).toBe(1);
    expect((await companyDoc(W)).openInvoiceCents).toBe(ORDER_CENTS);
    // One approved email (no Pay link: the invoice follows) and one on-account confirmation with the invoice's link.
    const approvedMail = await mailOf(`${first._id}-approved`);
    expect(approvedMail?.subject).toContain('confirmed on account');
    expect(approvedMail?.text).not.toContain('Pay now');
    const booked = await mailOf(`${first._id}-booked`);
    expect(booked?.subject).toContain('confirmed on account');
    expect(booked?.text).toContain(approved.payment.hostedInvoiceUrl);
    expect((await bookingDoc(first._id))?.state).toBe('confirmed');

    // $90.30 open + $159.38 would pass the $200.00 limit: 409 naming both, and the order still waits.
    await settle();
    const mark = await firestoreMark();
    expectError((await approve(second._id).expect(409)).body, 'conflict', /credit limit of \$200\.00: \$90\.30 is open/);
    expect(await firestoreMark()).toEqual(mark);
    expect(await bookingDoc(second._id)).toMatchObject({ state: 'awaiting-approval', approval: { decision: null } });
    expect((await bookingDoc(second._id))?.payment ?? null).toBeNull();
    expect(await mailOf(`${second._id}-approved`)).toBeUndefined();
    expect((await invoicesOf(company.stripeCustomerId)).length).toBe(1);
  });
});

describe('GET /companies/{id}/invoices', () => {
  it('answers the shop admin a page of the company’s invoices with their due dates; everyone else is refused', async () => {
    const list = (user: TestUser | null, query = '') => {
      const req = api().get(`${API.companyInvoices(A)}${query}`);
      return user ? req.set(bearer(user.token)) : req;
    };
    await list(null).expect(401);
    for (const user of [customer, buyerA, adminA, buyerC]) expectError((await list(user).expect(403)).body, 'permission-denied');
    const all = await list(shopAdmin).expect(200);
    expect(all.body.length).toBeGreaterThan(3);
    for (const row of all.body)
      expect(Object.keys(row).sort()).toEqual([
        'amount',
        'createdAt',
        'dueDate',
        'hostedInvoiceUrl',
        'invoiceId',
        'invoiceNumber',
        'orderId',
        'orderNumber',
        'status',
      ]);
    const open = await list(shopAdmin, '?status=open').expect(200);
    expect(open.body.length).toBeGreaterThan(0);
    expect(open.body.every((r: { status: string; dueDate: string | null }) => r.status === 'open' && r.dueDate)).toBe(true);
    // Each open invoice with the number Stripe printed on it, which a bank remittance quotes.
    for (const r of open.body as { invoiceId: string; invoiceNumber: string }[])
      expect(r.invoiceNumber).toBe((await stripe.invoices.retrieve(r.invoiceId)).number);
    const page = await list(shopAdmin, '?limit=1').expect(200);
    expect(page.body).toHaveLength(1);
    expect(page.headers[NEXT_CURSOR_HEADER.toLowerCase()]).toBeTruthy();
    expect((await api().get(API.companyInvoices(C)).set(bearer(shopAdmin.token)).expect(200)).body).toEqual([]);
    expectError((await api().get(API.companyInvoices('nosuchcompany')).set(bearer(shopAdmin.token)).expect(404)).body, 'not-found');
    expectError((await list(shopAdmin, '?status=late').expect(400)).body, 'invalid-argument', /status must be one of/);
  });
});
