import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../common/src/api-paths';
import { formatCents } from '../../common/src/money';
import { api, bearer } from '../support/api';
import { db } from '../support/firestore';
import {
  ADMIN,
  CUSTOMER,
  GOOD_CONTACT,
  RATE_BP,
  SHIPPING_TAXED,
  bookingDoc,
  expectError,
  firestoreMark,
  intentIdOf,
  orderDocument,
  paymentIntentFor,
  pdfText,
  postWebhook,
  quickOrder,
  recordPayment,
  signedEvent,
  eventOf,
  stateTaxCents,
  stateTotalCents,
  stripe,
  taxOfCents,
  useCast,
  oneLineTotalCents,
  catalogued,
} from './fixtures';

/**
 * Sales tax (CONTRACT §15, decision 0083): the same lines taxed in each registered state at its rate,
 * each line (and the shipping where the state taxes it) rounded on its own; not collected in
 * Oregon; the one-line address taxed at the shop (Illinois); the cart's tax before checkout; the
 * PaymentIntent for the total with tax; a card order's tax transaction recorded once.
 */

const { customer, member, shopAdmin } = useCast({ customer: CUSTOMER, member: CUSTOMER, shopAdmin: ADMIN });

const SHIP_TO = {
  CA: { line1: '1 Frank H Ogawa Plaza', city: 'Oakland', region: 'CA', postalCode: '94612', country: 'US' },
  TX: { line1: '1500 Marilla St', city: 'Dallas', region: 'TX', postalCode: '75201', country: 'US' },
  NY: { line1: '1 Centre St', city: 'New York', region: 'NY', postalCode: '10007', country: 'US' },
  IL: { line1: '121 N LaSalle St', city: 'Chicago', region: 'IL', postalCode: '60602', country: 'US' },
  OH: { line1: '90 W Broad St', city: 'Columbus', region: 'OH', postalCode: '43215', country: 'US' },
} as const;
/** The parts' rate as Stripe answers it (percentage_decimal), as the double's table lists it. */
const RATE_DECIMAL = { CA: '7.25', TX: '6.25', NY: '4.0', IL: '6.25', OH: '5.75' } as const;
const PORTLAND = { line1: '1221 SW 4th Ave', city: 'Portland', region: 'OR', postalCode: '97204', country: 'US' };

/** One flat method for every US address: $19.95, so the shipping's own rounding shows (6.25% of it is 124.6875 cents). */
const SHIPPING_CENTS = 1995;

let gasket = { id: '', partNumber: '' };
let relay = { id: '', partNumber: '' };
let clip = { id: '', partNumber: '' };
/** 3 x $19.99, 1 x $123.45, 4 x $0.50: line totals whose rounding goes both ways and lands on a half (2.00 x 6.25% = 12.5 cents). */
const LINES = () => [
  { partNumber: gasket.partNumber, quantity: 3 },
  { partNumber: relay.partNumber, quantity: 1 },
  { partNumber: clip.partNumber, quantity: 4 },
];
const LINE_CENTS = [5997, 12_345, 200];

const part = (name: string, priceCents: number) => catalogued({ name, priceCents, minimumQuantity: 1, availableQuantity: 10_000, weight: 1 });

beforeAll(async () => {
  for (const d of (await db.collection('shippingMethods').get()).docs) await d.ref.delete();
  await api()
    .put(API.shippingMethod('tax-ground'))
    .set(bearer(shopAdmin.token))
    .send({ name: 'Flat Ground', carrier: 'ups', zones: [{ country: 'US' }], rates: [{ amount: SHIPPING_CENTS / 100 }], transitDays: { min: 3, max: 5 } })
    .expect(201);
  gasket = await part('Door Gasket', 1999);
  relay = await part('Start Relay', 12_345);
  clip = await part('Shelf Clip', 50);
});

afterAll(async () => {
  // Other files place orders with no shipping methods in the shop: leave none behind.
  for (const d of (await db.collection('shippingMethods').get()).docs) await d.ref.delete();
});

const orderTo = (shippingAddress: object) => quickOrder(customer, { lines: LINES(), phone: GOOD_CONTACT.phone, shippingAddress });

