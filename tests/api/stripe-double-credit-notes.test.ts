import '../support/env';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { localOrigin } from '../../common/src/local-stack';
import { dumpFirestore, pdfText, postWebhook, signedEvent, stripe } from './fixtures';

/**
 * Credit notes in the Stripe double (CONTRACT §16, decision 0085), driven through the real stripe
 * SDK as the shop's returns will drive them: on a Net 30 invoice with automatic tax in Texas (6.25%,
 * shipping taxed), lines credited by amount, by quantity and as custom lines; each line's tax is the
 * invoice line's tax in proportion, rounded half away from zero; never more than the invoice still
 * allows; voided, listed, previewed, replayed. Every expected cent is worked out by hand below.
 * Their shapes are held to fixtures3.json in stripe-double-shapes.test.ts.
 */
const DOUBLE = localOrigin('stripe');
const TEXAS = { line1: '500 Congress Ave', city: 'Austin', state: 'TX', postal_code: '78701', country: 'US' };

let seq = 0;
const customerOf = () =>
  stripe.customers.create({ name: 'Lone Star Refrigeration', email: `ap-${Date.now()}-${++seq}@lonestar.test`, shipping: { name: 'Dock 1', address: TEXAS } });

/**
 * An open invoice as the shop makes one for an order: a relay (200 cents: tax 12.5 -> 13), four
 * gaskets at 12.50 (5000: tax 312.5 -> 313), UPS Ground (1500, txcd_92010001: tax 93.75 -> 94).
 * Subtotal 6700, tax 420, total 7120.
 */
async function invoiceOf(customer?: string) {
  const cus = customer ?? (await customerOf()).id;
  const draft = await stripe.invoices.create({ customer: cus, collection_method: 'send_invoice', days_until_due: 30, automatic_tax: { enabled: true } });
  await stripe.invoiceItems.create({ customer: cus, invoice: draft.id, amount: 200, currency: 'usd', description: 'Start relay' });
  await stripe.invoiceItems.create({
    customer: cus,
    invoice: draft.id,
    quantity: 4,
    unit_amount_decimal: Stripe.Decimal.from('1250'),
    currency: 'usd',
    description: 'Door gasket',
  });
  await stripe.invoiceItems.create({ customer: cus, invoice: draft.id, amount: 1500, currency: 'usd', description: 'Shipping', tax_code: 'txcd_92010001' });
  const invoice = await stripe.invoices.finalizeInvoice(draft.id);
  expect(invoice).toMatchObject({ status: 'open', subtotal: 6700, total: 7120, amount_due: 7120, amount_remaining: 7120 });
  const [relay, gaskets, shipping] = invoice.lines.data.map((l) => l.id);
  return { invoice, customer: cus, relay, gaskets, shipping };
}

async function refusal(call: Promise<unknown>): Promise<Stripe.errors.StripeError> {
  const outcome = await call.then(
    () => null,
    (err: unknown) => err,
  );
  expect(outcome, 'the call was refused').toBeInstanceOf(Stripe.errors.StripeError);
  return outcome as Stripe.errors.StripeError;
}

async function expectInvalid(call: Promise<unknown>, param: string | undefined, code?: string) {
  const err = await refusal(call);
  expect(err.statusCode, err.message).toBe(400);
  expect(err.type).toBe('StripeInvalidRequestError');
  expect(err.param).toBe(param);
  if (code) expect(err.code).toBe(code);
  return err;
}

const taxOf = (line: Stripe.CreditNoteLineItem) => (line.taxes ?? []).reduce((sum, t) => sum + t.amount, 0);

async function eventsAbout(id: string, type: string): Promise<{ id: string; type: string; data: { object: Stripe.CreditNote } }[]> {
  const res = await fetch(`${DOUBLE}/_double/events?object=${id}&type=${type}`);
  return ((await res.json()) as { data: { event: { id: string; type: string; data: { object: Stripe.CreditNote } } }[] }).data.map((e) => e.event);
}

