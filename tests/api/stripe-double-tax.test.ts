import '../support/env';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { localOrigin } from '../../common/src/local-stack';
import { pdfText, stripe } from './fixtures';

/**
 * Stripe Tax in the Stripe double (CONTRACT §15, decision 0082), driven through the real stripe SDK
 * as the shop drives it: a calculation per cart or order (lines with their references and tax
 * codes, the shipping cost, the ship-to), the transaction recorded once from it, reversals in part
 * and in full, the registrations, and a Net 30 invoice with automatic tax. The expected cents are
 * worked out by hand from the declared table (scripts/stripe-double/README.md): per line and for
 * shipping, amount x rate rounded half away from zero; the tax is their sum.
 */
const DOUBLE = localOrigin('stripe');

/** An address both a calculation's customer_details and a Customer's shipping take. */
type Address = { line1: string; line2?: string; city: string; state: string; postal_code: string; country: string };
const ADDRESSES = {
  CA: { line1: '354 Oyster Point Blvd', line2: '', city: 'South San Francisco', state: 'CA', postal_code: '94080', country: 'US' },
  TX: { line1: '500 Congress Ave', city: 'Austin', state: 'TX', postal_code: '78701', country: 'US' },
  NY: { line1: '1 Centre St', city: 'New York', state: 'NY', postal_code: '10007', country: 'US' },
  IL: { line1: '100 W Randolph St', city: 'Chicago', state: 'IL', postal_code: '60601', country: 'US' },
  OH: { line1: '30 E Broad St', city: 'Columbus', state: 'OH', postal_code: '43215', country: 'US' },
  OR: { line1: '900 Court St NE', city: 'Salem', state: 'OR', postal_code: '97301', country: 'US' },
} satisfies Record<string, Address>;

/** The same four lines everywhere: 200 cents lands on exactly half a cent at 7.25%, 6.25% and 5.75%. */
const LINES = [200, 1999, 4550, 12345];
const SHIPPING = 1500;

/** Each line's tax and the shipping's, by hand: e.g. CA 200 x 7.25% = 14.5 -> 15, 4550 x 7.25% = 329.875 -> 330. */
const EXPECTED: Record<'CA' | 'TX' | 'NY' | 'IL' | 'OH', { rate: string; lines: number[]; shipping: number }> = {
  CA: { rate: '7.25', lines: [15, 145, 330, 895], shipping: 0 },
  TX: { rate: '6.25', lines: [13, 125, 284, 772], shipping: 94 },
  NY: { rate: '4.0', lines: [8, 80, 182, 494], shipping: 60 },
  IL: { rate: '6.25', lines: [13, 125, 284, 772], shipping: 0 },
  OH: { rate: '5.75', lines: [12, 115, 262, 710], shipping: 86 },
};

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

