import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../common/src/api-paths';
import { DEMO_SHIPPING_METHODS } from '../../scripts/seed/demo-shipping';
import { NO_SHIPPING_MESSAGE } from '../../common/src/shipping/rates';
import { Timestamp } from 'firebase-admin/firestore';
import { api, bearer } from '../support/api';
import { lineCells, parseCsv } from '../support/csv';
import type { TestUser } from '../support/auth';
import { db, makeTool } from '../support/firestore';
import {
  ADMIN,
  ANONYMOUS_CALLERS,
  CUSTOMER,
  GOOD_CONTACT,
  bookingDoc,
  dumpFirestore,
  expectError,
  firestoreMark,
  orderDocument,
  paymentIntentFor,
  pdfText,
  placeBooking,
  stockOf,
  stripe,
  useCast,
  RATE_BP,
  stateTaxCents,
  stateTotalCents,
  taxOfCents,
} from './fixtures';
import { formatCents } from '../../common/src/money';
import { inboxOf, mailSettled } from './mail-inbox';

/**
 * Shipping methods, rates and options (CONTRACT §14, decision 0075): the admin's methods (bad input
 * refused, nothing changed), rates at their bounds, a freight part sent by freight, a place no
 * method serves refused, and the shipping in the order's total, its PaymentIntent and its Net 30
 * invoice.
 */

const cast = useCast({ shopAdmin: ADMIN, customer: CUSTOMER, buyer: CUSTOMER });
const { shopAdmin, customer, buyer } = cast;

const DALLAS = { line1: '1500 Marilla St', city: 'Dallas', region: 'TX', postalCode: '75201', country: 'US' };
const OAKLAND = { line1: '1 Frank H Ogawa Plaza', city: 'Oakland', region: 'CA', postalCode: '94612', country: 'US' };
const TORONTO = { line1: '100 Queen St W', city: 'Toronto', region: 'ON', postalCode: 'M5H 2N2', country: 'CA' };

const putMethod = (id: string, body: unknown, headers: Record<string, string> = {}) =>
  api()
    .put(API.shippingMethod(id))
    .set(bearer(shopAdmin.token))
    .set(headers)
    .send(body as object);
const options = (user: TestUser, query: string) => api().get(`${API.shippingOptions()}?${query}`).set(bearer(user.token));
const where = (a: typeof DALLAS) => `country=${a.country}&region=${a.region}&postalCode=${encodeURIComponent(a.postalCode)}`;

let atBound = ''; // $6,000.00, 5 lb
let overBound = ''; // $6,000.01, 5 lb
let heavier = ''; // $6,000.01, 5.01 lb
let thermostat = ''; // $18.00, 0.45 lb
let condensing = ''; // freight, 148 lb

beforeAll(async () => {
  for (const d of (await db.collection('shippingMethods').get()).docs) await d.ref.delete();
  for (const [id, body] of Object.entries(DEMO_SHIPPING_METHODS)) await putMethod(id, body).expect(201);
  atBound = await makeTool({ name: 'Walk-in evaporator', priceCents: 600_000, minimumQuantity: 1, availableQuantity: 50, weight: 5 });
  overBound = await makeTool({ name: 'Walk-in evaporator XL', priceCents: 600_001, minimumQuantity: 1, availableQuantity: 50, weight: 5 });
  heavier = await makeTool({ name: 'Walk-in evaporator XXL', priceCents: 600_001, minimumQuantity: 1, availableQuantity: 50, weight: 5.01 });
  thermostat = await makeTool({ name: 'Cold control', priceCents: 1800, minimumQuantity: 1, availableQuantity: 500, weight: 0.45 });
  condensing = await makeTool({ name: 'Condensing unit', priceCents: 128_900, minimumQuantity: 1, availableQuantity: 20, weight: 148, freight: true });
});

afterAll(async () => {
  // Other files place orders with no shipping methods in the shop: leave none behind.
  for (const d of (await db.collection('shippingMethods').get()).docs) await d.ref.delete();
});

