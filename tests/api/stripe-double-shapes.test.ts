import '../support/env';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { localOrigin } from '../../common/src/local-stack';
import { stripe } from './fixtures';

/**
 * The Stripe double answers with Stripe's own shapes (CONTRACT §9, §10): every PaymentIntent,
 * Charge, Refund, Event, Customer, InvoiceItem, Invoice, invoice line item and Stripe Tax object
 * (calculation, transaction, their line items, registration) it gives the real stripe SDK carries
 * exactly the top-level fields of Stripe's published fixture of that object
 * (scripts/stripe-double/fixtures/stripe-fixtures3.json, from stripe/openapi), plus the fields the
 * SDK's newer API version always returns, and the expandable ones only when expanded; each value is
 * of the fixture's type, and null only where Stripe's types allow null.
 */
const DOUBLE = localOrigin('stripe');

type Kind =
  | 'payment_intent'
  | 'charge'
  | 'refund'
  | 'event'
  | 'customer'
  | 'invoiceitem'
  | 'invoice'
  | 'line_item'
  | 'tax.calculation'
  | 'tax.calculation_line_item'
  | 'tax.transaction'
  | 'tax.transaction_line_item'
  | 'tax.registration'
  | 'credit_note'
  | 'credit_note_line_item';
type Json = Record<string, unknown>;

const FIXTURES = (
  JSON.parse(readFileSync(path.resolve(__dirname, '../../scripts/stripe-double/fixtures/stripe-fixtures3.json'), 'utf8')) as { resources: Record<Kind, Json> }
).resources;

/**
 * The top-level fields of an object as the installed SDK's types declare them (generated from
 * Stripe's OpenAPI spec): name -> whether it may be left out, and its type text (`| null` where
 * Stripe returns null).
 */
function sdkFields(file: string, iface: string): Map<string, { optional: boolean; type: string }> {
  const sdkRoot = path.resolve(path.dirname(createRequire(import.meta.url).resolve('stripe')), '..');
  const text = readFileSync(path.join(sdkRoot, 'esm', 'resources', `${file}.d.ts`), 'utf8');
  const start = text.indexOf(`export interface ${iface} {`);
  const body = text.slice(start, text.indexOf('\n}', start));
  // `Refund.Reason` and the like name a union of string literals in the interface's namespace:
  // read it there, so a string field is known as one. An interface named there stays a name.
  const nsStart = text.indexOf(`export declare namespace ${iface} {`);
  const namespace = nsStart < 0 ? '' : text.slice(nsStart, text.indexOf('\n}', nsStart));
  const resolve = (type: string) =>
    type.replace(new RegExp(`\\b${iface}\\.(\\w+)\\b`, 'g'), (whole, name: string) => {
      const alias = new RegExp(`^ {4}type ${name} = ([^;]*);`, 'm').exec(namespace);
      return alias ? `(${alias[1]})` : whole;
    });
  const fields = new Map([...body.matchAll(/^ {4}(\w+)(\?)?: ([^;]*);/gm)].map((m) => [m[1], { optional: m[2] === '?', type: resolve(m[3]) }] as const));
  // A parse that finds nothing would make every check below pass vacuously.
  if (start < 0 || fields.size < 9) throw new Error(`Could not read ${iface} from the stripe SDK's ${file}.d.ts`);
  return fields;
}

const SDK: Record<Kind, ReturnType<typeof sdkFields>> = {
  payment_intent: sdkFields('PaymentIntents', 'PaymentIntent'),
  charge: sdkFields('Charges', 'Charge'),
  refund: sdkFields('Refunds', 'Refund'),
  event: sdkFields('Events', 'EventBase'),
  customer: sdkFields('Customers', 'Customer'),
  invoiceitem: sdkFields('InvoiceItems', 'InvoiceItem'),
  invoice: sdkFields('Invoices', 'Invoice'),
  line_item: sdkFields('InvoiceLineItems', 'InvoiceLineItem'),
  'tax.calculation': sdkFields('Tax/Calculations', 'Calculation'),
  'tax.calculation_line_item': sdkFields('Tax/CalculationLineItems', 'CalculationLineItem'),
  'tax.transaction': sdkFields('Tax/Transactions', 'Transaction'),
  'tax.transaction_line_item': sdkFields('Tax/TransactionLineItems', 'TransactionLineItem'),
  'tax.registration': sdkFields('Tax/Registrations', 'Registration'),
  credit_note: sdkFields('CreditNotes', 'CreditNote'),
  credit_note_line_item: sdkFields('CreditNoteLineItems', 'CreditNoteLineItem'),
};

