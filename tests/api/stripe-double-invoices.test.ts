import '../support/env';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localOrigin } from '../../common/src/local-stack';
import { WEBHOOK_SECRET, pdfText, stripe } from './fixtures';

/**
 * The Stripe double's Customers, invoice items and Invoices (CONTRACT §10), driven through the real
 * stripe SDK as the shop will drive them for a net30 company order: one Customer per company, a
 * send_invoice invoice due in 30 days with the PO number as a custom field, one item per order
 * line, finalized; then paid, voided or marked uncollectible, with Stripe's refusals, idempotency
 * and signed events. Amounts are integer cents.
 */
const DOUBLE = localOrigin('stripe');
const DAY = 86400;

type Json = Record<string, unknown>;
type DoubleEvent = { id: string; type: string; data: { object: Json } };

async function eventsAbout(id: string): Promise<DoubleEvent[]> {
  const res = await fetch(`${DOUBLE}/_double/events?object=${id}`);
  return ((await res.json()) as { data: { event: DoubleEvent }[] }).data.map((e) => e.event);
}

/** The error a call fails with (a test fails if it does not fail). */
async function refusal(call: Promise<unknown>): Promise<Stripe.errors.StripeError> {
  const outcome = await call.then(
    () => null,
    (err: unknown) => err,
  );
  expect(outcome, 'the call was refused').toBeInstanceOf(Stripe.errors.StripeError);
  return outcome as Stripe.errors.StripeError;
}

let seq = 0;
const unique = (label: string) => `${label}-${Date.now()}-${++seq}`;

const company = (name = 'Polar Repair Co') =>
  stripe.customers.create({ name, email: `${unique('ap')}@polar-repair.test`, metadata: { companyId: unique('company') } });

/** A net30 company invoice as the shop will make it: send_invoice, 30 days, the PO as a custom field. */
const draftFor = (customer: string, po = 'PO-4471', options?: Stripe.RequestOptions) =>
  stripe.invoices.create(
    {
      customer,
      collection_method: 'send_invoice',
      days_until_due: 30,
      custom_fields: [{ name: 'PO number', value: po }],
      auto_advance: false,
      metadata: { orderId: `order-of-${po}` },
    },
    options,
  );

/** An open invoice of `cents` (one line), for the state-machine tests. */
async function openInvoice(cents = 2500) {
  const { id: customer } = await company();
  const draft = await draftFor(customer);
  await stripe.invoiceItems.create({ customer, invoice: draft.id, amount: cents, currency: 'usd', description: 'Door gasket' });
  return stripe.invoices.finalizeInvoice(draft.id);
}

describe('customers', () => {
  it('are created, read, updated and listed in Stripe list pages', async () => {
    const created = await company('Arctic Service Ltd');
    expect(created).toMatchObject({ object: 'customer', name: 'Arctic Service Ltd', balance: 0, currency: null, livemode: false });
    expect(created.id).toMatch(/^cus_/);
    expect(created.email).toMatch(/@polar-repair\.test$/);
    expect(await stripe.customers.retrieve(created.id)).toEqual(created);

    const companyId = created.metadata.companyId;
    const updated = await stripe.customers.update(created.id, { email: 'office@arctic.test', metadata: { terms: 'net30', companyId: '' } });
    // Keys merge; an empty value removes its key, as Stripe reads it.
    expect(updated).toMatchObject({ email: 'office@arctic.test', name: 'Arctic Service Ltd', metadata: { terms: 'net30' } });
    expect(updated.metadata.companyId).toBeUndefined();
    expect(companyId).toBeTruthy();

    const email = `${unique('list')}@polar-repair.test`;
    const three = [];
    for (const name of ['A', 'B', 'C']) three.push(await stripe.customers.create({ name, email }));
    const first = await stripe.customers.list({ email, limit: 2 });
    expect(first).toMatchObject({ object: 'list', has_more: true, url: '/v1/customers' });
    // Newest first.
    expect(first.data.map((c) => c.name)).toEqual(['C', 'B']);
    const rest = await stripe.customers.list({ email, limit: 2, starting_after: first.data[1].id });
    expect(rest.data.map((c) => c.name)).toEqual(['A']);
    expect(rest.has_more).toBe(false);
    const back = await stripe.customers.list({ email, limit: 1, ending_before: three[0].id });
    expect(back.data.map((c) => c.name)).toEqual(['B']);
    const all: string[] = [];
    for await (const c of stripe.customers.list({ email, limit: 1 })) all.push(c.name ?? '');
    expect(all).toEqual(['C', 'B', 'A']);

    const missing = await refusal(stripe.customers.retrieve('cus_nosuchcustomer'));
    expect(missing).toMatchObject({ type: 'StripeInvalidRequestError', statusCode: 404, code: 'resource_missing' });
    expect((await eventsAbout(created.id)).map((e) => e.type)).toContain('customer.created');
  });
});