describe('shipping methods (admin)', () => {
  it('lists what was PUT, in dollars and pounds, each with its version as the ETag', async () => {
    const res = await api().get(API.shippingMethods).set(bearer(shopAdmin.token)).expect(200);
    const ground = res.body.methods.find((m: { id: string }) => m.id === 'parcel-ground');
    expect(ground).toMatchObject({ name: 'UPS Ground', carrier: 'ups', freightOnly: false, transitDays: { min: 3, max: 5 }, version: '1' });
    expect(ground.rates.slice(0, 2)).toEqual([
      { maxSubtotal: 6000, amount: 0 },
      { maxWeight: 5, amount: 12.5 },
    ]);
    expect(res.body.methods.map((m: { id: string }) => m.id)).toEqual(['ltl-freight', 'parcel-express', 'parcel-ground', 'regional-next-day']);
  });

  it('refuses bad input, a stale If-Match and a non-admin, changing nothing', async () => {
    const before = await firestoreMark();
    const good = DEMO_SHIPPING_METHODS['parcel-express']!;
    for (const bad of [
      { ...good, carrier: 'dhl' },
      { ...good, rates: [{ amount: -1 }] },
      { ...good, rates: [{ amount: 1.005 }] },
      { ...good, zones: [] },
      { ...good, zones: [{ country: 'usa' }] },
      { ...good, transitDays: { min: 3, max: 1 } },
      { ...good, extra: true },
      [],
    ]) {
      expectError((await putMethod('parcel-express', bad).expect(400)).body, 'invalid-argument');
    }
    expectError((await putMethod('Parcel Express!', good).expect(400)).body, 'invalid-argument');
    const stale = await putMethod('parcel-express', { ...good, name: 'Renamed' }, { 'If-Match': '"99"' }).expect(412);
    expect(stale.body.method).toMatchObject({ id: 'parcel-express', name: 'FedEx 2Day', version: '1' });
    expect(stale.headers.etag).toBe('"1"');
    await api().put(API.shippingMethod('parcel-express')).set(bearer(customer.token)).send(good).expect(403);
    await api().delete(API.shippingMethod('parcel-express')).set(bearer(customer.token)).expect(403);
    await api().get(API.shippingMethods).set(bearer(customer.token)).expect(403);
    expectError((await api().delete(API.shippingMethod('no-such-method')).set(bearer(shopAdmin.token)).expect(404)).body, 'not-found');
    expect(await firestoreMark()).toEqual(before);
  });

  it('replaces with the right If-Match (200, next version) and deletes', async () => {
    const body = { name: 'Will call', carrier: 'other', zones: [{ country: 'US', regions: ['il'] }], rates: [{ amount: 0 }], transitDays: { min: 0, max: 0 } };
    const made = await putMethod('will-call', body).expect(201);
    expect(made.headers.etag).toBe('"1"');
    expect(made.body.zones).toEqual([{ country: 'US', regions: ['IL'] }]);
    const replaced = await putMethod('will-call', { ...body, name: 'Will call (Springfield)' }, { 'If-Match': '"1"' }).expect(200);
    expect(replaced.body).toMatchObject({ name: 'Will call (Springfield)', version: '2' });
    await api().delete(API.shippingMethod('will-call')).set(bearer(shopAdmin.token)).set('If-Match', '"1"').expect(412);
    expect((await api().delete(API.shippingMethod('will-call')).set(bearer(shopAdmin.token)).set('If-Match', '"2"').expect(200)).body).toEqual({
      deletedCount: 1,
    });
    expect((await db.collection('shippingMethods').doc('will-call').get()).exists).toBe(false);
  });
});

