// The double's billing state: Customers, invoice items and one-off invoices sent to the customer
// (`collection_method: send_invoice`), in memory for the life of the process. Each operation follows
// Stripe's invoice status machine (draft -> open -> paid | void | uncollectible; uncollectible ->
// paid | void; https://docs.stripe.com/invoicing/integration/workflow-transitions) and reports the
// events Stripe would send. The refusals carry Stripe's own messages where they are known.
import { randomBytes } from 'node:crypto';
import { invalidRequest, missing } from './errors.mjs';
import { metadataOf, newId, now } from './store.mjs';
import { customerObject, invoiceItemObject, invoiceObject, lineItemObject } from './billing-objects.mjs';
import { TAX_CODES, groupTaxes, taxLine, taxRateId } from './tax.mjs';
import { exclusiveOf, taxAddressOf, taxCodeOf } from './tax-api.mjs';
import { LIST_PARAMS, allowOnly, boolOf, currencyOf, decimalTimes, integerOf, mergeMetadata, page, stringOf } from './params.mjs';

const clone = (o) => structuredClone(o);
const DAY = 86400;
/** How many lines an invoice carries in `lines`; the rest are read with GET .../lines. */
const EMBEDDED_LINES = 10;
const STATUSES = ['draft', 'open', 'void', 'paid', 'uncollectible'];
const NOT_OPEN = "You can only pass in open invoices. This invoice isn't open.";

/**
 * `emit(type, object)` is called for every event Stripe would create; `hostedBase()` is the
 * double's own origin, which serves the hosted invoice page and PDF in place of Stripe's.
 */
