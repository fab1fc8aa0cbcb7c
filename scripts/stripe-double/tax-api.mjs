// Stripe Tax in the double: tax calculations, the transactions recorded from them and their
// reversals, and the account's registrations, in memory for the life of the process
// (CONTRACT §15, docs/decisions/0082-stripe-tax-in-the-double.md). Rates, tax codes and rounding
// come from tax.mjs, the table invoices read too. Refusals are Stripe's 400
// `invalid_request_error` naming the parameter; a parameter the double does not model is
// `parameter_unknown`, as elsewhere in the double. Idempotency-Key replays are the server's
// (server.mjs), the same for every POST.
import { invalidRequest, missing } from './errors.mjs';
import { metadataOf, newId, now } from './store.mjs';
import { LIST_PARAMS, allowOnly, currencyOf, integerOf, page, stringOf } from './params.mjs';
import { REGISTERED_STATES, TAX_CODES, groupTaxes, isTaxCode, taxLine } from './tax.mjs';
import {
  breakdownObject,
  calculationLineItemObject,
  calculationObject,
  customerDetailsObject,
  lineBreakdownObject,
  registrationObject,
  shippingCostObject,
  transactionLineItemObject,
  transactionObject,
} from './tax-objects.mjs';

const clone = (o) => structuredClone(o);
const DAY = 86400;
/** A calculation can be recorded as a transaction for 90 days (Stripe's `expires_at`). */
const CALCULATION_LIFETIME = 90 * DAY;
const MAX_LINES = 100;
const ADDRESS_KEYS = ['line1', 'line2', 'city', 'state', 'postal_code', 'country'];
/** What `expand` may name on each object, as Stripe's expandable fields. */
const CALCULATION_EXPANDS = ['line_items', 'line_items.data.tax_breakdown', 'shipping_cost.tax_breakdown'];
const LINE_ITEM_EXPANDS = ['data.tax_breakdown'];
const TRANSACTION_EXPANDS = ['line_items'];

const missingParam = (param) => invalidRequest(`Missing required param: ${param}.`, { code: 'parameter_missing', param });

function objectOf(value, param) {
  if (value === undefined) return undefined;
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw invalidRequest('Invalid object', { param });
  return value;
}

/** Which of `allowed` an `expand` parameter names; anything else is Stripe's refusal. */
export function expandsOf(value, allowed) {
  if (value === undefined || value === '') return new Set();
  const list = Array.isArray(value) ? value : null;
  if (!list) throw invalidRequest('Invalid array', { param: 'expand' });
  for (const [i, path] of list.entries()) {
    if (!allowed.includes(path)) throw invalidRequest(`This property cannot be expanded (${path}).`, { param: `expand[${i}]` });
  }
  return new Set(list);
}

/** An integer amount in cents with its sign checked: `sign` 1 (>= 0) or -1 (<= 0). */
function centsOf(value, param, sign = 1) {
  if (value === undefined || value === '') throw missingParam(param);
  const n = integerOf(value, param);
  if (sign > 0 && n < 0) throw invalidRequest(`Invalid ${param}: must be a non-negative integer`, { param });
  if (sign < 0 && n > 0) throw invalidRequest(`Invalid ${param}: a reversal's amounts are negative (or 0)`, { param });
  return n;
}

/** A tax code: `txcd_` and 8 digits; anything else is refused naming the parameter. */
export function taxCodeOf(value, param, fallback) {
  if (value === undefined) return fallback;
  if (!isTaxCode(value))
    throw invalidRequest(`Invalid tax code: ${value}. A tax code is txcd_ followed by 8 digits (https://docs.stripe.com/tax/tax-categories).`, { param });
  return value;
}

/** The double prices exclusive of tax only. */
export function exclusiveOf(value, param) {
  if (value === undefined || value === 'exclusive') return 'exclusive';
  if (value === 'inclusive')
    throw invalidRequest('The Stripe double prices exclusive of tax only (tax_behavior=exclusive): inclusive pricing is not modelled.', { param });
  throw invalidRequest(`Invalid ${param}: must be one of exclusive or inclusive`, { param });
}

/**
 * A customer's address as a tax location: a US address needs its state and ZIP code (the double
 * has no ZIP database to find the state from), any other country its two letters.
 */