describe('a net30 company invoice', () => {
  it('is made as the shop makes it, finalized due in 30 days with the right total, and shown on the hosted page', async () => {
    const customer = await company();
    const key = unique('order-invoice');
    const draft = await draftFor(customer.id, 'PO-4471', { idempotencyKey: key });
    expect(draft).toMatchObject({
      object: 'invoice',
      status: 'draft',
      customer: customer.id,
      collection_method: 'send_invoice',
      custom_fields: [{ name: 'PO number', value: 'PO-4471' }],
      number: null,
      hosted_invoice_url: null,
      total: 0,
      lines: { object: 'list', data: [], has_more: false, url: `/v1/invoices/${draft.id}/lines` },
    });
    expect(draft.due_date).toBe(draft.created + 30 * DAY);

    // A retried checkout replays the same create and gets the same invoice, not a second one.
    const replay = await draftFor(customer.id, 'PO-4471', { idempotencyKey: key });
    expect(replay.id).toBe(draft.id);
    const other = await refusal(draftFor(customer.id, 'PO-9999', { idempotencyKey: key }));
    expect(other).toMatchObject({ type: 'StripeIdempotencyError', statusCode: 400 });
    expect((await stripe.invoices.list({ customer: customer.id })).data.map((i) => i.id)).toEqual([draft.id]);

    // One item per order line: 3 x $12.50 by unit price, and 1 x $9.99 by amount.
    const compressor = await stripe.invoiceItems.create(
      {
        customer: customer.id,
        invoice: draft.id,
        quantity: 3,
        unit_amount_decimal: Stripe.Decimal.from('1250'),
        currency: 'usd',
        description: 'Start relay FP-SR-100',
        metadata: { line: '0' },
      },
      { idempotencyKey: `${key}-line-0` },
    );
    expect(compressor).toMatchObject({ object: 'invoiceitem', amount: 3750, quantity: 3, invoice: draft.id, customer: customer.id, currency: 'usd' });
    expect(String(compressor.pricing?.unit_amount_decimal)).toBe('1250');
    const again = await stripe.invoiceItems.create(
      {
        customer: customer.id,
        invoice: draft.id,
        quantity: 3,
        unit_amount_decimal: Stripe.Decimal.from('1250'),
        currency: 'usd',
        description: 'Start relay FP-SR-100',
        metadata: { line: '0' },
      },
      { idempotencyKey: `${key}-line-0` },
    );
    expect(again.id).toBe(compressor.id);
    const gasket = await stripe.invoiceItems.create(
      { customer: customer.id, invoice: draft.id, amount: 999, currency: 'usd', description: 'Door gasket FP-DG-200', metadata: { line: '1' } },
      { idempotencyKey: `${key}-line-1` },
    );
    expect(await stripe.invoiceItems.retrieve(gasket.id)).toMatchObject({ id: gasket.id, amount: 999, quantity: 1 });

    const withLines = await stripe.invoices.retrieve(draft.id);
    expect(withLines.lines.data.map((l) => [l.description, l.quantity, l.amount])).toEqual([
      ['Start relay FP-SR-100', 3, 3750],
      ['Door gasket FP-DG-200', 1, 999],
    ]);
    expect(withLines.lines.data[0].parent?.invoice_item_details?.invoice_item).toBe(compressor.id);
    expect(withLines).toMatchObject({ subtotal: 4749, total: 4749, amount_due: 4749, amount_remaining: 4749 });

    const open = await stripe.invoices.finalizeInvoice(draft.id, {}, { idempotencyKey: `${key}-finalize` });
    const finalizedAt = open.status_transitions.finalized_at as number;
    expect(open).toMatchObject({ status: 'open', total: 4749, amount_due: 4749, amount_paid: 0, amount_remaining: 4749, attempted: false });
    expect(open.number).toMatch(/^[0-9A-F]{8}-0001$/);
    expect(open.due_date).toBe(finalizedAt + 30 * DAY);
    expect(open.hosted_invoice_url).toBe(`${DOUBLE}/_double/hosted-invoices/${draft.id}`);
    expect(Number.isInteger(open.total)).toBe(true);
    // The finalize replayed under its key answers the same, and finalizes nothing twice.
    expect((await stripe.invoices.finalizeInvoice(draft.id, {}, { idempotencyKey: `${key}-finalize` })).number).toBe(open.number);
    // The customer's next invoice takes the next number.
    const second = await draftFor(customer.id, 'PO-4472');
    expect((await stripe.invoices.finalizeInvoice(second.id)).number).toBe(open.number!.replace(/0001$/, '0002'));

    const page = await fetch(open.hosted_invoice_url!);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await page.text();
    expect(html).toContain('<html lang="en">');
    for (const text of [
      open.number!,
      'PO-4471',
      'Start relay FP-SR-100',
      '$37.50',
      '$47.49',
      new Date(open.due_date! * 1000).toISOString().slice(0, 10),
      'Open',
    ]) {
      expect(html).toContain(text);
    }
    const pdf = await fetch(open.invoice_pdf!);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const text = await pdfText(Buffer.from(await pdf.arrayBuffer()));
    expect(text).toContain(open.number!);
    expect(text).toContain('$47.49');
    expect((await fetch(`${DOUBLE}/_double/hosted-invoices/${second.id}x`)).status).toBe(404);

    // The shop admin records the bank transfer it received.
    const paid = await stripe.invoices.pay(draft.id, { paid_out_of_band: true });
    expect(paid).toMatchObject({ status: 'paid', amount_paid: 4749, amount_remaining: 0, attempted: false });
    expect(paid.status_transitions.paid_at).toEqual(expect.any(Number));
    expect(await (await fetch(open.hosted_invoice_url!)).text()).toContain('Paid');

    const types = (await eventsAbout(draft.id)).map((e) => e.type);
    expect(types).toEqual(['invoice.created', 'invoiceitem.created', 'invoiceitem.created', 'invoice.finalized', 'invoice.paid']);
  });

  it('add_lines adds order lines to a draft in one call, all or none', async () => {
    const { id: customer } = await company();
    const draft = await draftFor(customer);
    const bad = await refusal(
      stripe.invoices.addLines(draft.id, {
        lines: [
          { amount: 1000, description: 'Thermostat' },
          { amount: 500, quantity: 2, description: 'both amount and quantity' },
        ],
      }),
    );
    expect(bad).toMatchObject({ statusCode: 400, param: 'lines[1][amount]' });
    expect((await stripe.invoices.retrieve(draft.id)).lines.data).toEqual([]);

    const added = await stripe.invoices.addLines(draft.id, {
      lines: [
        { amount: 1000, description: 'Thermostat', metadata: { line: '0' } },
        { amount: 2599, description: 'Fan motor', metadata: { line: '1' } },
        // A quantity needs a Price: an inline one, its product made from product_data.
        { quantity: 3, price_data: { currency: 'usd', product_data: { name: 'Fan blade FP-FB-3' }, unit_amount: 450 }, metadata: { line: '2' } },
      ],
      invoice_metadata: { lines: '3' },
    });
    expect(added.lines.data.map((l) => [l.description, l.quantity, l.amount, l.metadata.line])).toEqual([
      ['Thermostat', 1, 1000, '0'],
      ['Fan motor', 1, 2599, '1'],
      ['Fan blade FP-FB-3', 3, 1350, '2'],
    ]);
    expect(String(added.lines.data[2].pricing?.unit_amount_decimal)).toBe('450');
    expect(added).toMatchObject({ total: 4949, amount_due: 4949, metadata: { lines: '3' } });
    const noPrice = await refusal(stripe.invoices.addLines(draft.id, { lines: [{ quantity: 2, description: 'no price' }] }));
    expect(noPrice).toMatchObject({ statusCode: 400, code: 'parameter_missing', param: 'lines[0][amount]' });
    expect((await stripe.invoices.retrieve(draft.id)).total).toBe(4949);
    expect(added.metadata?.orderId).toBe(`order-of-PO-4471`);
  });

  it('a pending item joins the next invoice only with pending_invoice_items_behavior include', async () => {
    const { id: customer } = await company();
    const pending = await stripe.invoiceItems.create({ customer, amount: 1500, currency: 'usd', description: 'Freight' });
    expect(pending.invoice).toBeNull();
    expect((await draftFor(customer)).lines.data).toEqual([]);
    const including = await stripe.invoices.create({
      customer,
      collection_method: 'send_invoice',
      days_until_due: 30,
      pending_invoice_items_behavior: 'include',
    });
    expect(including.lines.data.map((l) => l.parent?.invoice_item_details?.invoice_item)).toEqual([pending.id]);
    expect(including.total).toBe(1500);
    expect((await stripe.invoiceItems.retrieve(pending.id)).invoice).toBe(including.id);
  });

  it('an invoice with more than 10 lines carries the first 10 and lists the rest, in order', async () => {
    const { id: customer } = await company();
    const draft = await draftFor(customer);
    const lines = Array.from({ length: 12 }, (_, i) => ({ amount: 100 + i, description: `Line ${i}` }));
    const full = await stripe.invoices.addLines(draft.id, { lines });
    expect(full.lines.data).toHaveLength(10);
    expect(full.lines.has_more).toBe(true);
    expect(full.total).toBe(lines.reduce((sum, l) => sum + l.amount, 0));
    const listed: string[] = [];
    for await (const line of stripe.invoices.listLineItems(draft.id, { limit: 5 })) listed.push(line.description ?? '');
    expect(listed).toEqual(lines.map((l) => l.description));
  });

  it('void and mark_uncollectible follow Stripe: open -> void, open -> uncollectible -> paid, uncollectible -> void', async () => {
    const a = await openInvoice();
    const voided = await stripe.invoices.voidInvoice(a.id);
    expect(voided).toMatchObject({ status: 'void', amount_paid: 0 });
    expect(voided.status_transitions.voided_at).toEqual(expect.any(Number));

    const b = await openInvoice(4200);
    const bad = await stripe.invoices.markUncollectible(b.id);
    expect(bad.status).toBe('uncollectible');
    expect(bad.status_transitions.marked_uncollectible_at).toEqual(expect.any(Number));
    const late = await stripe.invoices.pay(b.id, { paid_out_of_band: true });
    expect(late).toMatchObject({ status: 'paid', amount_paid: 4200, amount_remaining: 0 });

    const c = await openInvoice();
    await stripe.invoices.markUncollectible(c.id);
    expect((await stripe.invoices.voidInvoice(c.id)).status).toBe('void');

    expect((await eventsAbout(a.id)).map((e) => e.type)).toContain('invoice.voided');
    expect((await eventsAbout(b.id)).map((e) => e.type).slice(-2)).toEqual(['invoice.marked_uncollectible', 'invoice.paid']);
    expect((await eventsAbout(c.id)).map((e) => e.type).slice(-2)).toEqual(['invoice.marked_uncollectible', 'invoice.voided']);

    expect((await stripe.invoices.list({ customer: a.customer as string, status: 'void' })).data.map((i) => i.id)).toEqual([a.id]);
    expect((await stripe.invoices.list({ customer: a.customer as string, status: 'open' })).data).toEqual([]);
  });

  it('a bank transfer arriving (test control) pays the invoice as a successful payment, not out of band', async () => {
    const open = await openInvoice(12345);
    const res = await fetch(`${DOUBLE}/_double/invoices/${open.id}/bank-transfer`, { method: 'POST' });
    expect(res.status).toBe(200);
    const paid = await stripe.invoices.retrieve(open.id);
    expect(paid).toMatchObject({ status: 'paid', amount_paid: 12345, amount_remaining: 0, attempted: true, attempt_count: 1 });
    expect((await eventsAbout(open.id)).map((e) => e.type).slice(-2)).toEqual(['invoice.payment_succeeded', 'invoice.paid']);
    expect((await fetch(`${DOUBLE}/_double/invoices/${open.id}/bank-transfer`, { method: 'POST' })).status).toBe(400);
    const { id: customer } = await company();
    const draft = await draftFor(customer);
    expect((await fetch(`${DOUBLE}/_double/invoices/${draft.id}/bank-transfer`, { method: 'POST' })).status).toBe(400);
    expect((await stripe.invoices.retrieve(draft.id)).status).toBe('draft');
  });
});