describe('credit notes on an open invoice', () => {
  it('credits lines by quantity and by amount and a custom line: each tax in proportion to the cent, the amount due lowered', async () => {
    const { invoice, customer, relay, gaskets } = await invoiceOf();
    const note = await stripe.creditNotes.create({
      invoice: invoice.id,
      lines: [
        // One of four gaskets: 1250, tax 313 x 1250 / 5000 = 78.25 -> 78.
        { type: 'invoice_line_item', invoice_line_item: gaskets, quantity: 1 },
        // Half the relay: 100, tax 13 x 100 / 200 = 6.5 -> 7 (half away from zero).
        { type: 'invoice_line_item', invoice_line_item: relay, amount: 100 },
        // Two of 3.00 as goodwill: 600, untaxed.
        { type: 'custom_line_item', unit_amount: 300, quantity: 2, description: 'Goodwill: late delivery' },
      ],
      reason: 'product_unsatisfactory',
      memo: 'RMA-2026-000001',
      metadata: { returnId: 'r1' },
    });
    expect(note).toMatchObject({
      object: 'credit_note',
      invoice: invoice.id,
      customer,
      status: 'issued',
      type: 'pre_payment',
      subtotal: 1950,
      subtotal_excluding_tax: 1950,
      total_excluding_tax: 1950,
      total: 2035,
      amount: 2035,
      pre_payment_amount: 2035,
      post_payment_amount: 0,
      reason: 'product_unsatisfactory',
      memo: 'RMA-2026-000001',
      metadata: { returnId: 'r1' },
      customer_balance_transaction: null,
      out_of_band_amount: null,
      voided_at: null,
      number: `${invoice.number}-CN-01`,
    });
    expect(note.lines.data.map((l) => [l.type, l.invoice_line_item, l.amount, l.quantity, taxOf(l)])).toEqual([
      ['invoice_line_item', gaskets, 1250, 1, 78],
      ['invoice_line_item', relay, 100, 1, 7],
      ['custom_line_item', undefined, 600, 2, 0],
    ]);
    expect(note.lines.data[0].taxes).toEqual([
      {
        amount: 78,
        tax_behavior: 'exclusive',
        tax_rate_details: { tax_rate: 'txr_doubleTX625' },
        taxability_reason: 'standard_rated',
        taxable_amount: 1250,
        type: 'tax_rate_details',
      },
    ]);
    expect(note.lines.data[2]).toMatchObject({ unit_amount: 300, description: 'Goodwill: late delivery', taxes: [] });
    expect(note.total_taxes?.map((t) => [t.taxability_reason, t.amount, t.taxable_amount])).toEqual([['standard_rated', 85, 1350]]);
    const after = await stripe.invoices.retrieve(invoice.id);
    expect(after).toMatchObject({
      status: 'open',
      total: 7120,
      amount_due: 5085,
      amount_remaining: 5085,
      pre_payment_credit_notes_amount: 2035,
      post_payment_credit_notes_amount: 0,
    });
    expect(await stripe.creditNotes.retrieve(note.id)).toEqual(note);
    // Its PDF, served by the double where Stripe serves its own.
    const pdf = await fetch(note.pdf);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const text = await pdfText(Buffer.from(await pdf.arrayBuffer()));
    expect(text).toContain(`Credit note ${note.number}`);
    expect(text).toContain('Total credited: $20.35');
  });

  it('never credits more than the invoice still allows; credited to nothing due, the invoice is paid; voiding gives it all back', async () => {
    const { invoice, relay, gaskets, shipping } = await invoiceOf();
    const first = await stripe.creditNotes.create({
      invoice: invoice.id,
      lines: [
        { type: 'invoice_line_item', invoice_line_item: gaskets, quantity: 1 },
        { type: 'invoice_line_item', invoice_line_item: relay, amount: 100 },
        { type: 'custom_line_item', unit_amount: 300, quantity: 2, description: 'Goodwill' },
      ],
    });
    expect(first.total).toBe(2035);
    // 7120 - 2035 = 5085 allowed. Three gaskets (3750 + 234.75 -> 235) and all the shipping (1500 + 94) = 5579: refused.
    const over = await expectInvalid(
      stripe.creditNotes.create({
        invoice: invoice.id,
        lines: [
          { type: 'invoice_line_item', invoice_line_item: gaskets, quantity: 3 },
          { type: 'invoice_line_item', invoice_line_item: shipping },
        ],
      }),
      'lines',
    );
    expect(over.message).toContain('$55.79');
    expect(over.message).toContain('$50.85');
    // A line's own limit: four gaskets were billed, one is credited.
    await expectInvalid(
      stripe.creditNotes.create({ invoice: invoice.id, lines: [{ type: 'invoice_line_item', invoice_line_item: gaskets, quantity: 4 }] }),
      'lines[0][quantity]',
    );
    await expectInvalid(
      stripe.creditNotes.create({ invoice: invoice.id, lines: [{ type: 'invoice_line_item', invoice_line_item: relay, amount: 101 }] }),
      'lines[0][amount]',
    );
    // The relay was credited by amount: by quantity it no longer can be (Stripe's rule).
    await expectInvalid(
      stripe.creditNotes.create({ invoice: invoice.id, lines: [{ type: 'invoice_line_item', invoice_line_item: relay, quantity: 1 }] }),
      'lines[0][quantity]',
    );
    // Three gaskets and 1000 of the shipping (tax 94 x 1000 / 1500 = 62.67 -> 63): 3750 + 235 + 1000 + 63 = 5048.
    const second = await stripe.creditNotes.create({
      invoice: invoice.id,
      lines: [
        { type: 'invoice_line_item', invoice_line_item: gaskets, quantity: 3 },
        { type: 'invoice_line_item', invoice_line_item: shipping, amount: 1000 },
      ],
    });
    expect(second.lines.data.map(taxOf)).toEqual([235, 63]);
    expect(second).toMatchObject({ total: 5048, number: `${invoice.number}-CN-02` });
    expect(await stripe.invoices.retrieve(invoice.id)).toMatchObject({ status: 'open', amount_remaining: 37, pre_payment_credit_notes_amount: 7083 });
    // 30 more of the relay (tax 13 x 30 / 200 = 1.95 -> 2): 32; and a custom 5: nothing is due, and the invoice is paid.
    await stripe.creditNotes.create({ invoice: invoice.id, lines: [{ type: 'invoice_line_item', invoice_line_item: relay, amount: 30 }] });
    const last = await stripe.creditNotes.create({
      invoice: invoice.id,
      lines: [{ type: 'custom_line_item', unit_amount: 5, quantity: 1, description: 'Rounding' }],
    });
    const paid = await stripe.invoices.retrieve(invoice.id);
    expect(paid).toMatchObject({ status: 'paid', amount_due: 0, amount_remaining: 0, amount_paid: 0, pre_payment_credit_notes_amount: 7120 });
    expect(paid.status_transitions.paid_at).toEqual(expect.any(Number));
    expect((await eventsAbout(invoice.id, 'invoice.paid')).length).toBe(1);
    // Nothing at all is left to credit.
    await expectInvalid(
      stripe.creditNotes.create({ invoice: invoice.id, lines: [{ type: 'custom_line_item', unit_amount: 1, quantity: 1, description: 'More' }] }),
      'lines',
    );

    // Voiding the last gives its 5 back: the invoice is open again with 5 due.
    const voided = await stripe.creditNotes.voidCreditNote(last.id);
    expect(voided).toMatchObject({ status: 'void', voided_at: expect.any(Number), total: 5 });
    expect(await stripe.invoices.retrieve(invoice.id)).toMatchObject({
      status: 'open',
      amount_due: 5,
      amount_remaining: 5,
      pre_payment_credit_notes_amount: 7115,
      status_transitions: { paid_at: null },
    });
    await expectInvalid(stripe.creditNotes.voidCreditNote(last.id), undefined);
    // Voiding the second gives its gaskets and shipping back to credit again.
    await stripe.creditNotes.voidCreditNote(second.id);
    expect(await stripe.invoices.retrieve(invoice.id)).toMatchObject({ amount_remaining: 5053, pre_payment_credit_notes_amount: 2067 });
    const again = await stripe.creditNotes.create({ invoice: invoice.id, lines: [{ type: 'invoice_line_item', invoice_line_item: gaskets, quantity: 3 }] });
    expect(again.total).toBe(3985);
    expect((await eventsAbout(invoice.id, 'credit_note.voided')).map((e) => e.data.object.id).sort()).toEqual([last.id, second.id].sort());
  });
});

