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
function exclusiveOf(value, param) {
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

  return {
    createCalculation,
    retrieveCalculation,
    listCalculationLines,
    expireCalculation,
    /** For the transactions below and the soak's count. */
    _internal: { calculations, transactions, references, registrations, calculation },
    stored: () => {
      const all = [...calculations.values()].flatMap((c) => [c.calc, ...c.lines]).concat([...transactions.values()].flatMap((t) => [t.txn, ...t.lines]));
      return { objects: all.length, bytes: all.reduce((sum, o) => sum + JSON.stringify(o).length, 0) };
    },
  };
}