export function createBilling(emit, hostedBase) {
  const customers = new Map();
  const items = new Map();
  const invoices = new Map();
  /** invoice id -> its full list of line items (the invoice object carries the first few). */
  const lines = new Map();
  /** invoice id -> days_until_due, counted again from finalization. */
  const daysUntilDue = new Map();
  /** invoice item id -> its tax code (an item carries none in Stripe's shape: its Product does). */
  const taxCodes = new Map();

  const customer = (id, param = 'id') => {
    const c = typeof id === 'string' ? customers.get(id) : undefined;
    if (!c) throw missing('customer', id, param);
    return c;
  };
  const invoice = (id, param = 'id') => {
    const inv = typeof id === 'string' ? invoices.get(id) : undefined;
    if (!inv) throw missing('invoice', id, param);
    return inv;
  };

  /** The invoice as Stripe answers it: its first lines embedded, the rest behind `has_more`. */
  function present(inv) {
    const out = clone(inv);
    const all = lines.get(inv.id);
    out.lines.data = clone(all.slice(0, EMBEDDED_LINES));
    out.lines.has_more = all.length > EMBEDDED_LINES;
    return out;
  }

  /**
   * Automatic tax (Stripe Tax, tax.mjs): each line taxed at the customer's location (its shipping
   * address, else its address) with its tax code, rounded per line; `null` while the customer has
   * no location the double can tax at (`requires_location_inputs`).
   */
  function invoiceTax(inv) {
    const cus = customers.get(inv.customer);
    let where;
    try {
      where = taxLocation(cus.id);
    } catch {
      return null;
    }
    const override = { exempt: 'customer_exempt', reverse: 'reverse_charge' }[cus.tax_exempt] ?? 'none';
    return lines.get(inv.id).map((l) => {
      const code = taxCodes.get(l.parent.invoice_item_details.invoice_item) ?? TAX_CODES.general;
      return taxLine({ amount: l.amount, taxCode: code, address: where.address, override });
    });
  }

  /** A line's or the invoice's tax entry as Stripe shows it at this API version (`taxes`, `total_taxes`). */
  const taxEntry = (t) => ({
    amount: t.amountTax,
    tax_behavior: 'exclusive',
    tax_rate_details: t.reason === 'standard_rated' ? { tax_rate: taxRateId(t.registration) } : null,
    taxability_reason: t.reason,
    taxable_amount: t.taxableAmount,
    type: 'tax_rate_details',
  });

  function recompute(inv) {
    const all = lines.get(inv.id);
    const subtotal = all.reduce((sum, l) => sum + l.amount, 0);
    let tax = 0;
    if (inv.automatic_tax.enabled) {
      const cus = customers.get(inv.customer);
      if (inv.status === 'draft')
        Object.assign(inv, { customer_address: clone(cus.address), customer_shipping: clone(cus.shipping), customer_tax_exempt: cus.tax_exempt });
      const taxed = invoiceTax(inv);
      inv.automatic_tax.status = taxed ? 'complete' : 'requires_location_inputs';
      all.forEach((l, i) => {
        l.taxes = taxed ? [taxEntry(taxed[i])] : [];
      });
      inv.total_taxes = taxed ? groupTaxes(taxed).map(taxEntry) : [];
      tax = taxed ? taxed.reduce((sum, t) => sum + t.amountTax, 0) : 0;
    }
    const total = subtotal + tax;
    Object.assign(inv, {
      subtotal,
      subtotal_excluding_tax: subtotal,
      total,
      total_excluding_tax: subtotal,
      // A negative total would be a credit to the customer's balance; nothing is then due.
      amount_due: Math.max(0, total),
      amount_remaining: Math.max(0, total) - inv.amount_paid,
    });
  }

  function attach(item, inv) {
    item.invoice = inv.id;
    lines.get(inv.id).push(lineItemObject({ id: newId('il'), item }));
    recompute(inv);
  }

  // --- customers ---------------------------------------------------------------------------

  const CUSTOMER_FIELDS = ['email', 'name', 'description', 'phone', 'metadata', 'address', 'shipping', 'tax_exempt'];
  const ADDRESS_FIELDS = ['line1', 'line2', 'city', 'state', 'postal_code', 'country'];

  /** A Customer's `address` (or its shipping's): every key, null where not given; '' unsets it. */
  function addressOf(value, param) {
    if (value === undefined) return undefined;
    if (value === '') return null;
    if (!value || typeof value !== 'object' || Array.isArray(value)) throw invalidRequest('Invalid object', { param });
    allowOnly(value, ADDRESS_FIELDS, param);
    const out = {};
    for (const key of ADDRESS_FIELDS) out[key] = stringOf(value[key], `${param}[${key}]`, 200) ?? null;
    return out;
  }

  /** A Customer's `shipping`: `address` and `name` required, `phone`; '' unsets it. */
  function shippingOf(value) {
    if (value === undefined) return undefined;
    if (value === '') return null;
    if (!value || typeof value !== 'object' || Array.isArray(value)) throw invalidRequest('Invalid object', { param: 'shipping' });
    allowOnly(value, ['address', 'name', 'phone'], 'shipping');
    if (value.address === undefined || value.address === '')
      throw invalidRequest('Missing required param: shipping[address].', { code: 'parameter_missing', param: 'shipping[address]' });
    const name = stringOf(value.name, 'shipping[name]', 256);
    if (!name) throw invalidRequest('Missing required param: shipping[name].', { code: 'parameter_missing', param: 'shipping[name]' });
    return { address: addressOf(value.address, 'shipping[address]'), name, phone: stringOf(value.phone, 'shipping[phone]', 20) || null };
  }

  function taxExemptOf(value) {
    if (value === undefined) return undefined;
    if (value === '') return 'none';
    if (!['none', 'exempt', 'reverse'].includes(value))
      throw invalidRequest('Invalid tax_exempt: must be one of none, exempt, or reverse', { param: 'tax_exempt' });
    return value;
  }

  function createCustomer(params) {
    allowOnly(params, CUSTOMER_FIELDS);
    const c = customerObject({
      id: newId('cus'),
      created: now(),
      email: stringOf(params.email, 'email', 512) ?? null,
      name: stringOf(params.name, 'name', 256) ?? null,
      description: stringOf(params.description, 'description') ?? null,
      phone: stringOf(params.phone, 'phone', 20) ?? null,
      metadata: metadataOf(params.metadata),
      invoicePrefix: randomBytes(4).toString('hex').toUpperCase(),
      address: addressOf(params.address, 'address') ?? null,
      shipping: shippingOf(params.shipping) ?? null,
      taxExempt: taxExemptOf(params.tax_exempt) ?? 'none',
    });
    customers.set(c.id, c);
    emit('customer.created', clone(c));
    return clone(c);
  }

  function updateCustomer(id, params) {
    allowOnly(params, CUSTOMER_FIELDS);
    const c = customer(id);
    const address = addressOf(params.address, 'address');
    const shipping = shippingOf(params.shipping);
    const taxExempt = taxExemptOf(params.tax_exempt);
    // An empty string unsets a field, as Stripe reads it.
    for (const [field, max] of [
      ['email', 512],
      ['name', 256],
      ['description', 5000],
      ['phone', 20],
    ]) {
      const value = stringOf(params[field], field, max);
      if (value !== undefined) c[field] = value === '' ? null : value;
    }
    c.metadata = mergeMetadata(c.metadata, params.metadata);
    if (address !== undefined) c.address = address;
    if (shipping !== undefined) c.shipping = shipping;
    if (taxExempt !== undefined) c.tax_exempt = taxExempt;
    // A draft invoice with automatic tax follows its customer's location until it is finalized.
    for (const inv of invoices.values()) if (inv.customer === c.id && inv.status === 'draft') recompute(inv);
    return clone(c);
  }

  function listCustomers(params) {
    allowOnly(params, [...LIST_PARAMS, 'email']);
    const all = [...customers.values()].reverse().filter((c) => params.email === undefined || c.email === params.email);
    return clone(page(all, params, '/v1/customers', 'customer'));
  }

  // --- invoice items -----------------------------------------------------------------------

  /**
   * An add_lines line's `price_data` with an inline product (`product_data`), the one-off Price
   * Stripe makes for it: its unit amount in cents as a decimal string, and the product's name.
   */
  function inlinePriceOf(data, at) {
    if (!data || typeof data !== 'object') throw invalidRequest('Invalid object', { param: at('price_data') });
    for (const key of Object.keys(data)) {
      if (!['currency', 'product_data', 'tax_behavior', 'unit_amount', 'unit_amount_decimal'].includes(key)) {
        throw invalidRequest(`Received unknown parameter: ${at('price_data')}[${key}]. (The Stripe double has no Products: give product_data.)`, {
          code: 'parameter_unknown',
          param: `${at('price_data')}[${key}]`,
        });
      }
    }
    if (data.currency === undefined)
      throw invalidRequest(`Missing required param: ${at('price_data')}[currency].`, { code: 'parameter_missing', param: `${at('price_data')}[currency]` });
    currencyOf(data.currency, `${at('price_data')}[currency]`);
    const name = stringOf(data.product_data?.name, `${at('price_data')}[product_data][name]`);
    if (!name)
      throw invalidRequest(`Missing required param: ${at('price_data')}[product_data][name].`, {
        code: 'parameter_missing',
        param: `${at('price_data')}[product_data][name]`,
      });
    const unit = integerOf(data.unit_amount, `${at('price_data')}[unit_amount]`, { min: 0 });
    if (unit !== undefined && data.unit_amount_decimal !== undefined)
      throw invalidRequest('You may only specify one of these parameters: unit_amount, unit_amount_decimal.', { param: `${at('price_data')}[unit_amount]` });
    if (unit === undefined && data.unit_amount_decimal === undefined)
      throw invalidRequest(`Missing required param: ${at('price_data')}[unit_amount].`, {
        code: 'parameter_missing',
        param: `${at('price_data')}[unit_amount]`,
      });
    exclusiveOf(data.tax_behavior, `${at('price_data')}[tax_behavior]`);
    allowOnly(data.product_data, ['name', 'description', 'metadata', 'tax_code'], `${at('price_data')}[product_data]`);
    const taxCode = taxCodeOf(data.product_data.tax_code, `${at('price_data')}[product_data][tax_code]`, TAX_CODES.general);
    return { unit: unit === undefined ? data.unit_amount_decimal : String(unit), name, taxCode };
  }

  /**
   * The amount of a new item: `amount` (quantity 1), or `quantity` times `unit_amount_decimal`
   * (invoice items) or times `price_data`'s unit amount (add_lines, `inline` true). `at` names the
   * parameter prefix for errors (`lines[0][...]` in add_lines).
   */
  function pricingOf(params, at = (p) => p, { inline = false } = {}) {
    if (inline && params.price_data !== undefined) {
      if (params.amount !== undefined) throw invalidRequest('You may only specify one of these parameters: amount, price_data.', { param: at('amount') });
      const price = inlinePriceOf(params.price_data, at);
      const quantity = integerOf(params.quantity, at('quantity'), { min: 0 }) ?? 1;
      const { cents, text } = decimalTimes(price.unit, quantity, `${at('price_data')}[unit_amount_decimal]`);
      return { amount: cents, quantity, unitAmountDecimal: text, productName: price.name, taxCode: price.taxCode };
    }
    for (const p of ['price_data', 'pricing']) {
      if (params[p] !== undefined) {
        throw invalidRequest(
          `The Stripe double has no Prices or Products: give ${inline ? `${at('amount')}, or ${at('quantity')} with ${at('price_data')} and its product_data` : `${at('amount')}, or ${at('quantity')} with ${at('unit_amount_decimal')}`}.`,
          {
            param: at(p),
          },
        );
      }
    }
    const quantity = integerOf(params.quantity, at('quantity'), { min: 0 });
    const amount = integerOf(params.amount, at('amount'));
    if (amount !== undefined && (quantity !== undefined || params.unit_amount_decimal !== undefined)) {
      throw invalidRequest('You may only specify one of these parameters: amount, quantity.', { param: at('amount') });
    }
    if (amount !== undefined) return { amount, quantity: 1, unitAmountDecimal: String(amount) };
    if (params.unit_amount_decimal === undefined)
      throw invalidRequest(`Missing required param: ${at('amount')}.`, { code: 'parameter_missing', param: at('amount') });
    const q = quantity ?? 1;
    const { cents, text } = decimalTimes(params.unit_amount_decimal, q, at('unit_amount_decimal'));
    return { amount: cents, quantity: q, unitAmountDecimal: text };
  }

  function newItem({ cus, inv, pricing, description, metadata }) {
    const created = now();
    const item = invoiceItemObject({
      id: newId('ii'),
      created,
      customer: cus.id,
      invoice: null,
      amount: pricing.amount,
      quantity: pricing.quantity,
      unitAmountDecimal: pricing.unitAmountDecimal,
      // A line priced with an inline product is described by the product's name, as Stripe shows it.
      description: description ?? pricing.productName ?? null,
      metadata,
      priceId: newId('price'),
      productId: newId('prod'),
    });
    items.set(item.id, item);
    taxCodes.set(item.id, pricing.taxCode ?? TAX_CODES.general);
    if (inv) attach(item, inv);
    emit('invoiceitem.created', clone(item));
    return item;
  }

  function editable(inv) {
    if (inv.status !== 'draft') throw invalidRequest('Invalid invoice: This invoice is no longer editable', { code: 'invoice_not_editable' });
  }

  function createInvoiceItem(params) {
    allowOnly(params, [
      'customer',
      'invoice',
      'amount',
      'currency',
      'quantity',
      'unit_amount_decimal',
      'description',
      'metadata',
      'price_data',
      'pricing',
      'tax_code',
      'tax_behavior',
    ]);
    exclusiveOf(params.tax_behavior, 'tax_behavior');
    const taxCode = params.tax_code === '' ? TAX_CODES.general : taxCodeOf(params.tax_code, 'tax_code', TAX_CODES.general);
    if (params.customer === undefined) throw invalidRequest('Missing required param: customer.', { code: 'parameter_missing', param: 'customer' });
    const cus = customer(params.customer, 'customer');
    const inv = params.invoice === undefined ? null : invoice(params.invoice, 'invoice');
    if (inv) {
      if (inv.customer !== cus.id) throw invalidRequest(`The invoice ${inv.id} belongs to another customer than ${cus.id}.`, { param: 'invoice' });
      editable(inv);
    }
    const currency = currencyOf(params.currency) ?? (inv ? inv.currency : cus.currency);
    if (!currency) throw invalidRequest('Missing required param: currency.', { code: 'parameter_missing', param: 'currency' });
    const item = newItem({
      cus,
      inv,
      pricing: { ...pricingOf(params), taxCode },
      description: stringOf(params.description, 'description'),
      metadata: metadataOf(params.metadata),
    });
    return clone(item);
  }

  function retrieveInvoiceItem(id) {
    const item = items.get(id);
    if (!item) throw missing('invoiceitem', id);
    return clone(item);
  }

  // --- invoices ----------------------------------------------------------------------------

  function customFieldsOf(value) {
    if (value === undefined || value === '') return null;
    if (!Array.isArray(value) || value.length > 4)
      throw invalidRequest('custom_fields must be a list of at most 4 { name, value }.', { param: 'custom_fields' });
    return value.map((f, i) => {
      const name = stringOf(f?.name, `custom_fields[${i}][name]`, 40);
      const text = stringOf(f?.value, `custom_fields[${i}][value]`, 140);
      if (!name) throw invalidRequest(`Missing required param: custom_fields[${i}][name].`, { code: 'parameter_missing', param: `custom_fields[${i}][name]` });
      if (!text)
        throw invalidRequest(`Missing required param: custom_fields[${i}][value].`, { code: 'parameter_missing', param: `custom_fields[${i}][value]` });
      return { name, value: text };
    });
  }

  function createInvoice(params) {
    allowOnly(params, [
      'customer',
      'collection_method',
      'days_until_due',
      'due_date',
      'custom_fields',
      'description',
      'footer',
      'metadata',
      'auto_advance',
      'currency',
      'pending_invoice_items_behavior',
      'automatic_tax',
    ]);
    if (params.customer === undefined) throw invalidRequest('Missing required param: customer.', { code: 'parameter_missing', param: 'customer' });
    const cus = customer(params.customer, 'customer');
    const method = params.collection_method ?? 'charge_automatically';
    if (!['charge_automatically', 'send_invoice'].includes(method)) {
      throw invalidRequest('Invalid collection_method: must be one of charge_automatically or send_invoice', { param: 'collection_method' });
    }
    const days = integerOf(params.days_until_due, 'days_until_due', { min: 0, max: 1825 });
    const dueDate = integerOf(params.due_date, 'due_date');
    if (method === 'charge_automatically') {
      if (days !== undefined || dueDate !== undefined) {
        throw invalidRequest("You can only specify 'due_date' or 'days_until_due' if invoice collection method is 'send_invoice'.");
      }
      throw invalidRequest('The Stripe double implements collection_method send_invoice only (no saved payment methods to charge).', {
        param: 'collection_method',
      });
    }
    if (days === undefined && dueDate === undefined) {
      throw invalidRequest("If invoice collection method is 'send_invoice', you must specify 'due_date' or 'days_until_due'.");
    }
    if (days !== undefined && dueDate !== undefined) throw invalidRequest('You may only specify one of these parameters: days_until_due, due_date.');
    const created = now();
    if (dueDate !== undefined && dueDate < created) throw invalidRequest('Invoice due date must be in the future.', { param: 'due_date' });
    currencyOf(params.currency);
    const behavior = params.pending_invoice_items_behavior ?? 'exclude';
    if (!['include', 'exclude'].includes(behavior)) {
      throw invalidRequest('Invalid pending_invoice_items_behavior: must be one of include or exclude', { param: 'pending_invoice_items_behavior' });
    }
    let automaticTax = false;
    if (params.automatic_tax !== undefined) {
      const at = params.automatic_tax;
      if (!at || typeof at !== 'object' || Array.isArray(at)) throw invalidRequest('Invalid object', { param: 'automatic_tax' });
      allowOnly(at, ['enabled'], 'automatic_tax');
      if (at.enabled === undefined)
        throw invalidRequest('Missing required param: automatic_tax[enabled].', { code: 'parameter_missing', param: 'automatic_tax[enabled]' });
      automaticTax = boolOf(at.enabled, 'automatic_tax[enabled]');
    }
    const inv = invoiceObject({
      automaticTax,
      id: newId('in'),
      created,
      customer: cus,
      autoAdvance: boolOf(params.auto_advance, 'auto_advance') ?? false,
      daysUntilDue: days,
      dueDate,
      customFields: customFieldsOf(params.custom_fields),
      description: stringOf(params.description, 'description') ?? null,
      footer: stringOf(params.footer, 'footer') ?? null,
      metadata: metadataOf(params.metadata),
    });
    invoices.set(inv.id, inv);
    lines.set(inv.id, []);
    recompute(inv);
    if (days !== undefined) daysUntilDue.set(inv.id, days);
    if (behavior === 'include') {
      for (const item of items.values()) if (item.customer === cus.id && item.invoice === null) attach(item, inv);
    }
    emit('invoice.created', present(inv));
    return present(inv);
  }

  function listInvoices(params) {
    allowOnly(params, [...LIST_PARAMS, 'customer', 'status', 'collection_method']);
    if (params.status !== undefined && !STATUSES.includes(params.status)) {
      throw invalidRequest('Invalid status: must be one of draft, open, void, paid, or uncollectible', { param: 'status' });
    }
    const all = [...invoices.values()]
      .reverse()
      .filter(
        (inv) =>
          (params.customer === undefined || inv.customer === params.customer) &&
          (params.status === undefined || inv.status === params.status) &&
          (params.collection_method === undefined || inv.collection_method === params.collection_method),
      );
    const listed = page(all, params, '/v1/invoices', 'invoice');
    return { ...listed, data: listed.data.map(present) };
  }

  function listLines(id, params) {
    allowOnly(params, LIST_PARAMS);
    const inv = invoice(id, 'invoice');
    return clone(page(lines.get(inv.id), params, `/v1/invoices/${inv.id}/lines`, 'line_item'));
  }

  function addLines(id, params) {
    allowOnly(params, ['lines', 'invoice_metadata']);
    const inv = invoice(id, 'invoice');
    editable(inv);
    if (!Array.isArray(params.lines) || params.lines.length === 0) {
      throw invalidRequest('Missing required param: lines.', { code: 'parameter_missing', param: 'lines' });
    }
    const cus = customers.get(inv.customer);
    // Every line is read before any is added: one bad line adds none.
    const planned = params.lines.map((line, i) => {
      const at = (p) => `lines[${i}][${p}]`;
      if (!line || typeof line !== 'object') throw invalidRequest('Invalid object', { param: `lines[${i}]` });
      for (const key of Object.keys(line)) {
        if (!['amount', 'quantity', 'description', 'metadata', 'invoice_item', 'price_data', 'pricing'].includes(key)) {
          throw invalidRequest(`Received unknown parameter: ${at(key)}`, { code: 'parameter_unknown', param: at(key) });
        }
      }
      if (line.invoice_item !== undefined) {
        const item = items.get(line.invoice_item);
        if (!item) throw missing('invoiceitem', line.invoice_item, at('invoice_item'));
        if (item.invoice !== null) throw invalidRequest(`The invoice item ${item.id} is already on invoice ${item.invoice}.`, { param: at('invoice_item') });
        if (item.customer !== inv.customer) throw invalidRequest(`The invoice item ${item.id} belongs to another customer.`, { param: at('invoice_item') });
        return { item };
      }
      return {
        pricing: pricingOf(line, at, { inline: true }),
        description: stringOf(line.description, at('description')),
        metadata: metadataOf(line.metadata),
      };
    });
    const metadata = mergeMetadata(inv.metadata, params.invoice_metadata);
    for (const p of planned) {
      if (p.item) attach(p.item, inv);
      else newItem({ cus, inv, pricing: p.pricing, description: p.description, metadata: p.metadata });
    }
    inv.metadata = metadata;
    return present(inv);
  }

  function markPaid(inv, { attempted }) {
    const at = now();
    Object.assign(inv, {
      status: 'paid',
      amount_paid: inv.amount_due,
      amount_remaining: 0,
      attempted,
      attempt_count: attempted && inv.amount_due > 0 ? inv.attempt_count + 1 : inv.attempt_count,
      next_payment_attempt: null,
    });
    inv.status_transitions.paid_at = at;
  }

  function finalize(inv, params = {}) {
    if (inv.status !== 'draft') throw invalidRequest("This invoice is already finalized, you can't re-finalize a non-draft invoice.");
    const autoAdvance = boolOf(params.auto_advance, 'auto_advance');
    // Automatic tax is worked out once more, at the customer's location now, and kept from then on.
    recompute(inv);
    if (inv.automatic_tax.enabled && inv.automatic_tax.status !== 'complete') {
      throw invalidRequest(
        "This invoice cannot be finalized because the customer's location isn't recognized. Give the Customer a shipping address or an address with its country, state and postal code (automatic tax).",
        { code: 'customer_tax_location_invalid' },
      );
    }
    const cus = customers.get(inv.customer);
    const at = now();
    const days = daysUntilDue.get(inv.id);
    Object.assign(inv, {
      status: 'open',
      number: `${cus.invoice_prefix}-${String(cus.next_invoice_sequence).padStart(4, '0')}`,
      // The terms run from the day the invoice is issued.
      due_date: days === undefined ? inv.due_date : at + days * DAY,
      effective_at: at,
      ending_balance: 0,
      automatically_finalizes_at: null,
      hosted_invoice_url: `${hostedBase()}/_double/hosted-invoices/${inv.id}`,
      invoice_pdf: `${hostedBase()}/_double/hosted-invoices/${inv.id}/pdf`,
      customer_email: cus.email,
      customer_name: cus.name,
      customer_phone: cus.phone,
      customer_address: clone(cus.address),
      customer_shipping: clone(cus.shipping),
      customer_tax_exempt: cus.tax_exempt,
    });
    if (autoAdvance !== undefined) inv.auto_advance = autoAdvance;
    inv.status_transitions.finalized_at = at;
    cus.next_invoice_sequence += 1;
    cus.currency ??= inv.currency;
    emit('invoice.finalized', present(inv));
    // Nothing due: Stripe marks it paid at once.
    if (inv.amount_due === 0) {
      markPaid(inv, { attempted: true });
      emit('invoice.paid', present(inv));
    }
  }

  function finalizeInvoice(id, params) {
    allowOnly(params, ['auto_advance']);
    const inv = invoice(id);
    finalize(inv, params);
    return present(inv);
  }

  function voidInvoice(id, params) {
    allowOnly(params, []);
    const inv = invoice(id);
    if (inv.status === 'paid') throw invalidRequest('Invoices with `paid` payments cannot be voided.');
    if (inv.status !== 'open' && inv.status !== 'uncollectible') throw invalidRequest(NOT_OPEN);
    inv.status = 'void';
    inv.status_transitions.voided_at = now();
    emit('invoice.voided', present(inv));
    return present(inv);
  }

  function markUncollectible(id, params) {
    allowOnly(params, []);
    const inv = invoice(id);
    if (inv.status === 'uncollectible') throw invalidRequest('This invoice has already been marked uncollectible.');
    if (inv.status !== 'open') throw invalidRequest(NOT_OPEN);
    inv.status = 'uncollectible';
    inv.status_transitions.marked_uncollectible_at = now();
    emit('invoice.marked_uncollectible', present(inv));
    return present(inv);
  }

  function payable(inv) {
    if (inv.status === 'paid') throw invalidRequest('Invoice is already paid');
    if (inv.status === 'void') throw invalidRequest('This invoice cannot be paid because it has been voided.');
  }

  /** Stripe's `/pay`: the double has no saved payment methods, so only `paid_out_of_band=true` pays. */
  function payInvoice(id, params) {
    allowOnly(params, ['paid_out_of_band']);
    const inv = invoice(id);
    payable(inv);
    if (boolOf(params.paid_out_of_band, 'paid_out_of_band') !== true) {
      throw invalidRequest(
        'This customer has no attached payment source or default payment method. (The Stripe double pays invoices only with paid_out_of_band=true.)',
      );
    }
    // A draft is finalized and paid in the one call.
    if (inv.status === 'draft') finalize(inv);
    if (inv.status !== 'paid') {
      markPaid(inv, { attempted: false });
      emit('invoice.paid', present(inv));
    }
    return present(inv);
  }

  /**
   * Test control: the customer's bank transfer for the whole amount arrives, and Stripe reconciles
   * it with the open invoice (not `/pay`'s paid_out_of_band): a payment attempt that succeeded.
   */
  function receiveTransfer(id) {
    const inv = invoice(id);
    payable(inv);
    if (inv.status === 'draft') throw invalidRequest('A draft invoice cannot be paid by transfer: finalize it first.');
    markPaid(inv, { attempted: true });
    emit('invoice.payment_succeeded', present(inv));
    emit('invoice.paid', present(inv));
    return present(inv);
  }

  /**
   * Where a Customer is taxed (Stripe Tax): its shipping address, else its address; and whether it
   * is exempt (`tax_exempt`). A Customer with neither address has no tax location.
   */
  function taxLocation(id, param = 'id') {
    const c = customer(id, param);
    const source = c.shipping?.address?.country ? 'shipping' : c.address?.country ? 'billing' : null;
    const where = "The customer's location isn't recognized: give the Customer a shipping address or an address";
    if (!source) throw invalidRequest(`${where}.`, { code: 'customer_tax_location_invalid', param });
    const address = source === 'shipping' ? c.shipping.address : c.address;
    try {
      const given = Object.fromEntries(Object.entries(address).filter(([, v]) => v !== null));
      return { address: taxAddressOf(given, 'address'), addressSource: source, taxExempt: c.tax_exempt };
    } catch (err) {
      throw invalidRequest(`${where} (${err.message})`, { code: 'customer_tax_location_invalid', param });
    }
  }

  return {
    /**
     * For credit notes (credit-notes.mjs): the stored invoice, its full list of lines and its
     * Customer (not copies), the invoice as Stripe answers it, and the paid step.
     */
    internals: {
      invoice,
      linesOf: (id) => lines.get(id),
      customerOf: (id) => customer(id),
      present,
      markPaid,
    },
    taxLocation,
    createCustomer,
    retrieveCustomer: (id) => clone(customer(id)),
    updateCustomer,
    listCustomers,
    createInvoiceItem,
    retrieveInvoiceItem,
    createInvoice,
    retrieveInvoice: (id) => present(invoice(id, 'invoice')),
    listInvoices,
    listLines,
    addLines,
    finalizeInvoice,
    voidInvoice,
    markUncollectible,
    payInvoice,
    receiveTransfer,
    /** For the hosted page: the invoice with every line, or null when there is none to show. */
    hosted: (id) => {
      const inv = invoices.get(id);
      if (!inv || inv.status === 'draft') return null;
      return { ...clone(inv), lines: { ...clone(inv.lines), data: clone(lines.get(id)) } };
    },
    stored: () => {
      const all = [...customers.values(), ...items.values(), ...invoices.values(), ...[...lines.values()].flat()];
      return { objects: all.length, bytes: all.reduce((sum, o) => sum + JSON.stringify(o).length, 0) };
    },
  };
}