describe('shipping options', () => {
  const ids = (res: { body: { options: { id: string; amount: number }[] } }) => res.body.options.map((o) => `${o.id}:${o.amount}`);

  it('$6,000.00 ships free by ground; $6,000.01 pays by weight, 5 lb exactly at the 5 lb rate, 5.01 lb at the next', async () => {
    const free = await options(customer, `${where(DALLAS)}&lines=${atBound}:1`).expect(200);
    expect(free.body.options[0]).toMatchObject({ id: 'parcel-ground', amount: 0, freeUpTo: 6000, carrier: 'ups' });
    const ground = (res: Parameters<typeof ids>[0]) => ids(res).find((o) => o.startsWith('parcel-ground:'));
    expect(ground(await options(customer, `${where(DALLAS)}&lines=${overBound}:1`).expect(200))).toBe('parcel-ground:12.5');
    expect(ground(await options(customer, `${where(DALLAS)}&lines=${heavier}:1`).expect(200))).toBe('parcel-ground:24');
  });

  it('dates each option from the ship day, cheapest first; Dallas is offered next day, Oakland is not', async () => {
    const dallas = await options(customer, `${where(DALLAS)}&lines=${thermostat}:2`).expect(200);
    expect(ids(dallas)).toEqual(['parcel-ground:0', 'regional-next-day:19.5', 'parcel-express:29']);
    const oakland = await options(customer, `${where(OAKLAND)}&lines=${thermostat}:2`).expect(200);
    expect(ids(oakland)).toEqual(['parcel-ground:0', 'parcel-express:29']);
    for (const o of dallas.body.options) {
      expect(o.shipsOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(o.deliveryEstimate.minimum > o.shipsOn).toBe(true);
      expect(o.deliveryEstimate.maximum >= o.deliveryEstimate.minimum).toBe(true);
    }
  });

  it('offers only freight for an order with a freight part', async () => {
    expect(ids(await options(customer, `${where(DALLAS)}&lines=${condensing}:1,${thermostat}:1`).expect(200))).toEqual(['ltl-freight:185']);
  });

  it('offers nothing where no method serves, and refuses what is not one place', async () => {
    expect((await options(customer, `${where(TORONTO)}&lines=${thermostat}:1`).expect(200)).body).toEqual({ options: [] });
    expectError((await options(customer, `country=US&lines=${thermostat}:1`).expect(400)).body, 'invalid-argument');
    expectError((await options(customer, `bookingId=x&shipToId=s1`).expect(400)).body, 'invalid-argument');
    await api()
      .get(`${API.shippingOptions()}?${where(DALLAS)}`)
      .expect(401);
  });
});

describe('shipping on orders', () => {
  it('refuses (400) an order to a place no method serves, and nothing moves', async () => {
    const before = await firestoreMark();
    const stock = await stockOf(thermostat);
    const res = await placeBooking(customer, { toolId: thermostat, quantity: 1, phone: GOOD_CONTACT.phone, shippingAddress: TORONTO }).expect(400);
    expectError(res.body, 'invalid-argument', NO_SHIPPING_MESSAGE);
    expect(await stockOf(thermostat)).toBe(stock);
    expect(await firestoreMark()).toEqual(before);
  });

  it('refuses a method that does not serve the order, naming the ones that do', async () => {
    const res = await placeBooking(customer, {
      toolId: thermostat,
      quantity: 1,
      phone: GOOD_CONTACT.phone,
      shippingAddress: OAKLAND,
      shippingMethodId: 'regional-next-day',
    });
    expect(res.status).toBe(400);
    expectError(res.body, 'invalid-argument', /does not serve this order: choose one of parcel-ground, parcel-express/);
  });

  it('keeps the chosen method with the order, its amount in the total and in the PaymentIntent', async () => {
    const res = await placeBooking(customer, {
      toolId: overBound,
      quantity: 1,
      phone: GOOD_CONTACT.phone,
      shippingAddress: DALLAS,
      shippingMethodId: 'regional-next-day',
    }).expect(201);
    // Texas taxes the parts and the shipping, each rounded on its own (CONTRACT §15).
    const totalCents = stateTotalCents('TX', [600_001], 1950);
    expect(res.body).toMatchObject({
      total: totalCents / 100,
      shipping: { methodId: 'regional-next-day', name: 'UPS Next Day (Midwest and South)', carrier: 'ups', amount: 19.5 },
      shippingAddress: { ...DALLAS, line2: '' },
      address: '1500 Marilla St, Dallas, TX 75201, US',
    });
    expect(await bookingDoc(res.body._id)).toMatchObject({
      totalCents,
      shipping: { amountCents: 1950 },
      tax: { amountCents: stateTaxCents('TX', [600_001], 1950), shippingCents: taxOfCents(1950, RATE_BP.TX), state: 'TX', rate: '6.25' },
    });
    const intent = await paymentIntentFor(customer, res.body._id).expect(200);
    expect(intent.body.amount).toBe(totalCents);
    // The same cents on the order's PDF and in its email.
    const pdf = await pdfText((await orderDocument(customer, res.body._id).expect(200)).body as Buffer);
    expect(pdf).toContain('Shipping (UPS Next Day (Midwest and South))');
    expect(pdf).toContain('$19.50');
    expect(pdf).toContain(`Sales tax (TX 6.25%): ${formatCents(stateTaxCents('TX', [600_001], 1950))}`);
    expect(pdf).toContain(formatCents(totalCents));
    await mailSettled();
    const mail = (await inboxOf(customer.email)).find((m) => m.text.includes(res.body.orderNumber));
    expect(mail?.text).toContain('UPS Next Day (Midwest and South): $19.50');
    expect(mail?.text).toContain(`Sales tax (TX 6.25%): ${formatCents(stateTaxCents('TX', [600_001], 1950))}`);
    expect(mail?.text).toContain(formatCents(totalCents));
  });

  it('gives charged shipping a row in the orders CSV, so the line totals add up to the order total with it', async () => {
    const res = await placeBooking(customer, {
      toolId: thermostat,
      quantity: 2,
      phone: GOOD_CONTACT.phone,
      shippingAddress: DALLAS,
      shippingMethodId: 'regional-next-day',
    }).expect(201);
    const order = res.body as { _id: string; total: number; shipping: { name: string; amount: number } };
    expect(order.shipping.amount).toBeGreaterThan(0);
    // Alone on its own UTC day, so the export holds this order only.
    await db
      .collection('bookings')
      .doc(order._id)
      .update({ createdAt: Timestamp.fromMillis(Date.UTC(2029, 4, 7, 9)) });
    const csv = parseCsv(
      (
        await api()
          .get(API.exportOrders({ from: '2029-05-07', to: '2029-05-07' }))
          .set(bearer(shopAdmin.token))
          .expect(200)
      ).text.replace(/^\uFEFF/, ''),
    );
    const total = order.total.toFixed(2);
    const shipping = order.shipping.amount.toFixed(2);
    const tax = (stateTaxCents('TX', [3600], Math.round(order.shipping.amount * 100)) / 100).toFixed(2);
    expect(lineCells(csv)).toEqual([
      ['1', expect.any(String), 'Cold control', '2', '18.00', '36.00', total],
      ['Shipping', '', order.shipping.name, '1', shipping, shipping, total],
      ['Sales tax', '', 'Sales tax (TX 6.25%)', '1', tax, tax, total],
    ]);
    const cents = lineCells(csv).reduce((sum, r) => sum + Math.round(Number(r[5]) * 100), 0);
    expect(cents).toBe(Math.round(order.total * 100));
  });

  it('ships by the cheapest by default; a one-line address is rated from the shop (Illinois) and kept unverified', async () => {
    const res = await placeBooking(customer, { toolId: heavier, quantity: 1, ...GOOD_CONTACT }).expect(201);
    // Taxed at the shop, in Illinois: the parts only (CONTRACT §14, §15).
    expect(res.body).toMatchObject({
      total: stateTotalCents('IL', [600_001], 1950) / 100,
      shipping: { methodId: 'regional-next-day', amount: 19.5 },
      tax: { state: 'IL', rate: '6.25', shipping: 0 },
      shippingAddress: null,
      address: GOOD_CONTACT.address,
    });
    const west = await placeBooking(customer, { toolId: heavier, quantity: 1, phone: GOOD_CONTACT.phone, shippingAddress: OAKLAND }).expect(201);
    // California taxes the parts, not the shipping.
    expect(west.body).toMatchObject({ total: stateTotalCents('CA', [600_001], 2400) / 100, shipping: { methodId: 'parcel-ground', amount: 24 } });
    const freight = await placeBooking(customer, { toolId: condensing, quantity: 1, phone: GOOD_CONTACT.phone, shippingAddress: OAKLAND }).expect(201);
    expect(freight.body.shipping).toMatchObject({ methodId: 'ltl-freight', carrier: 'freight', amount: 185 });
  });

  it('adds a shipping line to the Net 30 invoice, in Stripe’s shape, and the invoice totals the order', async () => {
    const company = (
      await api()
        .post(API.companies)
        .set(bearer(shopAdmin.token))
        .send({
          name: 'Lone Star Refrigeration',
          billingAddress: DALLAS,
          shipTo: [{ label: 'Dallas shop', address: DALLAS }],
          terms: 'net30',
          creditLimit: 50_000,
        })
        .expect(201)
    ).body._id as string;
    await api().post(API.companyInvitations(company)).set(bearer(shopAdmin.token)).send({ email: buyer.email, role: 'company-admin' }).expect(201);
    await api().put(API.syncUser(buyer.email)).set(bearer(buyer.token)).expect(200);
    await api()
      .post(API.cartLines)
      .set(bearer(buyer.token))
      .send({ lines: [{ toolId: overBound, quantity: 1 }] })
      .expect(200);
    const opts = await options(buyer, 'shipToId=s1').expect(200);
    expect(opts.body.options.map((o: { id: string }) => o.id)).toEqual(['parcel-ground', 'regional-next-day', 'parcel-express']);
    const order = (await api().post(API.checkout).set(bearer(buyer.token)).send({ phone: GOOD_CONTACT.phone, shipToId: 's1' }).expect(201)).body;
    expect(order).toMatchObject({
      state: 'confirmed',
      total: stateTotalCents('TX', [600_001], 1250) / 100,
      shipping: { methodId: 'parcel-ground', amount: 12.5 },
      shippingAddress: { ...DALLAS, line2: '' },
    });
    const lines = await stripe.invoices.listLineItems(order.payment.invoiceId);
    expect(lines.data.map((l) => [l.quantity, l.amount, l.description])).toEqual([
      [1, 600_001, expect.stringContaining('Walk-in evaporator XL')],
      [1, 1250, 'Shipping: UPS Ground'],
    ]);
    // The invoice's tax is the order's: Stripe's automatic tax at the Texas ship-to, shipping taxed too.
    expect((await stripe.invoices.retrieve(order.payment.invoiceId)).total).toBe(stateTotalCents('TX', [600_001], 1250));
    const options2 = await options(buyer, `bookingId=${order._id}`).expect(200);
    expect(options2.body.options[0]).toMatchObject({ id: 'parcel-ground', amount: 12.5 });
  });
});

describe('callers without a valid token (CONTRACT §14 calls)', () => {
  it.each(ANONYMOUS_CALLERS)('refuses $label with 401 on every shipping call, changing nothing', async ({ headers }) => {
    const before = await dumpFirestore();
    const calls = [
      api().get(API.shippingMethods),
      api().put(API.shippingMethod('any-method')).send(Object.values(DEMO_SHIPPING_METHODS)[0]),
      api().delete(API.shippingMethod('any-method')),
      api().get(`${API.shippingOptions()}?${where(DALLAS)}`),
      api()
        .post(API.shipments('any-order'))
        .set('Idempotency-Key', 'k1')
        .send({ lines: [{ lineId: '0', quantity: 1 }], carrier: 'ups', trackingNumbers: ['1Z1'] }),
      api()
        .patch(API.shipment('any-order', 'a'.repeat(24)))
        .send({ trackingNumbers: ['1Z2'] }),
      api().post(API.shipmentDelivered('any-order', 'a'.repeat(24))),
      api().delete(API.shipment('any-order', 'a'.repeat(24))),
      api().get(API.packingSlip('any-order', 'a'.repeat(24))),
    ];
    for (const [i, call] of calls.entries()) {
      const res = await call.set(headers);
      expect(res.status, `call ${i}`).toBe(401);
      expectError(res.body, 'unauthenticated');
    }
    expect(await dumpFirestore()).toEqual(before);
  });
});