describe("Stripe's refusals, each changing nothing", () => {
  it('a finalized invoice takes no new item or line, and is not finalized again', async () => {
    const open = await openInvoice(2500);
    const customer = open.customer as string;
    const item = await refusal(stripe.invoiceItems.create({ customer, invoice: open.id, amount: 100, currency: 'usd' }));
    expect(item).toMatchObject({ type: 'StripeInvalidRequestError', statusCode: 400, code: 'invoice_not_editable' });
    const line = await refusal(stripe.invoices.addLines(open.id, { lines: [{ amount: 100 }] }));
    expect(line).toMatchObject({ statusCode: 400, code: 'invoice_not_editable' });
    const refinalize = await refusal(stripe.invoices.finalizeInvoice(open.id));
    expect(refinalize).toMatchObject({ statusCode: 400, message: "This invoice is already finalized, you can't re-finalize a non-draft invoice." });
    expect(await stripe.invoices.retrieve(open.id)).toEqual(open);
  });

  it('a paid invoice is not voided, marked uncollectible or paid again; a draft is not voided', async () => {
    const open = await openInvoice(2500);
    const paid = await stripe.invoices.pay(open.id, { paid_out_of_band: true });
    expect(await refusal(stripe.invoices.voidInvoice(open.id))).toMatchObject({ statusCode: 400, message: 'Invoices with `paid` payments cannot be voided.' });
    expect(await refusal(stripe.invoices.markUncollectible(open.id))).toMatchObject({
      statusCode: 400,
      message: "You can only pass in open invoices. This invoice isn't open.",
    });
    expect(await refusal(stripe.invoices.pay(open.id, { paid_out_of_band: true }))).toMatchObject({ statusCode: 400, message: 'Invoice is already paid' });
    expect(await stripe.invoices.retrieve(open.id)).toEqual(paid);

    const { id: customer } = await company();
    const draft = await draftFor(customer);
    expect(await refusal(stripe.invoices.voidInvoice(draft.id))).toMatchObject({ statusCode: 400 });
    // Without paid_out_of_band there is no card on file to charge.
    expect(await refusal(stripe.invoices.pay(draft.id))).toMatchObject({ statusCode: 400 });
    expect((await stripe.invoices.retrieve(draft.id)).status).toBe('draft');
  });

  it('bad creates: no due date for send_invoice, an unknown customer, an unknown parameter, a bad status filter', async () => {
    const { id: customer } = await company();
    expect(await refusal(stripe.invoices.create({ customer, collection_method: 'send_invoice' }))).toMatchObject({
      statusCode: 400,
      message: "If invoice collection method is 'send_invoice', you must specify 'due_date' or 'days_until_due'.",
    });
    expect(await refusal(stripe.invoices.create({ customer: 'cus_nosuchcustomer', collection_method: 'send_invoice', days_until_due: 30 }))).toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
      param: 'customer',
    });
    expect(
      await refusal(stripe.invoices.create({ customer, collection_method: 'send_invoice', days_until_due: 30, ...({ colour: 'blue' } as object) })),
    ).toMatchObject({ statusCode: 400, code: 'parameter_unknown', param: 'colour' });
    expect(await refusal(stripe.invoices.list({ status: 'pending' as Stripe.InvoiceListParams.Status }))).toMatchObject({ statusCode: 400, param: 'status' });
    expect(await refusal(stripe.invoiceItems.create({ customer, amount: 100 }))).toMatchObject({ statusCode: 400, param: 'currency' });
    expect((await stripe.invoices.list({ customer })).data).toEqual([]);
  });
});