describe('the same lines to each registered state', () => {
  it.each(Object.keys(SHIP_TO) as (keyof typeof SHIP_TO)[])(
    '%s: each line at the state’s rate, rounded on its own; the shipping where the state taxes it',
    async (state) => {
      const res = await orderTo(SHIP_TO[state]).expect(201);
      const bp = RATE_BP[state];
      const shippingTax = SHIPPING_TAXED.has(state) ? taxOfCents(SHIPPING_CENTS, bp) : 0;
      const taxCents = stateTaxCents(state, LINE_CENTS, SHIPPING_CENTS);
      expect(taxCents).toBe(LINE_CENTS.reduce((sum, c) => sum + taxOfCents(c, bp), 0) + shippingTax);
      expect(res.body.tax).toEqual({
        amount: taxCents / 100,
        calculationId: expect.stringMatching(/^taxcalc_/),
        lines: LINE_CENTS.map((c, i) => ({ lineId: String(i), amount: taxOfCents(c, bp) / 100 })),
        shipping: shippingTax / 100,
        reason: 'standard_rated',
        state,
        exemption: null,
        note: null,
        rate: RATE_DECIMAL[state],
      });
      expect(res.body.total).toBe(stateTotalCents(state, LINE_CENTS, SHIPPING_CENTS) / 100);
      expect(res.body.shipping).toMatchObject({ methodId: 'tax-ground', amount: SHIPPING_CENTS / 100 });
      // Kept with the order, in cents, with its calculation; no transaction before it is paid.
      expect((await bookingDoc(res.body._id))?.tax).toMatchObject({ amountCents: taxCents, shippingCents: shippingTax, transactionId: null });
    },
  );

  it('TX taxes the shipping and CA does not (the table), and 2.00 at 6.25% rounds half away from zero', async () => {
    expect(taxOfCents(200, RATE_BP.TX)).toBe(13);
    expect(taxOfCents(SHIPPING_CENTS, RATE_BP.TX)).toBe(125);
    const tx = (await orderTo(SHIP_TO.TX).expect(201)).body;
    const ca = (await orderTo(SHIP_TO.CA).expect(201)).body;
    expect(tx.tax).toMatchObject({ shipping: 1.25, lines: [{ lineId: '0' }, { lineId: '1' }, { lineId: '2', amount: 0.13 }] });
    expect(ca.tax.shipping).toBe(0);
  });
});

describe('where the shop does not collect', () => {
  it('an Oregon ship-to: not_collecting, 0, and the words on the PDF and in the email', async () => {
    const res = await orderTo(PORTLAND).expect(201);
    expect(res.body.tax).toEqual({
      amount: 0,
      calculationId: expect.stringMatching(/^taxcalc_/),
      lines: LINE_CENTS.map((_, i) => ({ lineId: String(i), amount: 0 })),
      shipping: 0,
      reason: 'not_collecting',
      state: 'OR',
      exemption: null,
      note: null,
      rate: null,
    });
    expect(res.body.total).toBe((LINE_CENTS.reduce((s, c) => s + c, 0) + SHIPPING_CENTS) / 100);
    const pdf = await pdfText((await orderDocument(customer, res.body._id).expect(200)).body as Buffer);
    expect(pdf).toContain('No sales tax collected for OR');
    const mail = (await db.collection('mail').doc(`${res.body._id}-booked`).get()).data();
    expect(mail?.text).toContain('No sales tax collected for OR: $0.00');
  });
});

describe('the one-line address', () => {
  it('is taxed at the shop’s own address: Illinois, the parts only (CONTRACT §14)', async () => {
    const res = await quickOrder(customer, { lines: LINES(), ...GOOD_CONTACT }).expect(201);
    expect(res.body.tax).toMatchObject({ state: 'IL', rate: '6.25', reason: 'standard_rated', shipping: 0 });
    expect(res.body.total).toBe(oneLineTotalCents(LINE_CENTS, SHIPPING_CENTS) / 100);
    const pdf = await pdfText((await orderDocument(customer, res.body._id).expect(200)).body as Buffer);
    expect(pdf).toContain(`Sales tax (IL 6.25%): ${formatCents(stateTaxCents('IL', LINE_CENTS))}`);
  });
});

describe('the cart before checkout (GET /cart with a ship-to)', () => {
  const getCart = (query = '') => api().get(`${API.cart}${query}`).set(bearer(customer.token));

  it('answers the tax checkout would charge, lines by tool id; none without a ship-to; the order then charges the same', async () => {
    await api().put(API.cart).set(bearer(customer.token)).send({ lines: LINES() }).expect(200);
    expect((await getCart().expect(200)).body.tax).toBeNull();
    const q = '?country=US&region=TX&postalCode=75201&line1=1500%20Marilla%20St&city=Dallas';
    const cart = (await getCart(q).expect(200)).body;
    expect(cart.tax).toEqual({
      amount: stateTaxCents('TX', LINE_CENTS, SHIPPING_CENTS) / 100,
      calculationId: expect.stringMatching(/^taxcalc_/),
      lines: [gasket.id, relay.id, clip.id].map((lineId, i) => ({ lineId, amount: taxOfCents(LINE_CENTS[i]!, RATE_BP.TX) / 100 })),
      shipping: taxOfCents(SHIPPING_CENTS, RATE_BP.TX) / 100,
      reason: 'standard_rated',
      state: 'TX',
      exemption: null,
      note: null,
      rate: '6.25',
    });
    const order = (await api().post(API.checkout).set(bearer(customer.token)).send({ phone: GOOD_CONTACT.phone, shippingAddress: SHIP_TO.TX }).expect(201))
      .body;
    expect(order.tax.amount).toBe(cart.tax.amount);
    expect(order.total).toBe(stateTotalCents('TX', LINE_CENTS, SHIPPING_CENTS) / 100);
  });

  it.each([
    ['country=usa&region=TX&postalCode=75201'],
    ['country=US&postalCode=75201'],
    ['country=US&region=TX&postalCode=75201&shipToId=s1'],
    ['country=US&region=TX&postalCode=75201&city=' + 'x'.repeat(61)],
    ['shipToId=s1'],
    ['shippingMethodId=tax-ground'],
    ['country=US&region=TX&postalCode=75201&color=blue'],
    ['country=US&country=US&region=TX&postalCode=75201'],
  ])('refuses a bad query (%s) with 400, nothing changed', async (query) => {
    const mark = await firestoreMark();
    expectError((await getCart(`?${query}`).expect(400)).body, 'invalid-argument');
    expect(await firestoreMark()).toEqual(mark);
  });
});