/**
 * Stripe's expandable fields: there only when the request names them in `expand` (the transaction's
 * fixture shows its `line_items` expanded; the calculation's does not).
 */
const EXPANDABLE: Partial<Record<Kind, string[]>> = {
  'tax.calculation': ['line_items'],
  'tax.calculation_line_item': ['tax_breakdown'],
  'tax.transaction': ['line_items'],
};

/** The fixture's fields, and any the SDK's API version always returns that the fixture predates. */
function expectedKeys(kind: Kind): string[] {
  const sdkAlways = [...SDK[kind]].filter(([, f]) => !f.optional).map(([k]) => k);
  return [...new Set([...Object.keys(FIXTURES[kind]), ...sdkAlways])].sort();
}

const kindOf = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);
const TYPE_TEXT: Record<string, RegExp> = {
  string: /\bstring\b|'/,
  number: /\bnumber\b/,
  boolean: /\bboolean\b/,
  array: /\bArray</,
  object: /\b(?!OtherString\b)[A-Z]\w*|\{/,
};

/**
 * Fields the fixture still has that the SDK's API version dropped (an invoice's `subscription`,
 * now `parent.subscription_details`): kept, with the fixture's value, as the fixture shows them.
 */
const FIXTURE_ONLY: Partial<Record<Kind, string[]>> = { invoice: ['subscription'] };

/**
 * Fields Stripe leaves out of some objects of a kind, as its own fixtures show: a credit note's
 * custom line has no `invoice_line_item` (the credit note fixture's second line; optional in the SDK).
 */
const ABSENT_WHEN: Partial<Record<Kind, (obj: Json) => string[]>> = {
  credit_note_line_item: (obj) => (obj.type === 'custom_line_item' ? ['invoice_line_item'] : []),
};

/** Holds one object the double answered to Stripe's shape for its kind; `expanded` names the expandable fields asked for. */
function expectStripeShape(kind: Kind, object: unknown, expanded: string[] = []) {
  const obj = object as Json;
  const expandable = EXPANDABLE[kind] ?? [];
  const absent = ABSENT_WHEN[kind]?.(obj) ?? [];
  const keys = [...new Set([...expectedKeys(kind).filter((k) => !expandable.includes(k) && !absent.includes(k)), ...expanded])].sort();
  expect(Object.keys(obj).sort(), `${kind} fields`).toEqual(keys);
  for (const [key, value] of Object.entries(obj)) {
    const declared = SDK[kind].get(key);
    const fixture = FIXTURES[kind][key];
    if (FIXTURE_ONLY[kind]?.includes(key)) {
      expect(declared, `${kind}.${key} is still missing from the SDK's types`).toBeUndefined();
      expect(value, `${kind}.${key} as the fixture has it`).toEqual(fixture);
      continue;
    }
    expect(declared, `${kind}.${key} is in the SDK's types`).toBeDefined();
    if (/\bDecimal\b/.test(declared!.type) && value !== null) {
      // A decimal string on the wire (as in an event's body), which the SDK turns into its Decimal.
      expect(typeof value === 'string' || typeof value === 'object', `${kind}.${key} is a decimal string or Decimal`).toBe(true);
      expect(String(value), `${kind}.${key} is a decimal`).toMatch(/^-?\d+(\.\d+)?$/);
      if (fixture !== null) expect(kindOf(fixture), `${kind}.${key} is a string in the fixture`).toBe('string');
    } else if (value === null) {
      expect(declared!.type, `${kind}.${key} may be null`).toMatch(/\bnull\b/);
    } else if (fixture !== undefined && fixture !== null) {
      expect(kindOf(value), `${kind}.${key} is of the fixture's type`).toBe(kindOf(fixture));
    } else {
      expect(declared!.type, `${kind}.${key} (${kindOf(value)}) is of the SDK's type`).toMatch(TYPE_TEXT[kindOf(value)]);
    }
  }
}

async function eventsOf(id: string, filter: 'payment_intent' | 'object' = 'payment_intent'): Promise<{ type: string; data: { object: Json } }[]> {
  const res = await fetch(`${DOUBLE}/_double/events?${filter}=${id}`);
  return ((await res.json()) as { data: { event: { type: string; data: { object: Json } } }[] }).data.map((e) => e.event);
}

const create = (params: Partial<Parameters<typeof stripe.paymentIntents.create>[0]> = {}) =>
  stripe.paymentIntents.create({ amount: 2599, currency: 'usd', allowed_payment_method_types: ['card'], metadata: { bookingId: 'b-shapes' }, ...params });

describe("the Stripe double holds to Stripe's published shapes (stripe/openapi fixtures3.json)", () => {
  it('the vendored fixtures are the objects the shop uses', () => {
    expect(Object.keys(FIXTURES).sort()).toEqual([
      'charge',
      'credit_note',
      'credit_note_line_item',
      'customer',
      'event',
      'invoice',
      'invoiceitem',
      'line_item',
      'payment_intent',
      'refund',
      'tax.calculation',
      'tax.calculation_line_item',
      'tax.registration',
      'tax.transaction',
      'tax.transaction_line_item',
    ]);
    for (const kind of Object.keys(FIXTURES) as Kind[]) expect(FIXTURES[kind].object).toBe(kind);
  });

  it('a new PaymentIntent: every field, next_action, latest_charge and last_payment_error null', async () => {
    const pi = await create();
    expectStripeShape('payment_intent', pi);
    expect(pi).toMatchObject({
      status: 'requires_payment_method',
      next_action: null,
      latest_charge: null,
      last_payment_error: null,
      allowed_payment_method_types: ['card'],
    });
    // Created with the older parameter name, the newer field is null, as Stripe answers.
    // (Gone from the SDK's create parameters; still taken by the API and by the double.)
    const older = await create({ allowed_payment_method_types: undefined, ...({ payment_method_types: ['card'] } as object) });
    expectStripeShape('payment_intent', older);
    expect(older.allowed_payment_method_types).toBeNull();
    expect(older.payment_method_types).toEqual(['card']);
  });

  it('paid: the PaymentIntent names its charge in latest_charge, and the charge has every field', async () => {
    const { id } = await create();
    const paid = await stripe.paymentIntents.confirm(id, { payment_method: 'pm_card_visa' });
    expectStripeShape('payment_intent', paid);
    expect(paid).toMatchObject({ status: 'succeeded', amount_received: 2599, next_action: null, last_payment_error: null });
    expect(paid.latest_charge).toMatch(/^ch_/);
    const charge = await stripe.charges.retrieve(paid.latest_charge as string);
    expectStripeShape('charge', charge);
    expect(charge).toMatchObject({ status: 'succeeded', paid: true, captured: true, payment_intent: id, failure_code: null, amount_captured: 2599 });
    expect(charge.balance_transaction).toMatch(/^txn_/);
    expectStripeShape('payment_intent', await stripe.paymentIntents.retrieve(id));
  });

  it('declined: last_payment_error says why, latest_charge is the failed charge; a later payment clears the error', async () => {
    const { id } = await create();
    const err = (await stripe.paymentIntents.confirm(id, { payment_method: 'pm_card_chargeDeclinedInsufficientFunds' }).catch((e: unknown) => e)) as {
      type: string;
      decline_code?: string;
      payment_intent?: unknown;
    };
    expect(err.type).toBe('StripeCardError');
    expect(err.decline_code).toBe('insufficient_funds');
    // The error carries the PaymentIntent as it now stands, whole.
    expectStripeShape('payment_intent', err.payment_intent);

    const declined = await stripe.paymentIntents.retrieve(id);
    expectStripeShape('payment_intent', declined);
    expect(declined).toMatchObject({ status: 'requires_payment_method', payment_method: null, next_action: null });
    expect(declined.last_payment_error).toMatchObject({
      type: 'card_error',
      code: 'card_declined',
      decline_code: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
    });
    expect(declined.latest_charge).toMatch(/^ch_/);
    const failed = await stripe.charges.retrieve(declined.latest_charge as string);
    expectStripeShape('charge', failed);
    expect(failed).toMatchObject({
      status: 'failed',
      paid: false,
      captured: false,
      balance_transaction: null,
      failure_code: 'card_declined',
      amount_captured: 0,
    });
    expect(failed.outcome).toMatchObject({ type: 'issuer_declined', reason: 'insufficient_funds' });
    expect(declined.last_payment_error?.charge).toBe(failed.id);

    const paid = await stripe.paymentIntents.confirm(id, { payment_method: 'pm_card_visa' });
    expectStripeShape('payment_intent', paid);
    expect(paid).toMatchObject({ status: 'succeeded', last_payment_error: null });
    expect(paid.latest_charge).not.toBe(failed.id);
  });

  it('refunded: the refund has every field, and the charge lists it', async () => {
    const { id } = await create();
    const paid = await stripe.paymentIntents.confirm(id, { payment_method: 'pm_card_visa' });
    const part = await stripe.refunds.create({ payment_intent: id, amount: 599, reason: 'requested_by_customer' });
    expectStripeShape('refund', part);
    expect(part).toMatchObject({ amount: 599, charge: paid.latest_charge, payment_intent: id, status: 'succeeded', reason: 'requested_by_customer' });
    const rest = await stripe.refunds.create({ charge: paid.latest_charge as string });
    expectStripeShape('refund', await stripe.refunds.retrieve(rest.id));
    const charge = await stripe.charges.retrieve(paid.latest_charge as string);
    expectStripeShape('charge', charge);
    expect(charge).toMatchObject({ refunded: true, amount_refunded: 2599 });
    expect(charge.refunds?.data.map((r) => r.id)).toEqual([rest.id, part.id]);
    for (const r of charge.refunds?.data ?? []) expectStripeShape('refund', r);
  });

  it('canceled: canceled_at and cancellation_reason are set, every other field still there', async () => {
    const { id } = await create();
    const canceled = await stripe.paymentIntents.cancel(id, { cancellation_reason: 'abandoned' });
    expectStripeShape('payment_intent', canceled);
    expect(canceled).toMatchObject({ status: 'canceled', cancellation_reason: 'abandoned', latest_charge: null });
    expect(typeof canceled.canceled_at).toBe('number');
  });

  it("every event it sends has Stripe's envelope, and the object inside has its full shape", async () => {
    const { id } = await create();
    await stripe.paymentIntents.confirm(id, { payment_method: 'pm_card_chargeDeclined' }).catch(() => undefined);
    await stripe.paymentIntents.confirm(id, { payment_method: 'pm_card_visa' });
    await stripe.refunds.create({ payment_intent: id });
    const events = await eventsOf(id);
    expect(events.map((e) => e.type).sort()).toEqual(
      [
        'charge.failed',
        'charge.refunded',
        'charge.succeeded',
        'payment_intent.created',
        'payment_intent.payment_failed',
        'payment_intent.succeeded',
        'refund.created',
      ].sort(),
    );
    for (const event of events) {
      expectStripeShape('event', event);
      expect(Object.keys(event.data)).toEqual(Object.keys(FIXTURES.event.data as Json));
      expectStripeShape(event.data.object.object as Kind, event.data.object);
    }
  });
});

describe("the Stripe double's billing objects hold to Stripe's published shapes", () => {
  /** An invoice and each of its lines. */
  function expectInvoiceShape(invoice: unknown) {
    expectStripeShape('invoice', invoice);
    const lines = (invoice as { lines: { data: unknown[] } }).lines.data;
    for (const line of lines) expectStripeShape('line_item', line);
    return lines.length;
  }

  const customerOf = () => stripe.customers.create({ name: 'Shape Refrigeration', email: 'ap@shape.test', metadata: { companyId: 'c-shapes' } });
  const draftOf = (customer: string) =>
    stripe.invoices.create({ customer, collection_method: 'send_invoice', days_until_due: 30, custom_fields: [{ name: 'PO number', value: 'PO-1' }] });

  /** An open invoice of one line (an invoice with nothing due is paid as it is finalized). */
  async function openOf(customer: string) {
    const { id: invoice } = await draftOf(customer);
    await stripe.invoiceItems.create({ customer, invoice, amount: 700, currency: 'usd', description: 'Relay' });
    return stripe.invoices.finalizeInvoice(invoice);
  }

  it('a customer, new, updated and listed: every field', async () => {
    const created = await customerOf();
    expectStripeShape('customer', created);
    expectStripeShape('customer', await stripe.customers.update(created.id, { email: 'office@shape.test' }));
    expectStripeShape('customer', await stripe.customers.retrieve(created.id));
    const listed = await stripe.customers.list({ limit: 3 });
    expect(listed.data.length).toBeGreaterThan(0);
    for (const c of listed.data) expectStripeShape('customer', c);
  });

  it('invoice items by amount and by quantity and unit amount: every field', async () => {
    const { id: customer } = await customerOf();
    const { id: invoice } = await draftOf(customer);
    const byAmount = await stripe.invoiceItems.create({ customer, invoice, amount: 999, currency: 'usd', description: 'Door gasket' });
    expectStripeShape('invoiceitem', byAmount);
    const byUnit = await stripe.invoiceItems.create({ customer, invoice, quantity: 4, unit_amount_decimal: Stripe.Decimal.from('1250.5'), currency: 'usd' });
    expectStripeShape('invoiceitem', byUnit);
    // 4 x 1250.5 cents = 5002 cents, a whole number of cents.
    expect(byUnit).toMatchObject({ amount: 5002, quantity: 4 });
    const pending = await stripe.invoiceItems.create({ customer, amount: 100, currency: 'usd' });
    expectStripeShape('invoiceitem', await stripe.invoiceItems.retrieve(pending.id));
  });

  it('an invoice through draft, open, paid, void and uncollectible, and its lines: every field', async () => {
    const { id: customer } = await customerOf();
    const draft = await draftOf(customer);
    expect(expectInvoiceShape(draft)).toBe(0);
    expect((draft as unknown as Json).subscription).toBeNull();
    await stripe.invoiceItems.create({ customer, invoice: draft.id, amount: 1500, currency: 'usd', description: 'Thermostat' });
    const added = await stripe.invoices.addLines(draft.id, {
      lines: [
        { amount: 2500, description: 'Fan motor' },
        { quantity: 2, price_data: { currency: 'usd', product_data: { name: 'Fan blade' }, unit_amount: 450 } },
      ],
    });
    expect(expectInvoiceShape(added)).toBe(3);
    const open = await stripe.invoices.finalizeInvoice(draft.id);
    expect(expectInvoiceShape(open)).toBe(3);
    expect(open).toMatchObject({ status: 'open', total: 4900 });
    expect(typeof open.hosted_invoice_url).toBe('string');
    expect(typeof open.invoice_pdf).toBe('string');
    expectInvoiceShape(await stripe.invoices.pay(draft.id, { paid_out_of_band: true }));
    for await (const line of stripe.invoices.listLineItems(draft.id)) expectStripeShape('line_item', line);

    const toVoid = await openOf(customer);
    expectInvoiceShape(await stripe.invoices.voidInvoice(toVoid.id));
    const bad = await openOf(customer);
    expectInvoiceShape(await stripe.invoices.markUncollectible(bad.id));
    const listed = await stripe.invoices.list({ customer });
    expect(listed.data.map((i) => i.status)).toEqual(['uncollectible', 'void', 'paid']);
    for (const invoice of listed.data) expectInvoiceShape(invoice);
  });

  it("every billing event has Stripe's envelope, and the object inside has its full shape", async () => {
    const customer = await customerOf();
    const draft = await draftOf(customer.id);
    await stripe.invoiceItems.create({ customer: customer.id, invoice: draft.id, amount: 1500, currency: 'usd' });
    await stripe.invoices.finalizeInvoice(draft.id);
    await fetch(`${DOUBLE}/_double/invoices/${draft.id}/bank-transfer`, { method: 'POST' });
    const other = await openOf(customer.id);
    await stripe.invoices.markUncollectible(other.id);
    await stripe.invoices.voidInvoice(other.id);
    const events = await eventsOf(customer.id, 'object');
    expect([...new Set(events.map((e) => e.type))].sort()).toEqual(
      [
        'customer.created',
        'invoice.created',
        'invoice.finalized',
        'invoice.marked_uncollectible',
        'invoice.paid',
        'invoice.payment_succeeded',
        'invoice.voided',
        'invoiceitem.created',
      ].sort(),
    );
    for (const event of events) {
      expectStripeShape('event', event);
      expect(Object.keys(event.data)).toEqual(Object.keys(FIXTURES.event.data as Json));
      const object = event.data.object;
      if (object.object === 'invoice') expectInvoiceShape(object);
      else expectStripeShape(object.object as Kind, object);
    }
  });
});

describe("the Stripe double's Stripe Tax objects hold to Stripe's published shapes", () => {
  /** The nested object has exactly the fixture's keys (and the SDK's newer ones, `extra`). */
  function expectSameKeys(actual: unknown, fixture: unknown, label: string, extra: string[] = []) {
    expect(kindOf(actual), `${label} is an object`).toBe('object');
    expect(Object.keys(actual as Json).sort(), `${label} fields`).toEqual([...new Set([...Object.keys(fixture as Json), ...extra])].sort());
  }
  const calcFixture = FIXTURES['tax.calculation'];
  const breakdownFixture = (calcFixture.tax_breakdown as Json[])[0];

  const calculate = (expand: string[] = []) =>
    stripe.tax.calculations.create({
      currency: 'usd',
      line_items: [
        { amount: 1499, reference: '0', tax_code: 'txcd_99999999', quantity: 1, tax_behavior: 'exclusive' },
        { amount: 600, reference: '1', tax_code: 'txcd_00000000', quantity: 3, tax_behavior: 'exclusive' },
      ],
      shipping_cost: { amount: 300, tax_behavior: 'exclusive' },
      customer_details: {
        address: { line1: '354 Oyster Point Blvd', line2: '', city: 'South San Francisco', state: 'CA', postal_code: '94080', country: 'US' },
        address_source: 'shipping',
        taxability_override: 'none',
      },
      expand,
    });

  it('a calculation, plain and with its line items expanded: every field, and its breakdown, shipping and customer details as the fixture nests them', async () => {
    const plain = await calculate();
    expectStripeShape('tax.calculation', plain);
    expectSameKeys(plain.customer_details, calcFixture.customer_details, 'customer_details');
    expectSameKeys(plain.customer_details.address, (calcFixture.customer_details as Json).address, 'customer_details.address');
    expectSameKeys(plain.shipping_cost, calcFixture.shipping_cost, 'shipping_cost');
    expect(plain.tax_breakdown.length).toBeGreaterThan(0);
    for (const entry of plain.tax_breakdown) {
      expectSameKeys(entry, breakdownFixture, 'tax_breakdown[]');
      expectSameKeys(entry.tax_rate_details, breakdownFixture.tax_rate_details, 'tax_breakdown[].tax_rate_details');
    }

    const expanded = await calculate(['line_items', 'shipping_cost.tax_breakdown']);
    expectStripeShape('tax.calculation', expanded, ['line_items']);
    expectSameKeys(expanded.shipping_cost, calcFixture.shipping_cost, 'shipping_cost (expanded)', ['tax_breakdown']);
    expect(expanded.line_items).toMatchObject({ object: 'list', has_more: false, url: `/v1/tax/calculations/${expanded.id}/line_items` });
    expect(expanded.line_items?.data).toHaveLength(2);
    for (const line of expanded.line_items?.data ?? []) expectStripeShape('tax.calculation_line_item', line);

    const retrieved = await stripe.tax.calculations.retrieve(expanded.id as string);
    expectStripeShape('tax.calculation', retrieved);
    const listed = await stripe.tax.calculations.listLineItems(expanded.id as string, { expand: ['data.tax_breakdown'] });
    for (const line of listed.data) expectStripeShape('tax.calculation_line_item', line, ['tax_breakdown']);
  });

  it('a transaction and a reversal, plain and with their line items; the registrations: every field', async () => {
    const calc = await calculate();
    const txn = await stripe.tax.transactions.createFromCalculation({ calculation: calc.id as string, reference: `shape-${Date.now()}-${Math.random()}` });
    expectStripeShape('tax.transaction', txn);
    expectSameKeys(txn.shipping_cost, FIXTURES['tax.transaction'].shipping_cost, 'transaction shipping_cost');
    expectSameKeys(txn.customer_details, FIXTURES['tax.transaction'].customer_details, 'transaction customer_details');
    const expanded = await stripe.tax.transactions.retrieve(txn.id, { expand: ['line_items'] });
    expectStripeShape('tax.transaction', expanded, ['line_items']);
    expectSameKeys(expanded.line_items, FIXTURES['tax.transaction'].line_items, 'transaction line_items');
    for (const line of expanded.line_items?.data ?? []) expectStripeShape('tax.transaction_line_item', line);
    const reversal = await stripe.tax.transactions.createReversal({
      mode: 'partial',
      original_transaction: txn.id,
      reference: `shape-r-${Date.now()}-${Math.random()}`,
      line_items: [{ original_line_item: expanded.line_items!.data[0].id, reference: '0', amount: -100, amount_tax: -10 }],
      expand: ['line_items'],
    });
    expectStripeShape('tax.transaction', reversal, ['line_items']);
    expectSameKeys(reversal.reversal, FIXTURES['tax.transaction'].reversal, 'transaction reversal');
    for (const line of reversal.line_items?.data ?? []) {
      expectStripeShape('tax.transaction_line_item', line);
      expectSameKeys(line.reversal, FIXTURES['tax.transaction_line_item'].reversal, 'line reversal');
    }
    for await (const line of stripe.tax.transactions.listLineItems(reversal.id)) expectStripeShape('tax.transaction_line_item', line);
    const registrations = await stripe.tax.registrations.list();
    expect(registrations.data.length).toBeGreaterThan(0);
    for (const r of registrations.data) {
      expectStripeShape('tax.registration', r);
      expectSameKeys(r.country_options.us, (FIXTURES['tax.registration'].country_options as Json).us, 'country_options.us');
    }
  });

  it('a Customer with a ship-to and an invoice with automatic tax: every field, the tax entries as the SDK declares them', async () => {
    const address = { line1: '500 Congress Ave', line2: null, city: 'Austin', state: 'TX', postal_code: '78701', country: 'US' };
    const customer = await stripe.customers.create({
      name: 'Shape Cold Storage',
      address: { ...address, line2: undefined },
      shipping: { name: 'Dock 2', address: { ...address, line2: undefined } },
      tax_exempt: 'none',
    });
    expectStripeShape('customer', customer);
    expectSameKeys(customer.address, FIXTURES.customer.address, 'customer address');
    expect(customer.shipping).toEqual({ name: 'Dock 2', phone: null, address });
    const draft = await stripe.invoices.create({
      customer: customer.id,
      collection_method: 'send_invoice',
      days_until_due: 30,
      automatic_tax: { enabled: true },
    });
    await stripe.invoiceItems.create({ customer: customer.id, invoice: draft.id, amount: 1000, currency: 'usd', tax_code: 'txcd_99999999' });
    await stripe.invoiceItems.create({ customer: customer.id, invoice: draft.id, amount: 500, currency: 'usd', tax_code: 'txcd_92010001' });
    const open = await stripe.invoices.finalizeInvoice(draft.id);
    expectStripeShape('invoice', open);
    expectSameKeys(open.automatic_tax, FIXTURES.invoice.automatic_tax, 'automatic_tax');
    const taxFields = ['amount', 'tax_behavior', 'tax_rate_details', 'taxability_reason', 'taxable_amount', 'type'];
    expect(open.total_taxes?.length).toBeGreaterThan(0);
    for (const t of open.total_taxes ?? []) expect(Object.keys(t).sort()).toEqual(taxFields);
    for (const line of open.lines.data) {
      expectStripeShape('line_item', line);
      expect(line.taxes?.length).toBe(1);
      for (const t of line.taxes ?? []) expect(Object.keys(t).sort()).toEqual(taxFields);
    }
  });
});

describe("the Stripe double's credit notes hold to Stripe's published shapes", () => {
  /** A credit note and each of its lines, `lines` nested as the fixture nests it. */
  function expectCreditNoteShape(note: unknown) {
    expectStripeShape('credit_note', note);
    const lines = (note as { lines: Json }).lines;
    expect(Object.keys(lines).sort()).toEqual(Object.keys(FIXTURES.credit_note.lines as Json).sort());
    for (const line of lines.data as Json[]) expectStripeShape('credit_note_line_item', line);
  }

  it('issued (on an open and on a paid invoice), previewed, listed, its lines and voided, and its events: every field', async () => {
    const address = { line1: '500 Congress Ave', city: 'Austin', state: 'TX', postal_code: '78701', country: 'US' };
    const { id: customer } = await stripe.customers.create({ name: 'Shape Credit', shipping: { name: 'Dock', address } });
    const invoiceOf = async () => {
      const draft = await stripe.invoices.create({ customer, collection_method: 'send_invoice', days_until_due: 30, automatic_tax: { enabled: true } });
      await stripe.invoiceItems.create({ customer, invoice: draft.id, amount: 1000, currency: 'usd', description: 'Relay' });
      return stripe.invoices.finalizeInvoice(draft.id);
    };
    const open = await invoiceOf();
    const lines = (invoice: Stripe.Invoice): Stripe.CreditNoteCreateParams.Line[] => [
      { type: 'invoice_line_item', invoice_line_item: invoice.lines.data[0].id, amount: 400 },
      { type: 'custom_line_item', unit_amount: 100, quantity: 1, description: 'Goodwill' },
    ];
    expectCreditNoteShape(await stripe.creditNotes.preview({ invoice: open.id, lines: lines(open) }));
    const note = await stripe.creditNotes.create({ invoice: open.id, lines: lines(open), reason: 'order_change' });
    expectCreditNoteShape(note);
    expect(note.lines.data.map((l) => l.type)).toEqual(['invoice_line_item', 'custom_line_item']);
    expectCreditNoteShape(await stripe.creditNotes.retrieve(note.id));
    for await (const line of stripe.creditNotes.listLineItems(note.id)) expectStripeShape('credit_note_line_item', line);
    expectCreditNoteShape(await stripe.creditNotes.voidCreditNote(note.id));

    const paid = await invoiceOf();
    await stripe.invoices.pay(paid.id, { paid_out_of_band: true });
    expectCreditNoteShape(await stripe.creditNotes.create({ invoice: paid.id, lines: lines(paid) }));
    const listed = await stripe.creditNotes.list({ customer });
    expect(listed.data).toHaveLength(2);
    for (const n of listed.data) expectCreditNoteShape(n);

    const events = (await eventsOf(customer, 'object')).filter((e) => e.type.startsWith('credit_note.'));
    expect(events.map((e) => e.type).sort()).toEqual(['credit_note.created', 'credit_note.created', 'credit_note.voided']);
    for (const event of events) {
      expectStripeShape('event', event);
      expectCreditNoteShape(event.data.object);
    }
  });
});