describe('invoice events are delivered signed', () => {
  const received: { payload: string; signature: string }[] = [];
  let server: http.Server;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({ payload: Buffer.concat(chunks).toString('utf8'), signature: String(req.headers['stripe-signature'] ?? '') });
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as AddressInfo;
    await fetch(`${DOUBLE}/_double/config`, { method: 'POST', body: JSON.stringify({ webhookUrl: `http://127.0.0.1:${port}/stripe/webhook` }) });
  });
  afterAll(async () => {
    await fetch(`${DOUBLE}/_double/config`, { method: 'POST', body: JSON.stringify({ webhookUrl: null }) });
    await new Promise((r) => server.close(r));
  });

  it("each verifies with the SDK's constructEvent and carries the invoice as it then stood", async () => {
    const customer = await company();
    const open = await openInvoice(3100);
    await stripe.invoices.pay(open.id, { paid_out_of_band: true });
    await fetch(`${DOUBLE}/_double/settle`, { method: 'POST' });

    const events = received.map(({ payload, signature }) => stripe.webhooks.constructEvent(payload, signature, WEBHOOK_SECRET));
    const mine = events.filter((e) => (e.data.object as { id: string }).id === customer.id || (e.data.object as { id: string }).id === open.id);
    // Each event is its own POST, delivered at once: they may arrive in any order (as Stripe's do).
    expect(mine.map((e) => e.type).sort()).toEqual(['customer.created', 'invoice.created', 'invoice.finalized', 'invoice.paid']);
    const byType = Object.fromEntries(mine.map((e) => [e.type, e.data.object as Stripe.Invoice]));
    expect(byType['invoice.created'].status).toBe('draft');
    expect(byType['invoice.finalized']).toMatchObject({ status: 'open', total: 3100, amount_remaining: 3100 });
    expect(byType['invoice.paid']).toMatchObject({ status: 'paid', amount_paid: 3100, amount_remaining: 0 });
    // A tampered body does not verify.
    const { payload, signature } = received.find((r) => r.payload.includes(`"id": "${open.id}"`) && r.payload.includes('"type": "invoice.paid"'))!;
    expect(() => stripe.webhooks.constructEvent(payload.replace('3100', '1'), signature, WEBHOOK_SECRET)).toThrow();
  });
});