describe('paying for an order with tax', () => {
  it('the PaymentIntent charges the total with tax', async () => {
    const order = (await orderTo(SHIP_TO.CA).expect(201)).body;
    const intent = await paymentIntentFor(customer, order._id).expect(200);
    expect(intent.body.amount).toBe(stateTotalCents('CA', LINE_CENTS, SHIPPING_CENTS));
    expect((await stripe.paymentIntents.retrieve(intentIdOf(intent.body.clientSecret))).amount).toBe(intent.body.amount);
  });
});

describe('a card order’s tax transaction', () => {
  it('is recorded once when paid, with the order number: the browser’s report and the webhook racing, then the webhook replayed', async () => {
    // Order numbers start again in each file's cleared Firestore while the double remembers every
    // reference: this order's number is one no earlier file used.
    await db
      .collection('counters')
      .doc('orders')
      .set({ year: new Date().getUTCFullYear(), seq: 500_000 + (Date.now() % 400_000) });
    const order = (await orderTo(SHIP_TO.NY).expect(201)).body;
    const pi = intentIdOf((await paymentIntentFor(customer, order._id).expect(200)).body.clientSecret);
    const confirmed = await stripe.paymentIntents.confirm(pi, { payment_method: 'pm_card_visa' });
    const { payload, signature } = signedEvent(eventOf('payment_intent.succeeded', confirmed));
    const [report, hook] = await Promise.all([recordPayment(customer, order._id, pi), postWebhook(payload, signature)]);
    expect([report.status, hook.status]).toEqual([200, 200]);
    expect((await postWebhook(payload, signature).expect(200)).body.outcome).toBe('duplicate');
    const stored = await bookingDoc(order._id);
    expect(stored).toMatchObject({ state: 'paid', taxTransactionPending: false, tax: { transactionId: expect.stringMatching(/^tax_/) } });
    const transaction = await stripe.tax.transactions.retrieve(stored!.tax.transactionId as string);
    expect(transaction).toMatchObject({ reference: order.orderNumber, metadata: { bookingId: order._id } });
    // A reference names one transaction at Stripe: the order number's is this one, and the order's
    // own Idempotency-Key (what every racing call sent) answers it again rather than a second.
    const again = await stripe.tax.transactions.createFromCalculation(
      { calculation: order.tax.calculationId, reference: order.orderNumber, metadata: { bookingId: order._id } },
      { idempotencyKey: `tax-transaction-${order._id}` },
    );
    expect(again.id).toBe(transaction.id);
    await expect(stripe.tax.transactions.createFromCalculation({ calculation: order.tax.calculationId, reference: order.orderNumber })).rejects.toMatchObject({
      statusCode: 400,
    });
  });
});

describe('Net 30', () => {
  it('the invoice carries the order’s tax: a line per order line with its code, the shipping taxed as shipping, at the ship-to', async () => {
    const company = (
      await api()
        .post(API.companies)
        .set(bearer(shopAdmin.token))
        .send({
          name: 'Gulf Coast Cooling',
          billingAddress: SHIP_TO.TX,
          shipTo: [{ label: 'Dallas', address: SHIP_TO.TX }],
          terms: 'net30',
          creditLimit: 50_000,
        })
        .expect(201)
    ).body._id as string;
    await api().post(API.companyInvitations(company)).set(bearer(shopAdmin.token)).send({ email: member.email, role: 'buyer' }).expect(201);
    await api().put(API.syncUser(member.email)).set(bearer(member.token)).expect(200);
    const order = (await quickOrder(member, { lines: LINES(), phone: GOOD_CONTACT.phone, shipToId: 's1' }).expect(201)).body;
    expect(order).toMatchObject({
      state: 'confirmed',
      payment: { status: 'open' },
      tax: { state: 'TX', amount: stateTaxCents('TX', LINE_CENTS, SHIPPING_CENTS) / 100 },
    });
    const invoice = await stripe.invoices.retrieve(order.payment.invoiceId);
    const invoiceTax = (invoice.total_taxes ?? []).reduce((sum, t) => sum + t.amount, 0);
    expect(invoiceTax).toBe(Math.round(order.tax.amount * 100));
    expect(invoice.total).toBe(Math.round(order.total * 100));
    const lines = await stripe.invoices.listLineItems(invoice.id!);
    expect(lines.data.map((l) => (l.taxes ?? []).reduce((sum, t) => sum + t.amount, 0))).toEqual([
      ...LINE_CENTS.map((c) => taxOfCents(c, RATE_BP.TX)),
      taxOfCents(SHIPPING_CENTS, RATE_BP.TX),
    ]);
  });
});