describe('credit notes on a paid invoice', () => {
  it("post-payment: to the customer's balance by default, or outside Stripe; the sum must match; voided, the balance comes back", async () => {
    const { invoice, customer, relay, gaskets } = await invoiceOf();
    await stripe.invoices.pay(invoice.id, { paid_out_of_band: true });
    const toBalance = await stripe.creditNotes.create({ invoice: invoice.id, lines: [{ type: 'invoice_line_item', invoice_line_item: relay }] });
    // The whole relay: 200 and its 13 of tax.
    expect(toBalance).toMatchObject({
      type: 'post_payment',
      total: 213,
      pre_payment_amount: 0,
      post_payment_amount: 213,
      out_of_band_amount: null,
      customer_balance_transaction: expect.stringMatching(/^cbtxn_/),
    });
    expect((await stripe.customers.retrieve(customer)) as Stripe.Customer).toMatchObject({ balance: -213 });
    expect(await stripe.invoices.retrieve(invoice.id)).toMatchObject({
      status: 'paid',
      amount_remaining: 0,
      amount_paid: 7120,
      post_payment_credit_notes_amount: 213,
      pre_payment_credit_notes_amount: 0,
    });

    const line = { type: 'invoice_line_item' as const, invoice_line_item: gaskets, quantity: 2 };
    // Two gaskets: 2500 and 313 x 2500 / 5000 = 156.5 -> 157: 2657.
    await expectInvalid(stripe.creditNotes.create({ invoice: invoice.id, lines: [line], credit_amount: 1000 }), 'credit_amount');
    await expectInvalid(stripe.creditNotes.create({ invoice: invoice.id, lines: [line], refund_amount: 2657 }), 'refund_amount');
    const outside = await stripe.creditNotes.create({ invoice: invoice.id, lines: [line], credit_amount: 657, out_of_band_amount: 2000 });
    expect(outside).toMatchObject({ total: 2657, out_of_band_amount: 2000, post_payment_amount: 2657 });
    expect((await stripe.customers.retrieve(customer)) as Stripe.Customer).toMatchObject({ balance: -870 });

    await stripe.creditNotes.voidCreditNote(toBalance.id);
    await stripe.creditNotes.voidCreditNote(outside.id);
    expect((await stripe.customers.retrieve(customer)) as Stripe.Customer).toMatchObject({ balance: 0 });
    expect(await stripe.invoices.retrieve(invoice.id)).toMatchObject({ status: 'paid', post_payment_credit_notes_amount: 0 });
  });

  it('a pre-payment credit note on an invoice paid since can not be voided (it would leave a paid invoice owing)', async () => {
    const { invoice, relay } = await invoiceOf();
    const note = await stripe.creditNotes.create({ invoice: invoice.id, lines: [{ type: 'invoice_line_item', invoice_line_item: relay }] });
    expect(note.type).toBe('pre_payment');
    await fetch(`${DOUBLE}/_double/invoices/${invoice.id}/bank-transfer`, { method: 'POST' }).then((r) => expect(r.status).toBe(200));
    expect(await stripe.invoices.retrieve(invoice.id)).toMatchObject({ status: 'paid', amount_paid: 6907 });
    await expectInvalid(stripe.creditNotes.voidCreditNote(note.id), undefined);
    expect((await stripe.creditNotes.retrieve(note.id)).status).toBe('issued');
  });
});