function calculate(
  address: Address,
  options: { override?: 'none' | 'customer_exempt'; lines?: { amount: number; tax_code?: string }[]; shipping?: number | null } = {},
  requestOptions?: Stripe.RequestOptions,
) {
  const lines: { amount: number; tax_code?: string }[] = options.lines ?? LINES.map((amount) => ({ amount }));
  const shipping = options.shipping === undefined ? SHIPPING : options.shipping;
  return stripe.tax.calculations.create(
    {
      currency: 'usd',
      line_items: lines.map((l, i) => ({
        amount: l.amount,
        reference: String(i),
        tax_code: l.tax_code ?? 'txcd_99999999',
        quantity: 1,
        tax_behavior: 'exclusive',
      })),
      ...(shipping === null ? {} : { shipping_cost: { amount: shipping, tax_behavior: 'exclusive' as const } }),
      customer_details: { address, address_source: 'shipping', taxability_override: options.override ?? 'none' },
      expand: ['line_items'],
    },
    requestOptions,
  );
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

async function expectInvalid(call: Promise<unknown>, param: string, code?: string) {
  const err = await refusal(call);
  expect(err.statusCode, err.message).toBe(400);
  expect(err.type).toBe('StripeInvalidRequestError');
  expect(err.param).toBe(param);
  if (code) expect(err.code).toBe(code);
  return err;
}

describe('tax calculations: the declared table, per-line rounding, shipping and the reasons for 0', () => {
  for (const [state, expected] of Object.entries(EXPECTED)) {
    it(`${state}: each line at ${expected.rate}%, rounded half away from zero, shipping ${expected.shipping ? 'taxed' : 'not taxed'}`, async () => {
      const calc = await calculate(ADDRESSES[state as keyof typeof EXPECTED]);
      const lines = calc.line_items!.data;
      expect(lines.map((l) => l.reference)).toEqual(['0', '1', '2', '3']);
      expect(lines.map((l) => l.amount)).toEqual(LINES);
      expect(lines.map((l) => l.amount_tax)).toEqual(expected.lines);
      expect(calc.shipping_cost).toMatchObject({ amount: SHIPPING, amount_tax: expected.shipping, tax_code: 'txcd_92010001', tax_behavior: 'exclusive' });
      const tax = sum(expected.lines) + expected.shipping;
      expect(calc.tax_amount_exclusive).toBe(tax);
      expect(calc.tax_amount_inclusive).toBe(0);
      expect(calc.amount_total).toBe(sum(LINES) + SHIPPING + tax);
      const taxed = calc.tax_breakdown.find((b) => b.taxability_reason === 'standard_rated');
      expect(taxed).toMatchObject({
        amount: tax,
        inclusive: false,
        taxable_amount: sum(LINES) + (expected.shipping ? SHIPPING : 0),
        tax_rate_details: { country: 'US', state, percentage_decimal: expected.rate, rate_type: 'percentage', tax_type: 'sales_tax', flat_amount: null },
      });
      const untaxedShipping = calc.tax_breakdown.find((b) => b.taxability_reason === 'not_subject_to_tax');
      if (expected.shipping) expect(untaxedShipping).toBeUndefined();
      else expect(untaxedShipping).toMatchObject({ amount: 0, taxable_amount: 0, tax_rate_details: { percentage_decimal: '0.0', state } });
      expect(sum(calc.tax_breakdown.map((b) => b.amount))).toBe(tax);
      expect(calc.id).toMatch(/^taxcalc_/);
      expect(calc.livemode).toBe(false);
      expect(calc.expires_at! - calc.tax_date).toBe(90 * 86400);
    });
  }

  it("rounds each line, not the sum: CA's four lines are 1385 cents of tax, where 7.25% of their sum would be 1384", async () => {
    const calc = await calculate(ADDRESSES.CA, { shipping: null });
    expect(calc.tax_amount_exclusive).toBe(1385);
    expect(Math.round((sum(LINES) * 725) / 10000)).toBe(1384);
    expect(calc.shipping_cost).toBeNull();
  });

  it('a state the shop is not registered in (OR) and another country: not_collecting, 0', async () => {
    for (const address of [ADDRESSES.OR, { line1: '1 Front St W', city: 'Toronto', state: 'ON', postal_code: 'M5J 2X6', country: 'CA' }]) {
      const calc = await calculate(address);
      expect(calc.tax_amount_exclusive).toBe(0);
      expect(calc.amount_total).toBe(sum(LINES) + SHIPPING);
      expect(calc.line_items!.data.map((l) => l.amount_tax)).toEqual([0, 0, 0, 0]);
      expect(calc.shipping_cost?.amount_tax).toBe(0);
      expect(calc.tax_breakdown).toEqual([
        {
          amount: 0,
          inclusive: false,
          taxable_amount: 0,
          taxability_reason: 'not_collecting',
          tax_rate_details: {
            country: address.country,
            state: address.state,
            percentage_decimal: '0.0',
            rate_type: 'percentage',
            tax_type: 'sales_tax',
            flat_amount: null,
          },
        },
      ]);
    }
  });

  it('customer_exempt in TX: 0 on every line and the shipping, said in the breakdown', async () => {
    const calc = await calculate(ADDRESSES.TX, { override: 'customer_exempt' });
    expect(calc.tax_amount_exclusive).toBe(0);
    expect(calc.customer_details.taxability_override).toBe('customer_exempt');
    expect(calc.line_items!.data.every((l) => l.amount_tax === 0)).toBe(true);
    expect(calc.tax_breakdown.map((b) => [b.taxability_reason, b.amount, b.taxable_amount])).toEqual([['customer_exempt', 0, 0]]);
  });

  it('txcd_00000000 is product_exempt and 0, beside taxed lines; another txcd_ code is taxed as goods', async () => {
    const calc = await calculate(ADDRESSES.TX, {
      lines: [{ amount: 1000, tax_code: 'txcd_00000000' }, { amount: 1000 }, { amount: 1000, tax_code: 'txcd_30011000' }],
      shipping: null,
    });
    expect(calc.line_items!.data.map((l) => [l.tax_code, l.amount_tax])).toEqual([
      ['txcd_00000000', 0],
      ['txcd_99999999', 63],
      ['txcd_30011000', 63],
    ]);
    expect(calc.tax_breakdown.map((b) => [b.taxability_reason, b.amount, b.taxable_amount, b.tax_rate_details.percentage_decimal])).toEqual([
      ['product_exempt', 0, 0, '0.0'],
      ['standard_rated', 126, 2000, '6.25'],
    ]);
  });

  it('line items only when expanded; retrieved and listed again with paging as Stripe lists', async () => {
    const made = await stripe.tax.calculations.create({
      currency: 'usd',
      line_items: [1, 2, 3].map((n) => ({ amount: n * 1000, reference: `tool-${n}` })),
      customer_details: { address: ADDRESSES.NY, address_source: 'shipping' },
    });
    expect(made).not.toHaveProperty('line_items');
    expect(made.tax_amount_exclusive).toBe(40 + 80 + 120);
    const again = await stripe.tax.calculations.retrieve(made.id!);
    expect(again).toEqual(made);
    const first = await stripe.tax.calculations.listLineItems(made.id!, { limit: 2 });
    expect(first.data.map((l) => l.reference)).toEqual(['tool-1', 'tool-2']);
    expect(first.has_more).toBe(true);
    const rest = await stripe.tax.calculations.listLineItems(made.id!, { limit: 2, starting_after: first.data[1].id });
    expect(rest.data.map((l) => [l.reference, l.amount_tax])).toEqual([['tool-3', 120]]);
    expect(rest.has_more).toBe(false);
    const all: string[] = [];
    for await (const line of stripe.tax.calculations.listLineItems(made.id!, { limit: 1 })) all.push(line.reference);
    expect(all).toEqual(['tool-1', 'tool-2', 'tool-3']);
  });

  it('the same Idempotency-Key answers the same calculation; other parameters under it are refused', async () => {
    const key = `calc-${Date.now()}-${Math.random()}`;
    const a = await calculate(ADDRESSES.CA, {}, { idempotencyKey: key });
    const b = await calculate(ADDRESSES.CA, {}, { idempotencyKey: key });
    expect(b.id).toBe(a.id);
    const err = await refusal(calculate(ADDRESSES.TX, {}, { idempotencyKey: key }));
    expect(err.type).toBe('StripeIdempotencyError');
  });

  it('an unknown calculation is 404 resource_missing; an expired one can no longer be read', async () => {
    const err = await refusal(stripe.tax.calculations.retrieve('taxcalc_nope'));
    expect(err.statusCode).toBe(404);
    expect(err.code).toBe('resource_missing');
    const calc = await calculate(ADDRESSES.CA);
    const res = await fetch(`${DOUBLE}/_double/tax/calculations/${calc.id}/expire`, { method: 'POST' });
    expect(res.status).toBe(200);
    expect((await refusal(stripe.tax.calculations.retrieve(calc.id!))).code).toBe('resource_missing');
  });

  it("bad requests are Stripe's 400 invalid_request_error naming the parameter", async () => {
    const address = ADDRESSES.CA;
    const good = { currency: 'usd', line_items: [{ amount: 1000, reference: '0' }], customer_details: { address, address_source: 'shipping' as const } };
    const create = (params: object) => stripe.tax.calculations.create(params as Stripe.Tax.CalculationCreateParams);
    await expectInvalid(create({ ...good, currency: undefined }), 'currency', 'parameter_missing');
    await expectInvalid(create({ ...good, currency: 'eur' }), 'currency');
    await expectInvalid(create({ ...good, line_items: undefined }), 'line_items', 'parameter_missing');
    await expectInvalid(create({ ...good, line_items: [{ amount: 1000, tax_code: 'food' }] }), 'line_items[0][tax_code]');
    await expectInvalid(create({ ...good, line_items: [{ amount: 1000 }, { amount: 5, tax_code: 'txcd_1234' }] }), 'line_items[1][tax_code]');
    await expectInvalid(create({ ...good, line_items: [{ amount: -1 }] }), 'line_items[0][amount]');
    await expectInvalid(create({ ...good, line_items: [{ reference: 'x' }] }), 'line_items[0][amount]', 'parameter_missing');
    await expectInvalid(create({ ...good, line_items: [{ amount: 1, tax_behavior: 'inclusive' }] }), 'line_items[0][tax_behavior]');
    await expectInvalid(create({ ...good, line_items: [{ amount: 1, product: 'prod_1' }] }), 'line_items[0][product]', 'parameter_unknown');
    await expectInvalid(
      create({
        ...good,
        line_items: [
          { amount: 1, reference: 'a' },
          { amount: 2, reference: 'a' },
        ],
      }),
      'line_items[1][reference]',
    );
    await expectInvalid(create({ ...good, shipping_cost: { amount: 5, tax_code: 'shipping' } }), 'shipping_cost[tax_code]');
    await expectInvalid(create({ ...good, shipping_cost: { shipping_rate: 'shr_1' } }), 'shipping_cost[shipping_rate]', 'parameter_unknown');
    await expectInvalid(create({ ...good, customer_details: undefined }), 'customer_details[address]', 'customer_tax_location_invalid');
    await expectInvalid(
      create({ ...good, customer_details: { address: { ...address, postal_code: '' } } }),
      'customer_details[address][postal_code]',
      'customer_tax_location_invalid',
    );
    await expectInvalid(
      create({ ...good, customer_details: { address: { ...address, country: undefined } } }),
      'customer_details[address][country]',
      'parameter_missing',
    );
    await expectInvalid(create({ ...good, customer_details: { address, taxability_override: 'everything' } }), 'customer_details[taxability_override]');
    await expectInvalid(create({ ...good, ship_from_details: { address } }), 'ship_from_details', 'parameter_unknown');
    await expectInvalid(create({ ...good, expand: ['customer'] }), 'expand[0]');
  });
});

let seq = 0;
/** An order number as the shop makes them, unique in this run (a reference may be used once). */
const orderNumber = () => `FP-2026-${String(Date.now() % 1_000_000).padStart(6, '0')}${++seq}`;

/** A TX sale of LINES and SHIPPING recorded as a transaction, with its line items. */
async function recordedSale() {
  const calc = await calculate(ADDRESSES.TX);
  const txn = await stripe.tax.transactions.createFromCalculation({ calculation: calc.id!, reference: orderNumber(), expand: ['line_items'] });
  return { calc, txn, lines: txn.line_items!.data };
}

describe('tax transactions: recorded once from a calculation, reversed never beyond the original', () => {
  it('records the calculation: the same lines, tax and shipping; the same Idempotency-Key answers the same transaction; the reference is used once', async () => {
    const calc = await calculate(ADDRESSES.TX);
    const reference = orderNumber();
    const key = `tax-transaction-booking-${reference}`;
    const first = await stripe.tax.transactions.createFromCalculation(
      { calculation: calc.id!, reference, metadata: { bookingId: 'b-1' } },
      { idempotencyKey: key },
    );
    const replay = await stripe.tax.transactions.createFromCalculation(
      { calculation: calc.id!, reference, metadata: { bookingId: 'b-1' } },
      { idempotencyKey: key },
    );
    expect(replay.id).toBe(first.id);
    expect(replay).toEqual(first);
    expect(first).toMatchObject({ object: 'tax.transaction', type: 'transaction', reference, reversal: null, metadata: { bookingId: 'b-1' }, livemode: false });
    expect(first.id).toMatch(/^tax_/);
    expect(first).not.toHaveProperty('line_items');
    expect(first.shipping_cost).toEqual({ amount: SHIPPING, amount_tax: EXPECTED.TX.shipping, tax_behavior: 'exclusive', tax_code: 'txcd_92010001' });
    expect(first.customer_details).toEqual(calc.customer_details);
    const lines = await stripe.tax.transactions.listLineItems(first.id);
    expect(lines.data.map((l) => [l.reference, l.amount, l.amount_tax, l.type, l.reversal])).toEqual(
      LINES.map((amount, i) => [String(i), amount, EXPECTED.TX.lines[i], 'transaction', null]),
    );
    expect(await stripe.tax.transactions.retrieve(first.id)).toEqual(first);

    // Another request with the same reference (a new key) is refused, and so is a reversal naming it.
    const again = await expectInvalid(stripe.tax.transactions.createFromCalculation({ calculation: calc.id!, reference }), 'reference');
    expect(again.message).toContain(reference);
    await expectInvalid(stripe.tax.transactions.createReversal({ mode: 'full', original_transaction: first.id, reference }), 'reference');
  });

  it('a calculation that does not exist is 404 resource_missing; an expired one is 400', async () => {
    const err = await refusal(stripe.tax.transactions.createFromCalculation({ calculation: 'taxcalc_nope', reference: orderNumber() }));
    expect([err.statusCode, err.code, err.param]).toEqual([404, 'resource_missing', 'calculation']);
    const calc = await calculate(ADDRESSES.CA);
    await fetch(`${DOUBLE}/_double/tax/calculations/${calc.id}/expire`, { method: 'POST' });
    const reference = orderNumber();
    await expectInvalid(stripe.tax.transactions.createFromCalculation({ calculation: calc.id!, reference }), 'calculation');
    // The refused request did not use the reference up.
    const fresh = await calculate(ADDRESSES.CA);
    expect((await stripe.tax.transactions.createFromCalculation({ calculation: fresh.id!, reference })).reference).toBe(reference);
  });

  it('partial reversals up to what is left of each line and the shipping, one more refused; then a full reversal takes the rest', async () => {
    const { txn, lines } = await recordedSale();
    const reverse = (params: Omit<Stripe.Tax.TransactionCreateReversalParams, 'mode' | 'original_transaction' | 'reference'>) =>
      stripe.tax.transactions.createReversal({ mode: 'partial', original_transaction: txn.id, reference: orderNumber(), expand: ['line_items'], ...params });
    const line = (i: number, amount: number, amount_tax: number) => ({ original_line_item: lines[i].id, reference: `${i}`, amount, amount_tax });

    // Line 0 whole (200, tax 13), 5000 of line 3's 12345 (tax 313 of 772), 500 of the shipping (tax 31 of 94).
    const first = await reverse({ line_items: [line(0, -200, -13), line(3, -5000, -313)], shipping_cost: { amount: -500, amount_tax: -31 } });
    expect(first).toMatchObject({
      type: 'reversal',
      reversal: { original_transaction: txn.id },
      shipping_cost: { amount: -500, amount_tax: -31, tax_code: 'txcd_92010001' },
    });
    expect(first.line_items!.data.map((l) => [l.amount, l.amount_tax, l.type, l.reversal?.original_line_item, l.tax_code])).toEqual([
      [-200, -13, 'reversal', lines[0].id, 'txcd_99999999'],
      [-5000, -313, 'reversal', lines[3].id, 'txcd_99999999'],
    ]);

    // Nothing is left of line 0; one cent more of it is refused, and so is a cent of its tax.
    await expectInvalid(reverse({ line_items: [line(0, -1, 0)] }), 'line_items[0][amount]');
    await expectInvalid(reverse({ line_items: [line(0, 0, -1)] }), 'line_items[0][amount_tax]');
    // The rest of line 3 goes; a cent beyond it does not.
    await expectInvalid(reverse({ line_items: [line(3, -7346, -459)] }), 'line_items[0][amount]');
    await expectInvalid(reverse({ line_items: [line(3, -7345, -460)] }), 'line_items[0][amount_tax]');
    await reverse({ line_items: [line(3, -7345, -459)] });
    await expectInvalid(reverse({ line_items: [line(3, -1, 0)] }), 'line_items[0][amount]');
    // The shipping: 1000 and 63 left.
    await expectInvalid(reverse({ shipping_cost: { amount: -1001, amount_tax: 0 } }), 'shipping_cost[amount]');
    await reverse({ shipping_cost: { amount: -1000, amount_tax: -63 } });
    await expectInvalid(reverse({ shipping_cost: { amount: 0, amount_tax: -1 } }), 'shipping_cost[amount_tax]');
    // A refused reversal changed nothing: the full reversal takes exactly lines 1 and 2, and no shipping.
    const rest = await stripe.tax.transactions.createReversal({ mode: 'full', original_transaction: txn.id, reference: orderNumber(), expand: ['line_items'] });
    expect(rest.line_items!.data.map((l) => [l.reference, l.amount, l.amount_tax, l.reversal?.original_line_item])).toEqual([
      ['1', -1999, -125, lines[1].id],
      ['2', -4550, -284, lines[2].id],
    ]);
    expect(rest.shipping_cost).toBeNull();
    await expectInvalid(
      stripe.tax.transactions.createReversal({ mode: 'full', original_transaction: txn.id, reference: orderNumber() }),
      'original_transaction',
    );
    await expectInvalid(reverse({ line_items: [line(1, -1, 0)] }), 'line_items[0][amount]');
  });

  it('a full reversal of an untouched sale mirrors it; a flat_amount spreads over the lines and shipping to the cent', async () => {
    const { txn, lines } = await recordedSale();
    const full = await stripe.tax.transactions.createReversal({ mode: 'full', original_transaction: txn.id, reference: orderNumber(), expand: ['line_items'] });
    expect(full.line_items!.data.map((l) => [l.amount, l.amount_tax])).toEqual(lines.map((l) => [-l.amount, -l.amount_tax]));
    expect(full.shipping_cost).toMatchObject({ amount: -SHIPPING, amount_tax: -EXPECTED.TX.shipping });

    const other = await recordedSale();
    const total = sum(LINES) + SHIPPING + sum(EXPECTED.TX.lines) + EXPECTED.TX.shipping;
    const flat = await stripe.tax.transactions.createReversal({
      mode: 'partial',
      original_transaction: other.txn.id,
      reference: orderNumber(),
      flat_amount: -1000,
      expand: ['line_items'],
    });
    const reversed = flat.line_items!.data;
    expect(sum(reversed.map((l) => l.amount + l.amount_tax)) + (flat.shipping_cost ? flat.shipping_cost.amount + flat.shipping_cost.amount_tax : 0)).toBe(
      -1000,
    );
    for (const l of reversed) {
      const original = other.lines.find((o) => o.id === l.reversal?.original_line_item)!;
      expect(-l.amount).toBeLessThanOrEqual(original.amount);
      expect(-l.amount_tax).toBeLessThanOrEqual(original.amount_tax);
    }
    await expectInvalid(
      stripe.tax.transactions.createReversal({
        mode: 'partial',
        original_transaction: other.txn.id,
        reference: orderNumber(),
        flat_amount: -(total - 1000 + 1),
      }),
      'flat_amount',
    );
    const restFlat = await stripe.tax.transactions.createReversal({
      mode: 'partial',
      original_transaction: other.txn.id,
      reference: orderNumber(),
      flat_amount: -(total - 1000),
    });
    expect(restFlat.type).toBe('reversal');
    await expectInvalid(
      stripe.tax.transactions.createReversal({ mode: 'full', original_transaction: other.txn.id, reference: orderNumber() }),
      'original_transaction',
    );
  });

  it("bad reversals are Stripe's 400s naming the parameter; an unknown transaction is 404", async () => {
    const { txn, lines } = await recordedSale();
    const base = { original_transaction: txn.id, reference: orderNumber() };
    const reversal = (params: object) => stripe.tax.transactions.createReversal({ ...base, ...params } as Stripe.Tax.TransactionCreateReversalParams);
    await expectInvalid(reversal({ mode: undefined }), 'mode', 'parameter_missing');
    await expectInvalid(reversal({ mode: 'half' }), 'mode');
    await expectInvalid(reversal({ mode: 'partial' }), 'line_items', 'parameter_missing');
    await expectInvalid(reversal({ mode: 'full', line_items: [{ original_line_item: lines[0].id, reference: 'x', amount: -1, amount_tax: 0 }] }), 'line_items');
    await expectInvalid(
      reversal({ mode: 'partial', line_items: [{ original_line_item: lines[0].id, reference: 'x', amount: 1, amount_tax: 0 }] }),
      'line_items[0][amount]',
    );
    await expectInvalid(
      reversal({ mode: 'partial', line_items: [{ original_line_item: 'tax_li_other', reference: 'x', amount: -1, amount_tax: 0 }] }),
      'line_items[0][original_line_item]',
    );
    await expectInvalid(
      reversal({ mode: 'partial', line_items: [{ original_line_item: lines[0].id, amount: -1, amount_tax: 0 }] }),
      'line_items[0][reference]',
      'parameter_missing',
    );
    await expectInvalid(reversal({ mode: 'partial', flat_amount: 5 }), 'flat_amount');
    await expectInvalid(reversal({ mode: 'full', reference: undefined }), 'reference', 'parameter_missing');
    const err = await refusal(reversal({ mode: 'full', original_transaction: 'tax_nope' }));
    expect([err.statusCode, err.code, err.param]).toEqual([404, 'resource_missing', 'original_transaction']);
    const full = await reversal({ mode: 'full' });
    await expectInvalid(reversal({ mode: 'full', original_transaction: full.id, reference: orderNumber() }), 'original_transaction');
    expect((await refusal(stripe.tax.transactions.retrieve('tax_nope'))).statusCode).toBe(404);
  });
});

describe('tax registrations: the declared table, as Stripe lists registrations', () => {
  it('lists CA, TX, NY, IL and OH, active US state sales tax registrations; none expired or scheduled', async () => {
    const list = await stripe.tax.registrations.list({ status: 'active' });
    expect(list.data.map((r) => r.country_options.us?.state)).toEqual(['CA', 'TX', 'NY', 'IL', 'OH']);
    for (const r of list.data) {
      expect(r).toMatchObject({
        object: 'tax.registration',
        country: 'US',
        status: 'active',
        expires_at: null,
        country_options: { us: { type: 'state_sales_tax' } },
      });
      expect(await stripe.tax.registrations.retrieve(r.id)).toEqual(r);
    }
    expect((await stripe.tax.registrations.list()).data).toHaveLength(5);
    expect((await stripe.tax.registrations.list({ status: 'expired' })).data).toEqual([]);
    const paged = await stripe.tax.registrations.list({ limit: 2 });
    expect(paged.has_more).toBe(true);
    await expectInvalid(stripe.tax.registrations.list({ status: 'gone' as 'all' }), 'status');
  });
});

describe("Customers' tax location, and invoices with automatic tax from the same table", () => {
  const company = (params: Partial<Stripe.CustomerCreateParams> = {}) =>
    stripe.customers.create({ name: 'Coastal Cold Storage', email: `ap-${Date.now()}-${++seq}@coastal.test`, ...params });
  const shipTo = (address: Address) => ({ name: 'Coastal Cold Storage, dock 4', phone: '+14155550100', address });

  /**
   * A Net 30 invoice as the shop makes one for an order: a line per order line (two as invoice
   * items with their tax code, two added as lines with the code on price_data's product_data), one
   * for shipping with txcd_92010001, finalized.
   */
  async function invoiceOf(customer: string, { finalize = true } = {}) {
    const draft = await stripe.invoices.create({ customer, collection_method: 'send_invoice', days_until_due: 30, automatic_tax: { enabled: true } });
    await stripe.invoiceItems.create({ customer, invoice: draft.id, amount: LINES[0], currency: 'usd', description: 'Start relay', tax_code: 'txcd_99999999' });
    await stripe.invoiceItems.create({
      customer,
      invoice: draft.id,
      quantity: 1,
      unit_amount_decimal: Stripe.Decimal.from(String(LINES[1])),
      currency: 'usd',
      description: 'Door gasket',
    });
    await stripe.invoices.addLines(draft.id, {
      lines: [
        {
          quantity: 1,
          price_data: { currency: 'usd', product_data: { name: 'Fan motor', tax_code: 'txcd_99999999' }, unit_amount: LINES[2], tax_behavior: 'exclusive' },
        },
        { quantity: 1, price_data: { currency: 'usd', product_data: { name: 'Compressor' }, unit_amount: LINES[3] } },
      ],
    });
    await stripe.invoiceItems.create({
      customer,
      invoice: draft.id,
      amount: SHIPPING,
      currency: 'usd',
      description: 'Shipping: UPS Ground',
      tax_code: 'txcd_92010001',
    });
    return finalize ? stripe.invoices.finalizeInvoice(draft.id) : stripe.invoices.retrieve(draft.id);
  }

  it('a Customer keeps shipping, address and tax_exempt on create, update and retrieve; an empty value unsets them', async () => {
    const created = await company({ shipping: shipTo(ADDRESSES.CA), address: ADDRESSES.IL, tax_exempt: 'none' });
    expect(created.shipping).toEqual({ name: 'Coastal Cold Storage, dock 4', phone: '+14155550100', address: ADDRESSES.CA });
    expect(created.address).toEqual({ ...ADDRESSES.IL, line2: null });
    expect(created.tax_exempt).toBe('none');
    const updated = await stripe.customers.update(created.id, { shipping: shipTo(ADDRESSES.TX), tax_exempt: 'exempt' });
    expect(updated.shipping?.address).toEqual({ ...ADDRESSES.TX, line2: null });
    expect(updated.tax_exempt).toBe('exempt');
    expect(await stripe.customers.retrieve(created.id)).toEqual(updated);
    const cleared = await stripe.customers.update(created.id, { shipping: '', address: '', tax_exempt: '' });
    expect([cleared.shipping, cleared.address, cleared.tax_exempt]).toEqual([null, null, 'none']);

    await expectInvalid(company({ shipping: { address: ADDRESSES.CA } as Stripe.CustomerCreateParams.Shipping }), 'shipping[name]', 'parameter_missing');
    await expectInvalid(company({ tax_exempt: 'sometimes' as 'none' }), 'tax_exempt');
    await expectInvalid(company({ address: { ...ADDRESSES.CA, county: 'San Mateo' } as Address }), 'address[county]', 'parameter_unknown');
  });

  for (const state of ['CA', 'TX'] as const) {
    it(`an invoice with automatic tax to ${state} carries the calculation's tax for the same lines and address, line by line`, async () => {
      const { id: customer } = await company({ shipping: shipTo(ADDRESSES[state]) });
      const calc = await calculate(ADDRESSES[state]);
      const open = await invoiceOf(customer);
      const lines = open.lines.data;
      expect(lines.map((l) => l.amount)).toEqual([...LINES, SHIPPING]);
      expect(lines.map((l) => l.taxes?.[0]?.amount)).toEqual([...calc.line_items!.data.map((l) => l.amount_tax), calc.shipping_cost!.amount_tax]);
      const tax = sum(open.total_taxes!.map((t) => t.amount));
      expect(tax).toBe(calc.tax_amount_exclusive);
      expect(open).toMatchObject({
        status: 'open',
        subtotal: sum(LINES) + SHIPPING,
        subtotal_excluding_tax: sum(LINES) + SHIPPING,
        total_excluding_tax: sum(LINES) + SHIPPING,
        total: calc.amount_total,
        amount_due: calc.amount_total,
        amount_remaining: calc.amount_total,
        automatic_tax: { enabled: true, status: 'complete', provider: 'stripe', liability: { type: 'self' } },
        customer_shipping: { address: { state } },
      });
      const rated = open.total_taxes!.find((t) => t.taxability_reason === 'standard_rated')!;
      expect(rated).toMatchObject({ tax_behavior: 'exclusive', type: 'tax_rate_details', tax_rate_details: { tax_rate: expect.stringMatching(/^txr_/) } });
      expect(rated.taxable_amount).toBe(sum(LINES) + (state === 'TX' ? SHIPPING : 0));
      const shippingTax = lines[4].taxes![0];
      expect(shippingTax.taxability_reason).toBe(state === 'TX' ? 'standard_rated' : 'not_subject_to_tax');

      const html = await (await fetch(open.hosted_invoice_url!)).text();
      const pdf = await pdfText(Buffer.from(await (await fetch(open.invoice_pdf!)).arrayBuffer()));
      const row = `Sales tax (${state} ${EXPECTED[state].rate}%)`;
      const cents = (c: number) => `$${Math.floor(c / 100).toLocaleString('en-US')}.${String(c % 100).padStart(2, '0')}`;
      for (const text of [row, cents(tax), cents(calc.amount_total)]) {
        expect(html).toContain(text);
        expect(pdf).toContain(text);
      }
      // Paid: the whole total, tax included.
      const paid = await stripe.invoices.pay(open.id, { paid_out_of_band: true });
      expect(paid).toMatchObject({ status: 'paid', amount_paid: calc.amount_total, amount_remaining: 0 });
    });
  }

  it('an invoice to OR collects nothing; an exempt Customer pays no tax; both said on the hosted page', async () => {
    const { id: oregon } = await company({ shipping: shipTo(ADDRESSES.OR) });
    const or = await invoiceOf(oregon);
    expect(or.total).toBe(sum(LINES) + SHIPPING);
    expect(or.total_taxes!.map((t) => [t.taxability_reason, t.amount])).toEqual([['not_collecting', 0]]);
    expect(await (await fetch(or.hosted_invoice_url!)).text()).toContain('No sales tax collected for OR');

    const { id: exempt } = await company({ shipping: shipTo(ADDRESSES.TX), tax_exempt: 'exempt' });
    const ex = await invoiceOf(exempt);
    expect(ex.total).toBe(sum(LINES) + SHIPPING);
    expect(ex.customer_tax_exempt).toBe('exempt');
    expect(ex.total_taxes!.map((t) => [t.taxability_reason, t.amount])).toEqual([['customer_exempt', 0]]);
    expect(await (await fetch(ex.hosted_invoice_url!)).text()).toContain('Exempt');
  });

  it("the Customer's address serves when it has no shipping address; with neither the draft waits and finalizing is refused", async () => {
    const { id: billed } = await company({ address: ADDRESSES.NY });
    const ny = await invoiceOf(billed);
    expect(sum(ny.total_taxes!.map((t) => t.amount))).toBe(sum(EXPECTED.NY.lines) + EXPECTED.NY.shipping);

    const { id: nowhere } = await company();
    const draft = await invoiceOf(nowhere, { finalize: false });
    expect(draft.automatic_tax.status).toBe('requires_location_inputs');
    expect(draft.total).toBe(sum(LINES) + SHIPPING);
    const err = await refusal(stripe.invoices.finalizeInvoice(draft.id));
    expect([err.statusCode, err.code]).toEqual([400, 'customer_tax_location_invalid']);
    // Given a ship-to, the same draft is taxed and finalizes.
    await stripe.customers.update(nowhere, { shipping: shipTo(ADDRESSES.OH) });
    const taxedDraft = await stripe.invoices.retrieve(draft.id);
    expect(taxedDraft.automatic_tax.status).toBe('complete');
    const open = await stripe.invoices.finalizeInvoice(draft.id);
    expect(open.total).toBe(sum(LINES) + SHIPPING + sum(EXPECTED.OH.lines) + EXPECTED.OH.shipping);
  });

  it("a bad tax code on an invoice item or an added line is Stripe's 400 naming it, and adds nothing", async () => {
    const { id: customer } = await company({ shipping: shipTo(ADDRESSES.CA) });
    const draft = await stripe.invoices.create({ customer, collection_method: 'send_invoice', days_until_due: 30, automatic_tax: { enabled: true } });
    await expectInvalid(stripe.invoiceItems.create({ customer, invoice: draft.id, amount: 100, currency: 'usd', tax_code: 'tools' }), 'tax_code');
    await expectInvalid(
      stripe.invoices.addLines(draft.id, {
        lines: [
          { amount: 100, description: 'ok' },
          { quantity: 1, price_data: { currency: 'usd', product_data: { name: 'Fan', tax_code: 'txcd_1' }, unit_amount: 100 } },
        ],
      }),
      'lines[1][price_data][product_data][tax_code]',
    );
    await expectInvalid(stripe.invoiceItems.create({ customer, invoice: draft.id, amount: 100, currency: 'usd', tax_behavior: 'inclusive' }), 'tax_behavior');
    await expectInvalid(
      stripe.invoices.create({ customer, collection_method: 'send_invoice', days_until_due: 30, automatic_tax: { enabled: 'yes' as unknown as boolean } }),
      'automatic_tax[enabled]',
    );
    expect((await stripe.invoices.retrieve(draft.id)).lines.data).toEqual([]);
  });
});
