import { beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../common/src/api-paths';
import { addCalendarDays } from '../../common/src/availability/availability';
import { dayWords } from '../../common/src/tax/exemption';
import { api, bearer } from '../support/api';
import type { TestUser } from '../support/auth';
import { db } from '../support/firestore';
import { ADMIN, CUSTOMER, GOOD_CONTACT, RATE_BP, bookingDoc, catalogued, orderDocument, pdfText, quickOrder, stripe, taxOfCents, useCast } from './fixtures';
import { CA_ADDRESS, TX_ADDRESS, certificateBody, reviewPath, shopDay, upload } from './exemption-fixtures';

/**
 * Tax with an exemption certificate (CONTRACT §15, decision 0084): a ship-to in Texas with an
 * approved, valid Texas certificate is taxed 0 with reason customer_exempt and the certificate's
 * words on the cart, the order, its PDF and email, and its Net 30 invoice has no tax; past its
 * expiry it is taxed again, saying so; pending and rejected certificates, and one for another
 * state, exempt nothing, the first two saying why.
 */

const { shopAdmin, companyAdmin, buyer } = useCast({ shopAdmin: ADMIN, companyAdmin: CUSTOMER, buyer: CUSTOMER });

/** Dallas ship-tos, each with its own certificate story; s6 in California. */
const SHIP_TOS = ['Exempt dock', 'Expired dock', 'Pending dock', 'Rejected dock', 'Other-state dock'].map((label, i) => ({
  label,
  address: { ...TX_ADDRESS, line1: `${i + 1}00 Marilla St` },
}));
const LINE_CENTS = [5997, 12_345];
const TX_TAX = LINE_CENTS.reduce((sum, c) => sum + taxOfCents(c, RATE_BP.TX), 0);

let companyId = '';
let gasket = { id: '', partNumber: '' };
let relay = { id: '', partNumber: '' };
const certificates: Record<string, { id: string; number: string }> = {};

const approve = (shipToId: string, eid: string) =>
  api()
    .post(reviewPath(companyId, shipToId, eid, 'approve'))
    .set(bearer(shopAdmin.token))
    .expect(200);
const certify = async (shipToId: string, over: Record<string, unknown>) =>
  (await upload(companyAdmin, companyId, shipToId, certificateBody(over)).expect(201)).body as { id: string; number: string };

beforeAll(async () => {
  for (const d of (await db.collection('shippingMethods').get()).docs) await d.ref.delete();
  gasket = await catalogued({ name: 'Door Gasket', priceCents: 1999, minimumQuantity: 1, availableQuantity: 10_000, weight: 1 });
  relay = await catalogued({ name: 'Start Relay', priceCents: 12_345, minimumQuantity: 1, availableQuantity: 10_000, weight: 1 });
  companyId = (
    await api()
      .post(API.companies)
      .set(bearer(shopAdmin.token))
      .send({
        name: 'Lone Star Refrigeration',
        billingAddress: TX_ADDRESS,
        shipTo: [...SHIP_TOS, { label: 'Oakland', address: CA_ADDRESS }],
        terms: 'net30',
        creditLimit: 50_000,
      })
      .expect(201)
  ).body._id as string;
  for (const [user, role] of [
    [companyAdmin, 'company-admin'],
    [buyer, 'buyer'],
  ] as [TestUser, string][]) {
    await api().post(API.companyInvitations(companyId)).set(bearer(shopAdmin.token)).send({ email: user.email, role }).expect(201);
    await api().put(API.syncUser(user.email)).set(bearer(user.token)).expect(200);
  }
  certificates.exempt = await certify('s1', { number: 'TX-EXEMPT-1' });
  await approve('s1', certificates.exempt.id);
  certificates.expired = await certify('s2', { number: 'TX-OLD-2' });
  await approve('s2', certificates.expired.id);
  certificates.pending = await certify('s3', { number: 'TX-WAIT-3' });
  certificates.rejected = await certify('s4', { number: 'TX-NO-4' });
  await api()
    .post(reviewPath(companyId, 's4', certificates.rejected.id, 'reject'))
    .set(bearer(shopAdmin.token))
    .send({ reason: 'The form is not signed.' })
    .expect(200);
  certificates.otherState = await certify('s5', { state: 'CA', number: 'CA-5' });
  await approve('s5', certificates.otherState.id);
});

const LINES = () => [
  { partNumber: gasket.partNumber, quantity: 3 },
  { partNumber: relay.partNumber, quantity: 1 },
];
const order = async (shipToId: string) => (await quickOrder(buyer, { lines: LINES(), phone: GOOD_CONTACT.phone, shipToId }).expect(201)).body;
const cartTax = async (shipToId: string) => {
  await api()
    .put(API.cart)
    .set(bearer(buyer.token))
    .send({
      lines: [
        { toolId: gasket.id, quantity: 3 },
        { toolId: relay.id, quantity: 1 },
      ],
    })
    .expect(200);
  return (await api().get(`${API.cart}?shipToId=${shipToId}`).set(bearer(buyer.token)).expect(200)).body.tax;
};
const invoiceTaxOf = async (invoiceId: string) => {
  const invoice = await stripe.invoices.retrieve(invoiceId);
  return { tax: (invoice.total_taxes ?? []).reduce((sum, t) => sum + t.amount, 0), total: invoice.total, automatic: invoice.automatic_tax?.enabled };
};

const EXEMPT_WORDS = 'Exempt: resale certificate TX-EXEMPT-1 (TX)';

describe('an approved, valid certificate for the ship-to’s state', () => {
  it('exempts the cart: tax 0, customer_exempt, the certificate and its words', async () => {
    const tax = await cartTax('s1');
    expect(tax).toMatchObject({
      amount: 0,
      reason: 'customer_exempt',
      state: 'TX',
      rate: null,
      note: null,
      exemption: { id: certificates.exempt!.id, kind: 'resale', state: 'TX', number: 'TX-EXEMPT-1', words: EXEMPT_WORDS },
    });
    expect(tax.lines.map((l: { amount: number }) => l.amount)).toEqual([0, 0]);
  });

  it('exempts the order, its PDF and email say so, and its Net 30 invoice carries no tax', async () => {
    const placed = await order('s1');
    expect(placed.tax).toMatchObject({ amount: 0, reason: 'customer_exempt', exemption: { words: EXEMPT_WORDS }, note: null });
    expect(placed.total).toBe(LINE_CENTS.reduce((a, b) => a + b, 0) / 100);
    expect((await bookingDoc(placed._id))?.tax).toMatchObject({ amountCents: 0, reason: 'customer_exempt', exemption: { id: certificates.exempt!.id } });
    const pdf = await pdfText((await orderDocument(buyer, placed._id).expect(200)).body as Buffer);
    expect(pdf).toContain(EXEMPT_WORDS);
    const read = await api().get(API.myBooking(placed._id)).set(bearer(buyer.token)).expect(200);
    expect(read.body.tax.exemption.words).toBe(EXEMPT_WORDS);
    const invoice = await invoiceTaxOf(placed.payment.invoiceId);
    expect(invoice).toEqual({ tax: 0, total: Math.round(placed.total * 100), automatic: false });
    await expect
      .poll(async () => (await db.collection('mail').where('bookingId', '==', placed._id).get()).docs.map((d) => d.data().text as string).join('\n'))
      .toContain(EXEMPT_WORDS);
  });

  it('a Net 30 order that is taxed has the invoice’s tax equal to the order’s', async () => {
    const placed = await order('s3');
    expect(placed.tax.amount).toBe(TX_TAX / 100);
    const invoice = await invoiceTaxOf(placed.payment.invoiceId);
    expect(invoice).toEqual({ tax: Math.round(placed.tax.amount * 100), total: Math.round(placed.total * 100), automatic: true });
  });
});

describe('certificates that exempt nothing', () => {
  it('past its expiry: taxed again, saying when it expired', async () => {
    // The shop's clock can not be moved here: the certificate (and the company's copy) is stored as expired yesterday.
    const yesterday = addCalendarDays(shopDay(), -1);
    const eid = certificates.expired!.id;
    await db.collection('exemptions').doc(eid).update({ expiresOn: yesterday });
    const company = db.collection('companies').doc(companyId);
    const list = (await company.get()).data()!.exemptCertificates as { id: string; expiresOn: string | null }[];
    await company.update({ exemptCertificates: list.map((c) => (c.id === eid ? { ...c, expiresOn: yesterday } : c)) });
    const note = `Your resale certificate TX-OLD-2 (TX) expired on ${dayWords(yesterday)}, so sales tax is charged again.`;
    expect(await cartTax('s2')).toMatchObject({ amount: TX_TAX / 100, reason: 'standard_rated', exemption: null, note });
    const placed = await order('s2');
    expect(placed.tax).toMatchObject({ amount: TX_TAX / 100, reason: 'standard_rated', exemption: null, note });
    const listed = (await api().get(`/companies/${companyId}/exemptions`).set(bearer(companyAdmin.token)).expect(200)).body.exemptions;
    expect(listed.find((e: { id: string }) => e.id === eid)?.status).toBe('expired');
  });

  it('on its last day it still exempts', async () => {
    const eid = certificates.expired!.id;
    const today = shopDay();
    await db.collection('exemptions').doc(eid).update({ expiresOn: today });
    const company = db.collection('companies').doc(companyId);
    const list = (await company.get()).data()!.exemptCertificates as { id: string; expiresOn: string | null }[];
    await company.update({ exemptCertificates: list.map((c) => (c.id === eid ? { ...c, expiresOn: today } : c)) });
    expect(await cartTax('s2')).toMatchObject({ amount: 0, reason: 'customer_exempt', note: null });
  });

  it('pending: taxed, saying it waits for review', async () => {
    const note = 'Your resale certificate TX-WAIT-3 (TX) is waiting for review, so sales tax is charged.';
    expect(await cartTax('s3')).toMatchObject({ amount: TX_TAX / 100, reason: 'standard_rated', exemption: null, note });
    expect((await order('s3')).tax).toMatchObject({ amount: TX_TAX / 100, note });
  });

  it('rejected: taxed, saying why', async () => {
    const note = 'Your resale certificate TX-NO-4 (TX) was rejected: The form is not signed. Sales tax is charged.';
    expect(await cartTax('s4')).toMatchObject({ amount: TX_TAX / 100, reason: 'standard_rated', exemption: null, note });
    expect((await order('s4')).tax).toMatchObject({ amount: TX_TAX / 100, note });
  });

  it('approved for another state: taxed, with no note (no certificate for this state)', async () => {
    expect(await cartTax('s5')).toMatchObject({ amount: TX_TAX / 100, reason: 'standard_rated', exemption: null, note: null });
    const placed = await order('s5');
    expect(placed.tax).toMatchObject({ amount: TX_TAX / 100, reason: 'standard_rated', exemption: null, note: null });
    expect(await pdfText((await orderDocument(buyer, placed._id).expect(200)).body as Buffer)).not.toContain('Exempt');
  });

  it('revoked: the next cart is taxed again', async () => {
    await api()
      .post(reviewPath(companyId, 's1', certificates.exempt!.id, 'reject'))
      .set(bearer(shopAdmin.token))
      .send({ reason: 'Revoked: permit cancelled' })
      .expect(200);
    expect(await cartTax('s1')).toMatchObject({
      amount: TX_TAX / 100,
      exemption: null,
      note: 'Your resale certificate TX-EXEMPT-1 (TX) was rejected: Revoked: permit cancelled. Sales tax is charged.',
    });
  });
});