describe('listing, lines, preview and replays', () => {
  it('lists newest first by invoice or customer, paged; a credit note reads its lines paged', async () => {
    const { invoice, customer, relay, gaskets, shipping } = await invoiceOf();
    const other = await invoiceOf(customer);
    const a = await stripe.creditNotes.create({ invoice: invoice.id, lines: [{ type: 'invoice_line_item', invoice_line_item: relay, amount: 10 }] });
    const b = await stripe.creditNotes.create({ invoice: invoice.id, lines: [{ type: 'invoice_line_item', invoice_line_item: relay, amount: 20 }] });
    const c = await stripe.creditNotes.create({
      invoice: other.invoice.id,
      lines: [{ type: 'invoice_line_item', invoice_line_item: other.relay, amount: 30 }],
    });
    const first = await stripe.creditNotes.list({ invoice: invoice.id, limit: 1 });
    expect(first.data.map((n) => n.id)).toEqual([b.id]);
    expect(first.has_more).toBe(true);
    const next = await stripe.creditNotes.list({ invoice: invoice.id, limit: 1, starting_after: b.id });
    expect(next.data.map((n) => n.id)).toEqual([a.id]);
    expect(next.has_more).toBe(false);
    const all: string[] = [];
    for await (const n of stripe.creditNotes.list({ customer, limit: 2 })) all.push(n.id);
    expect(all).toEqual([c.id, b.id, a.id]);
    expect((await stripe.creditNotes.list({ invoice: invoice.id, customer: 'cus_nobody' })).data).toEqual([]);

    // Twelve custom lines and three of the invoice's: the credit note carries ten, the rest behind has_more.
    const many = await stripe.creditNotes.create({
      invoice: invoice.id,
      lines: [
        { type: 'invoice_line_item', invoice_line_item: gaskets, quantity: 1 },
        { type: 'invoice_line_item', invoice_line_item: shipping, amount: 100 },
        ...Array.from({ length: 12 }, (_, i) => ({ type: 'custom_line_item' as const, unit_amount: i + 1, quantity: 1, description: `Part ${i}` })),
      ],
    });
    expect(many.lines.data).toHaveLength(10);
    expect(many.lines.has_more).toBe(true);
    const lines: Stripe.CreditNoteLineItem[] = [];
    for await (const l of stripe.creditNotes.listLineItems(many.id, { limit: 4 })) lines.push(l);
    expect(lines).toHaveLength(14);
    expect(lines.slice(0, 10)).toEqual(many.lines.data);
    expect(lines.at(-1)).toMatchObject({ description: 'Part 11', amount: 12 });
  });

  it('a preview is the same computation, stored nowhere and announced to no one', async () => {
    const { invoice, customer, relay, gaskets } = await invoiceOf();
    const params: Stripe.CreditNotePreviewParams = {
      invoice: invoice.id,
      lines: [
        { type: 'invoice_line_item', invoice_line_item: gaskets, quantity: 1 },
        { type: 'invoice_line_item', invoice_line_item: relay, amount: 100 },
        { type: 'custom_line_item', unit_amount: 300, quantity: 2, description: 'Goodwill' },
      ],
      reason: 'order_change',
    };
    const preview = await stripe.creditNotes.preview(params);
    expect(preview).toMatchObject({ total: 2035, subtotal: 1950, type: 'pre_payment', pre_payment_amount: 2035, number: `${invoice.number}-CN-01` });
    expect(preview.lines.data.map(taxOf)).toEqual([78, 7, 0]);
    const previewLines = await stripe.creditNotes.listPreviewLineItems({ ...params, limit: 2 } as Stripe.CreditNoteListPreviewLineItemsParams);
    expect(previewLines.data.map((l) => l.amount)).toEqual([1250, 100]);
    expect(previewLines.has_more).toBe(true);
    expect((await stripe.creditNotes.list({ customer })).data).toEqual([]);
    expect(await stripe.invoices.retrieve(invoice.id)).toMatchObject({ amount_remaining: 7120, pre_payment_credit_notes_amount: 0 });
    expect(await eventsAbout(invoice.id, 'credit_note.created')).toEqual([]);
    expect(await refusal(stripe.creditNotes.retrieve(preview.id))).toMatchObject({ statusCode: 404, code: 'resource_missing' });
    const made = await stripe.creditNotes.create(params);
    expect({ ...made, id: preview.id, created: preview.created, effective_at: preview.effective_at, pdf: preview.pdf }).toMatchObject({
      ...preview,
      lines: { ...preview.lines, data: preview.lines.data.map((l, i) => ({ ...l, id: made.lines.data[i].id })), url: made.lines.url },
    });
  });

  it('the same Idempotency-Key answers the same credit note once; other parameters under it are refused', async () => {
    const { invoice, relay } = await invoiceOf();
    const params = { invoice: invoice.id, lines: [{ type: 'invoice_line_item' as const, invoice_line_item: relay, amount: 50 }] };
    const key = `return-credit-note-${Date.now()}`;
    const once = await stripe.creditNotes.create(params, { idempotencyKey: key });
    const twice = await stripe.creditNotes.create(params, { idempotencyKey: key });
    expect(twice.id).toBe(once.id);
    expect(twice.lastResponse.headers['idempotent-replayed']).toBe('true');
    expect((await stripe.creditNotes.list({ invoice: invoice.id })).data.map((n) => n.id)).toEqual([once.id]);
    expect(await stripe.invoices.retrieve(invoice.id)).toMatchObject({ pre_payment_credit_notes_amount: 53 });
    const err = await refusal(stripe.creditNotes.create({ ...params, lines: [{ ...params.lines[0], amount: 60 }] }, { idempotencyKey: key }));
    expect(err.type).toBe('StripeIdempotencyError');
  });
});