export function taxAddressOf(value, param) {
  const a = objectOf(value, param);
  if (!a) return null;
  for (const key of Object.keys(a)) {
    if (!ADDRESS_KEYS.includes(key))
      throw invalidRequest(`Received unknown parameter: ${param}[${key}]`, { code: 'parameter_unknown', param: `${param}[${key}]` });
  }
  const out = {};
  for (const key of ADDRESS_KEYS) {
    const v = stringOf(a[key], `${param}[${key}]`, 200);
    if (v !== undefined) out[key] = v;
  }
  if (!out.country) throw missingParam(`${param}[country]`);
  out.country = out.country.toUpperCase();
  if (!/^[A-Z]{2}$/.test(out.country))
    throw invalidRequest(`Invalid country: ${out.country}. Give the two-letter ISO 3166-1 code.`, { param: `${param}[country]` });
  if (out.country === 'US') {
    const where = "We could not determine the customer's tax location based on the provided customer address.";
    if (!out.postal_code || !/^\d{5}(-\d{4})?$/.test(out.postal_code)) {
      throw invalidRequest(`${where} A US address needs its 5-digit ZIP code.`, { code: 'customer_tax_location_invalid', param: `${param}[postal_code]` });
    }
    if (!out.state || !/^[A-Za-z]{2}$/.test(out.state)) {
      throw invalidRequest(`${where} (The Stripe double needs the two-letter state: it has no ZIP code database.)`, {
        code: 'customer_tax_location_invalid',
        param: `${param}[state]`,
      });
    }
    out.state = out.state.toUpperCase();
  }
  return out;
}

/**
 * `customerLocation(customerId)` answers `{ address, addressSource, taxExempt }` for a Customer of
 * the double's billing (its shipping address, else its address), or throws 404.
 */