describe('refusals', () => {
  it("Stripe's 400s naming the parameter, 404 for what does not exist; a refused credit note changes nothing", async () => {
    const { invoice, customer, relay } = await invoiceOf();
    const create = (params: object) => stripe.creditNotes.create({ invoice: invoice.id, ...params } as Stripe.CreditNoteCreateParams);
    const line = { type: 'invoice_line_item', invoice_line_item: relay, amount: 10 };
    await expectInvalid(stripe.creditNotes.create({ lines: [line] } as Stripe.CreditNoteCreateParams), 'invoice', 'parameter_missing');
    await expectInvalid(create({}), 'lines', 'parameter_missing');
    await expectInvalid(create({ lines: [line], reason: 'changed_mind' }), 'reason');
    await expectInvalid(create({ lines: [{ ...line, type: 'discount' }] }), 'lines[0][type]');
    await expectInvalid(create({ lines: [{ invoice_line_item: relay, amount: 10 }] }), 'lines[0][type]', 'parameter_missing');
    await expectInvalid(create({ lines: [{ ...line, quantity: 1 }] }), 'lines[0][amount]');
    await expectInvalid(create({ lines: [{ ...line, amount: 0 }] }), 'lines[0][amount]');
    await expectInvalid(create({ lines: [{ ...line, invoice_line_item: undefined }] }), 'lines[0][invoice_line_item]', 'parameter_missing');
    await expectInvalid(create({ lines: [{ type: 'custom_line_item', quantity: 1, description: 'x' }] }), 'lines[0][unit_amount]', 'parameter_missing');
    await expectInvalid(create({ lines: [{ type: 'custom_line_item', unit_amount: 5, quantity: 1 }] }), 'lines[0][description]', 'parameter_missing');
    await expectInvalid(
      create({ lines: [{ type: 'custom_line_item', unit_amount: 5, description: 'x', invoice_line_item: relay }] }),
      'lines[0][invoice_line_item]',
    );
    await expectInvalid(create({ lines: [line], shipping_cost: { shipping_rate: 'shr_1' } }), 'shipping_cost', 'parameter_unknown');
    // Money after payment on an open invoice that still owes more than the credit: nothing is post-payment.
    await expectInvalid(create({ lines: [line], credit_amount: 11 }), 'credit_amount');
    const missing = await refusal(create({ lines: [{ ...line, invoice_line_item: 'il_nothing' }] }));
    expect(missing).toMatchObject({ statusCode: 404, code: 'resource_missing', param: 'lines[0][invoice_line_item]' });
    expect(await refusal(stripe.creditNotes.create({ invoice: 'in_nothing', lines: [line] } as Stripe.CreditNoteCreateParams))).toMatchObject({
      statusCode: 404,
      param: 'invoice',
    });
    expect(await refusal(stripe.creditNotes.retrieve('cn_nothing'))).toMatchObject({ statusCode: 404, code: 'resource_missing' });
    expect(await refusal(stripe.creditNotes.voidCreditNote('cn_nothing'))).toMatchObject({ statusCode: 404 });
    expect(await refusal(stripe.creditNotes.listLineItems('cn_nothing'))).toMatchObject({ statusCode: 404 });
    expect((await stripe.creditNotes.list({ customer })).data).toEqual([]);
    expect(await stripe.invoices.retrieve(invoice.id)).toMatchObject({ amount_remaining: 7120, pre_payment_credit_notes_amount: 0 });

    // Only open or paid invoices: a draft, a void one, an uncollectible one are refused.
    const draft = await stripe.invoices.create({ customer, collection_method: 'send_invoice', days_until_due: 30 });
    const draftLine = await stripe.invoiceItems.create({ customer, invoice: draft.id, amount: 100, currency: 'usd' });
    const draftLines = await stripe.invoices.listLineItems(draft.id);
    expect(draftLines.data[0].parent?.invoice_item_details?.invoice_item).toBe(draftLine.id);
    const lineOf = (id: string) => [{ type: 'invoice_line_item' as const, invoice_line_item: id, amount: 10 }];
    expect((await expectInvalid(stripe.creditNotes.create({ invoice: draft.id, lines: lineOf(draftLines.data[0].id) }), 'invoice')).message).toContain('draft');
    const voided = await invoiceOf(customer);
    await stripe.invoices.voidInvoice(voided.invoice.id);
    await expectInvalid(stripe.creditNotes.create({ invoice: voided.invoice.id, lines: lineOf(voided.relay) }), 'invoice');
    const bad = await invoiceOf(customer);
    await stripe.invoices.markUncollectible(bad.invoice.id);
    await expectInvalid(stripe.creditNotes.create({ invoice: bad.invoice.id, lines: lineOf(bad.relay) }), 'invoice');
    // Another invoice's line is not this invoice's.
    expect(await refusal(stripe.creditNotes.create({ invoice: invoice.id, lines: lineOf(bad.relay) }))).toMatchObject({ statusCode: 404 });
  });
});

describe("the shop's webhook and credit note events", () => {
  it('credit_note.created and credit_note.voided are answered 200 and change nothing', async () => {
    const { invoice, relay } = await invoiceOf();
    const note = await stripe.creditNotes.create({ invoice: invoice.id, lines: [{ type: 'invoice_line_item', invoice_line_item: relay }] });
    await stripe.creditNotes.voidCreditNote(note.id);
    const events = [...(await eventsAbout(invoice.id, 'credit_note.created')), ...(await eventsAbout(invoice.id, 'credit_note.voided'))];
    expect(events.map((e) => e.type)).toEqual(['credit_note.created', 'credit_note.voided']);
    expect(events.map((e) => e.data.object.id)).toEqual([note.id, note.id]);
    expect(events[1].data.object.status).toBe('void');
    const before = await dumpFirestore();
    for (const event of events) {
      const { payload, signature } = signedEvent(event);
      const res = await postWebhook(payload, signature).expect(200);
      expect(res.body.outcome).toBe('ignored');
    }
    expect(await dumpFirestore()).toEqual(before);
  });
});