export function createTax({ customerLocation }) {
  /** id -> { calc, lines: [line item], shippingBreakdown, lineBreakdowns: Map } */
  const calculations = new Map();
  /** id -> { txn, lines: [line item], left: Map(line id -> { amount, amountTax }), shippingLeft } */
  const transactions = new Map();
  /** Every reference used by a transaction or reversal. */
  const references = new Set();
  const started = now();
  const registrations = REGISTERED_STATES.map((r) =>
    registrationObject({ id: `taxreg_double${r.state}${r.bp}`, activeFrom: started, created: started, state: r.state }),
  );

  // --- calculations ------------------------------------------------------------------------

  function lineOf(line, i, seen) {
    const at = (p) => `line_items[${i}][${p}]`;
    if (!line || typeof line !== 'object' || Array.isArray(line)) throw invalidRequest('Invalid object', { param: `line_items[${i}]` });
    allowOnly(line, ['amount', 'quantity', 'reference', 'tax_behavior', 'tax_code', 'metadata'], `line_items[${i}]`);
    const amount = centsOf(line.amount, at('amount'));
    const quantity = integerOf(line.quantity, at('quantity'), { min: 1 }) ?? 1;
    const reference = stringOf(line.reference, at('reference'), 500);
    if (reference !== undefined) {
      if (reference === '') throw invalidRequest(`Invalid ${at('reference')}: must not be empty`, { param: at('reference') });
      if (seen.has(reference))
        throw invalidRequest(`The line item reference '${reference}' is used twice: a reference must be unique across the line items of a calculation.`, {
          param: at('reference'),
        });
      seen.add(reference);
    }
    exclusiveOf(line.tax_behavior, at('tax_behavior'));
    const taxCode = taxCodeOf(line.tax_code, at('tax_code'), TAX_CODES.general);
    const metadata = line.metadata === undefined ? null : metadataOf(line.metadata);
    return { amount, quantity, reference, taxCode, metadata };
  }

  function customerDetailsOf(params) {
    const details = objectOf(params.customer_details, 'customer_details') ?? {};
    allowOnly(details, ['address', 'address_source', 'taxability_override'], 'customer_details');
    const override = details.taxability_override ?? 'none';
    if (!['none', 'customer_exempt', 'reverse_charge'].includes(override)) {
      throw invalidRequest('Invalid customer_details[taxability_override]: must be one of none, customer_exempt, or reverse_charge', {
        param: 'customer_details[taxability_override]',
      });
    }
    if (override === 'reverse_charge') {
      throw invalidRequest('The Stripe double does not model reverse charge (a business customer abroad): use none or customer_exempt.', {
        param: 'customer_details[taxability_override]',
      });
    }
    const source = details.address_source;
    if (source !== undefined && !['billing', 'shipping'].includes(source)) {
      throw invalidRequest('Invalid customer_details[address_source]: must be one of billing or shipping', { param: 'customer_details[address_source]' });
    }
    let address = taxAddressOf(details.address, 'customer_details[address]');
    let addressSource = source ?? null;
    let customer = null;
    if (params.customer !== undefined) {
      const location = customerLocation(stringOf(params.customer, 'customer'));
      customer = params.customer;
      if (!address) {
        address = location.address;
        addressSource = location.addressSource;
      }
    }
    if (!address) {
      throw invalidRequest("We could not determine the customer's tax location: give customer_details[address] (or a customer with an address).", {
        code: 'customer_tax_location_invalid',
        param: 'customer_details[address]',
      });
    }
    if (address && source === undefined && addressSource === null) addressSource = 'billing';
    return { customer, address, addressSource, override };
  }

  function createCalculation(params) {
    allowOnly(params, ['currency', 'line_items', 'customer', 'customer_details', 'expand', 'shipping_cost', 'tax_date']);
    if (params.currency === undefined) throw missingParam('currency');
    currencyOf(params.currency);
    if (params.line_items === undefined || params.line_items === '') throw missingParam('line_items');
    if (!Array.isArray(params.line_items) || params.line_items.length === 0)
      throw invalidRequest('Invalid array: line_items must list at least one line item.', { param: 'line_items' });
    if (params.line_items.length > MAX_LINES) throw invalidRequest(`You can pass up to ${MAX_LINES} line items.`, { param: 'line_items' });
    const expand = expandsOf(params.expand, CALCULATION_EXPANDS);
    const seen = new Set();
    const lines = params.line_items.map((line, i) => lineOf(line, i, seen));
    let shipping = null;
    if (params.shipping_cost !== undefined) {
      const s = objectOf(params.shipping_cost, 'shipping_cost');
      allowOnly(s, ['amount', 'tax_behavior', 'tax_code'], 'shipping_cost');
      exclusiveOf(s.tax_behavior, 'shipping_cost[tax_behavior]');
      shipping = { amount: centsOf(s.amount, 'shipping_cost[amount]'), taxCode: taxCodeOf(s.tax_code, 'shipping_cost[tax_code]', TAX_CODES.shipping) };
    }
    const created = now();
    const taxDate = integerOf(params.tax_date, 'tax_date') ?? created;
    if (Math.abs(taxDate - created) > 31 * DAY) throw invalidRequest('tax_date must be within 31 days of today.', { param: 'tax_date' });
    const who = customerDetailsOf(params);

    const taxed = lines.map((l) => ({ ...l, ...taxLine({ amount: l.amount, taxCode: l.taxCode, address: who.address, override: who.override }) }));
    const shippingTaxed = shipping && {
      ...shipping,
      ...taxLine({ amount: shipping.amount, taxCode: shipping.taxCode, address: who.address, override: who.override }),
    };
    const all = shippingTaxed ? [...taxed, shippingTaxed] : taxed;
    const taxAmount = all.reduce((sum, t) => sum + t.amountTax, 0);
    const amountTotal = all.reduce((sum, t) => sum + t.amount + t.amountTax, 0);
    const id = newId('taxcalc');
    const calc = calculationObject({
      id,
      amountTotal,
      customer: who.customer,
      customerDetails: customerDetailsObject({ address: who.address, addressSource: who.addressSource, taxabilityOverride: who.override }),
      expiresAt: created + CALCULATION_LIFETIME,
      shippingCost: shippingTaxed
        ? shippingCostObject({ amount: shippingTaxed.amount, amountTax: shippingTaxed.amountTax, taxCode: shippingTaxed.taxCode })
        : null,
      taxAmount,
      taxBreakdown: groupTaxes(all).map((g) => breakdownObject(g, who.address)),
      taxDate,
    });
    const lineItems = taxed.map((t) => {
      const lineId = `tax_li_${newId('x').slice(2, 16)}`;
      return {
        item: calculationLineItemObject({
          id: lineId,
          amount: t.amount,
          amountTax: t.amountTax,
          metadata: t.metadata,
          quantity: t.quantity,
          // Without a reference of its own, a line is known by its id.
          reference: t.reference ?? lineId,
          taxCode: t.taxCode,
        }),
        breakdown: lineBreakdownObject(t, who.address),
      };
    });
    const entry = {
      calc,
      lines: lineItems.map((l) => l.item),
      lineBreakdowns: new Map(lineItems.map((l) => [l.item.id, l.breakdown])),
      shippingBreakdown: shippingTaxed ? lineBreakdownObject(shippingTaxed, who.address) : null,
    };
    calculations.set(id, entry);
    return presentCalculation(entry, expand);
  }

  function calculation(id, param = 'id') {
    const entry = typeof id === 'string' ? calculations.get(id) : undefined;
    if (!entry) throw missing('tax.calculation', id, param);
    return entry;
  }

  /** Stripe answers a calculation only until it expires. */
  function liveCalculation(id, param = 'id') {
    const entry = calculation(id, param);
    if (entry.calc.expires_at <= now()) throw missing('tax.calculation', id, param);
    return entry;
  }

  function calculationLines(entry, withBreakdown) {
    return entry.lines.map((l) => (withBreakdown ? { ...clone(l), tax_breakdown: clone(entry.lineBreakdowns.get(l.id)) } : clone(l)));
  }

  function presentCalculation(entry, expand) {
    const out = clone(entry.calc);
    if (out.shipping_cost && expand.has('shipping_cost.tax_breakdown')) out.shipping_cost.tax_breakdown = clone(entry.shippingBreakdown);
    if (expand.has('line_items') || expand.has('line_items.data.tax_breakdown')) {
      const listed = page(
        calculationLines(entry, expand.has('line_items.data.tax_breakdown')),
        {},
        `/v1/tax/calculations/${out.id}/line_items`,
        'tax.calculation_line_item',
      );
      out.line_items = listed;
    }
    return out;
  }

  function retrieveCalculation(id, params) {
    allowOnly(params, ['expand']);
    return presentCalculation(liveCalculation(id), expandsOf(params.expand, CALCULATION_EXPANDS));
  }

  function listCalculationLines(id, params) {
    allowOnly(params, [...LIST_PARAMS, 'expand']);
    const entry = liveCalculation(id);
    const expand = expandsOf(params.expand, LINE_ITEM_EXPANDS);
    return page(calculationLines(entry, expand.has('data.tax_breakdown')), params, `/v1/tax/calculations/${id}/line_items`, 'tax.calculation_line_item');
  }

  /** Test control: the calculation expires now (Stripe's are kept 90 days). */
  function expireCalculation(id) {
    const entry = calculation(id);
    entry.calc.expires_at = now() - 1;
    return clone(entry.calc);
  }

  // --- transactions and reversals --------------------------------------------------------------

  /** A reference not yet used by any transaction or reversal (Stripe's `reference` must be unique across them). */
  function referenceOf(value, param = 'reference') {
    if (value === undefined || value === '') throw missingParam(param);
    const reference = stringOf(value, param, 500);
    if (references.has(reference)) {
      throw invalidRequest(
        `A transaction with the reference '${reference}' already exists: a reference must be unique across all transactions, including reversals.`,
        {
          param,
        },
      );
    }
    return reference;
  }

  function transaction(id, param = 'id') {
    const entry = typeof id === 'string' ? transactions.get(id) : undefined;
    if (!entry) throw missing('tax.transaction', id, param);
    return entry;
  }

  const lineItemId = () => `tax_li_${newId('x').slice(2, 16)}`;

  function presentTransaction(entry, expand) {
    const out = clone(entry.txn);
    if (expand.has('line_items')) out.line_items = page(clone(entry.lines), {}, `/v1/tax/transactions/${out.id}/line_items`, 'tax.transaction_line_item');
    return out;
  }

  function record({ txn, lines, shippingLeft }) {
    const entry = {
      txn,
      lines,
      // What is left to reverse of each line and of the shipping (a reversal has nothing to reverse).
      left: new Map(txn.type === 'transaction' ? lines.map((l) => [l.id, { amount: l.amount, amountTax: l.amount_tax }]) : []),
      shippingLeft,
    };
    transactions.set(txn.id, entry);
    references.add(txn.reference);
    return entry;
  }

  function createFromCalculation(params) {
    allowOnly(params, ['calculation', 'reference', 'metadata', 'posted_at', 'expand']);
    const expand = expandsOf(params.expand, TRANSACTION_EXPANDS);
    if (params.calculation === undefined || params.calculation === '') throw missingParam('calculation');
    const calc = calculation(params.calculation, 'calculation');
    if (calc.calc.expires_at <= now()) {
      throw invalidRequest(
        `The calculation ${calc.calc.id} has expired: a calculation can be recorded for 90 days after it was made. Calculate the tax again.`,
        {
          param: 'calculation',
        },
      );
    }
    const reference = referenceOf(params.reference);
    const metadata = metadataOf(params.metadata);
    const created = now();
    const postedAt = integerOf(params.posted_at, 'posted_at', { min: 0 }) ?? created;
    const lines = calc.lines.map((l) =>
      transactionLineItemObject({
        id: lineItemId(),
        amount: l.amount,
        amountTax: l.amount_tax,
        metadata: l.metadata,
        quantity: l.quantity,
        reference: l.reference,
        taxCode: l.tax_code,
      }),
    );
    const shipping = calc.calc.shipping_cost;
    const txn = transactionObject({
      id: newId('tax'),
      created,
      customer: calc.calc.customer,
      customerDetails: clone(calc.calc.customer_details),
      metadata,
      postedAt,
      reference,
      originalTransaction: null,
      shippingCost: shipping && shippingCostObject({ amount: shipping.amount, amountTax: shipping.amount_tax, taxCode: shipping.tax_code }),
      taxDate: calc.calc.tax_date,
    });
    const entry = record({ txn, lines, shippingLeft: shipping && { amount: shipping.amount, amountTax: shipping.amount_tax } });
    return presentTransaction(entry, expand);
  }

  /** `flat_amount`: the total (tax included) spread over what is left of every line and the shipping, in proportion, to the cent. */
  function spreadFlat(orig, flat) {
    const parts = [];
    for (const line of orig.lines) {
      const left = orig.left.get(line.id);
      parts.push({ line, field: 'amount', left: left.amount }, { line, field: 'amountTax', left: left.amountTax });
    }
    if (orig.shippingLeft)
      parts.push({ line: null, field: 'amount', left: orig.shippingLeft.amount }, { line: null, field: 'amountTax', left: orig.shippingLeft.amountTax });
    const total = parts.reduce((s, p) => s + p.left, 0);
    if (-flat > total) {
      throw invalidRequest(`The flat_amount to reverse (${flat}) is more than what is left of the transaction (${total}, tax included).`, {
        param: 'flat_amount',
      });
    }
    const want = BigInt(-flat);
    for (const p of parts) {
      const exact = BigInt(p.left) * want;
      p.share = Number(exact / BigInt(total || 1));
      p.rest = exact % BigInt(total || 1);
    }
    let short = -flat - parts.reduce((s, p) => s + p.share, 0);
    for (const p of [...parts].sort((a, b) => (b.rest > a.rest ? 1 : b.rest < a.rest ? -1 : 0))) {
      if (short === 0) break;
      if (p.share < p.left) {
        p.share += 1;
        short -= 1;
      }
    }
    const lines = orig.lines
      .map((line) => {
        const amount = -parts.find((p) => p.line === line && p.field === 'amount').share;
        const amountTax = -parts.find((p) => p.line === line && p.field === 'amountTax').share;
        return { line, amount, amountTax, quantity: line.quantity, reference: line.reference, metadata: line.metadata };
      })
      .filter((r) => r.amount !== 0 || r.amountTax !== 0);
    const shipAmount = parts.find((p) => p.line === null && p.field === 'amount')?.share ?? 0;
    const shipTax = parts.find((p) => p.line === null && p.field === 'amountTax')?.share ?? 0;
    return { lines, shipping: shipAmount || shipTax ? { amount: -shipAmount, amountTax: -shipTax } : null };
  }

  /** A partial reversal's `line_items`: each a line of the original, never more than is left of it. */
  function partialLines(orig, value) {
    if (value === undefined) return [];
    if (!Array.isArray(value) || value.length === 0)
      throw invalidRequest('Invalid array: line_items must list at least one line item.', { param: 'line_items' });
    const seenLines = new Set();
    const seenRefs = new Set();
    return value.map((item, i) => {
      const at = (p) => `line_items[${i}][${p}]`;
      if (!item || typeof item !== 'object' || Array.isArray(item)) throw invalidRequest('Invalid object', { param: `line_items[${i}]` });
      allowOnly(item, ['amount', 'amount_tax', 'original_line_item', 'quantity', 'reference', 'metadata'], `line_items[${i}]`);
      const amount = centsOf(item.amount, at('amount'), -1);
      const amountTax = centsOf(item.amount_tax, at('amount_tax'), -1);
      if (item.original_line_item === undefined || item.original_line_item === '') throw missingParam(at('original_line_item'));
      const line = orig.lines.find((l) => l.id === item.original_line_item);
      if (!line) throw invalidRequest(`${item.original_line_item} is not a line item of the transaction ${orig.txn.id}.`, { param: at('original_line_item') });
      if (seenLines.has(line.id)) throw invalidRequest(`The line item ${line.id} is reversed twice in one request.`, { param: at('original_line_item') });
      seenLines.add(line.id);
      if (item.reference === undefined || item.reference === '') throw missingParam(at('reference'));
      const reference = stringOf(item.reference, at('reference'), 500);
      if (seenRefs.has(reference)) throw invalidRequest(`The line item reference '${reference}' is used twice.`, { param: at('reference') });
      seenRefs.add(reference);
      const quantity = integerOf(item.quantity, at('quantity'), { min: 1, max: line.quantity }) ?? line.quantity;
      if (amount === 0 && amountTax === 0) throw invalidRequest('A reversed line item must reverse some amount or tax.', { param: at('amount') });
      const left = orig.left.get(line.id);
      if (-amount > left.amount) {
        throw invalidRequest(`The amount to reverse (${amount}) is more than what is left of the line item ${line.id} (${left.amount}).`, {
          param: at('amount'),
        });
      }
      if (-amountTax > left.amountTax) {
        throw invalidRequest(`The tax to reverse (${amountTax}) is more than what is left of the line item's tax ${line.id} (${left.amountTax}).`, {
          param: at('amount_tax'),
        });
      }
      return { line, amount, amountTax, quantity, reference, metadata: item.metadata === undefined ? null : metadataOf(item.metadata) };
    });
  }

  function partialShipping(orig, value) {
    if (value === undefined) return null;
    const s = objectOf(value, 'shipping_cost');
    allowOnly(s, ['amount', 'amount_tax'], 'shipping_cost');
    if (!orig.txn.shipping_cost) throw invalidRequest(`The transaction ${orig.txn.id} has no shipping cost to reverse.`, { param: 'shipping_cost' });
    const amount = centsOf(s.amount, 'shipping_cost[amount]', -1);
    const amountTax = centsOf(s.amount_tax, 'shipping_cost[amount_tax]', -1);
    if (-amount > orig.shippingLeft.amount) {
      throw invalidRequest(`The shipping amount to reverse (${amount}) is more than what is left of it (${orig.shippingLeft.amount}).`, {
        param: 'shipping_cost[amount]',
      });
    }
    if (-amountTax > orig.shippingLeft.amountTax) {
      throw invalidRequest(`The shipping tax to reverse (${amountTax}) is more than what is left of it (${orig.shippingLeft.amountTax}).`, {
        param: 'shipping_cost[amount_tax]',
      });
    }
    if (amount === 0 && amountTax === 0)
      throw invalidRequest('The shipping cost to reverse must reverse some amount or tax.', { param: 'shipping_cost[amount]' });
    return { amount, amountTax };
  }

  function createReversal(params) {
    allowOnly(params, ['mode', 'original_transaction', 'reference', 'line_items', 'shipping_cost', 'flat_amount', 'metadata', 'expand']);
    const expand = expandsOf(params.expand, TRANSACTION_EXPANDS);
    if (params.mode === undefined || params.mode === '') throw missingParam('mode');
    if (!['full', 'partial'].includes(params.mode)) throw invalidRequest('Invalid mode: must be one of full or partial', { param: 'mode' });
    if (params.original_transaction === undefined || params.original_transaction === '') throw missingParam('original_transaction');
    const orig = transaction(params.original_transaction, 'original_transaction');
    if (orig.txn.type !== 'transaction')
      throw invalidRequest(`${orig.txn.id} is a reversal: only a transaction can be reversed.`, { param: 'original_transaction' });
    const reference = referenceOf(params.reference);
    const metadata = metadataOf(params.metadata);
    let lines;
    let shipping;
    if (params.mode === 'full') {
      for (const p of ['line_items', 'shipping_cost', 'flat_amount']) {
        if (params[p] !== undefined) throw invalidRequest(`A full reversal reverses all that is left: give ${p} only with mode partial.`, { param: p });
      }
      lines = orig.lines
        .map((line) => {
          const left = orig.left.get(line.id);
          return { line, amount: -left.amount, amountTax: -left.amountTax, quantity: line.quantity, reference: line.reference, metadata: line.metadata };
        })
        .filter((r) => r.amount !== 0 || r.amountTax !== 0);
      const s = orig.shippingLeft;
      shipping = s && (s.amount || s.amountTax) ? { amount: -s.amount, amountTax: -s.amountTax } : null;
      if (lines.length === 0 && !shipping)
        throw invalidRequest(`The transaction ${orig.txn.id} has already been reversed in full.`, { param: 'original_transaction' });
    } else if (params.flat_amount !== undefined) {
      for (const p of ['line_items', 'shipping_cost']) {
        if (params[p] !== undefined) throw invalidRequest(`Give flat_amount, or line_items and shipping_cost, not both.`, { param: p });
      }
      const flat = centsOf(params.flat_amount, 'flat_amount', -1);
      if (flat === 0) throw invalidRequest('flat_amount must be negative: the amount to reverse, tax included.', { param: 'flat_amount' });
      ({ lines, shipping } = spreadFlat(orig, flat));
    } else {
      if (params.line_items === undefined && params.shipping_cost === undefined) {
        throw invalidRequest('A partial reversal needs line_items, shipping_cost or flat_amount.', { code: 'parameter_missing', param: 'line_items' });
      }
      lines = partialLines(orig, params.line_items);
      shipping = partialShipping(orig, params.shipping_cost);
    }
    // Every check has passed: what is left of the original shrinks by what this reverses.
    for (const r of lines) {
      const left = orig.left.get(r.line.id);
      left.amount += r.amount;
      left.amountTax += r.amountTax;
    }
    if (shipping) {
      orig.shippingLeft.amount += shipping.amount;
      orig.shippingLeft.amountTax += shipping.amountTax;
    }
    const created = now();
    const txn = transactionObject({
      id: newId('tax'),
      created,
      customer: orig.txn.customer,
      customerDetails: clone(orig.txn.customer_details),
      metadata,
      postedAt: created,
      reference,
      originalTransaction: orig.txn.id,
      shippingCost: shipping && shippingCostObject({ amount: shipping.amount, amountTax: shipping.amountTax, taxCode: orig.txn.shipping_cost.tax_code }),
      taxDate: orig.txn.tax_date,
    });
    const reversed = lines.map((r) =>
      transactionLineItemObject({
        id: lineItemId(),
        amount: r.amount,
        amountTax: r.amountTax,
        metadata: r.metadata,
        quantity: r.quantity,
        reference: r.reference,
        taxCode: r.line.tax_code,
        originalLineItem: r.line.id,
      }),
    );
    return presentTransaction(record({ txn, lines: reversed, shippingLeft: null }), expand);
  }

  function retrieveTransaction(id, params) {
    allowOnly(params, ['expand']);
    return presentTransaction(transaction(id), expandsOf(params.expand, TRANSACTION_EXPANDS));
  }

  function listTransactionLines(id, params) {
    allowOnly(params, LIST_PARAMS);
    const entry = transaction(id);
    return page(clone(entry.lines), params, `/v1/tax/transactions/${id}/line_items`, 'tax.transaction_line_item');
  }

  // --- registrations -----------------------------------------------------------------------

  function listRegistrations(params) {
    allowOnly(params, [...LIST_PARAMS, 'status']);
    const status = params.status ?? 'all';
    if (!['active', 'all', 'expired', 'scheduled'].includes(status)) {
      throw invalidRequest('Invalid status: must be one of active, all, expired, or scheduled', { param: 'status' });
    }
    // Every registration of the table is active, from the double's start and without end.
    const all = status === 'active' || status === 'all' ? registrations : [];
    return clone(page(all, params, '/v1/tax/registrations', 'tax.registration'));
  }

  function retrieveRegistration(id, params) {
    allowOnly(params, []);
    const reg = registrations.find((r) => r.id === id);
    if (!reg) throw missing('tax.registration', id);
    return clone(reg);
  }

  return {
    createCalculation,
    retrieveCalculation,
    listCalculationLines,
    expireCalculation,
    createFromCalculation,
    createReversal,
    retrieveTransaction,
    listTransactionLines,
    listRegistrations,
    retrieveRegistration,
    stored: () => {
      const all = [...calculations.values()].flatMap((c) => [c.calc, ...c.lines]).concat([...transactions.values()].flatMap((t) => [t.txn, ...t.lines]));
      return { objects: all.length, bytes: all.reduce((sum, o) => sum + JSON.stringify(o).length, 0) };
    },
  };
}
