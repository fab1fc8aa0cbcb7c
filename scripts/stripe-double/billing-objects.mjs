// The billing objects the double answers with (Customer, InvoiceItem, Invoice and the invoice's
// line items), field for field as Stripe returns them at the SDK's API version: every top-level
// key of Stripe's published fixture of the object (fixtures/stripe-fixtures3.json). A field the
// double has no use for gets the value Stripe gives a one-off invoice without tax, discounts,
// subscriptions, Connect or test clocks: mostly null or empty. tests/api/stripe-double-shapes holds
// each builder's output to the fixture's keys and value types through the real SDK.
//
// The billing store (billing.mjs) owns the state machine and changes only what a step changes.

/** A Customer as `POST /v1/customers` creates it. */
export function customerObject({ id, created, email, name, description, phone, metadata, invoicePrefix, address = null, shipping = null, taxExempt = 'none' }) {
  return {
    id,
    object: 'customer',
    address,
    balance: 0,
    created,
    // Stripe sets it with the customer's first invoice or charge in a currency.
    currency: null,
    default_source: null,
    delinquent: false,
    description,
    discount: null,
    email,
    invoice_prefix: invoicePrefix,
    invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
    livemode: false,
    metadata,
    name,
    next_invoice_sequence: 1,
    phone,
    preferred_locales: [],
    shipping,
    tax_exempt: taxExempt,
    test_clock: null,
  };
}

/**
 * A one-off invoice item: Stripe mints a one-off Price and Product behind it
 * (`pricing.price_details`); `unitAmountDecimal` is the unit amount in cents as a decimal string.
 */
export function invoiceItemObject({ id, created, customer, invoice, amount, quantity, unitAmountDecimal, description, metadata, priceId, productId }) {
  return {
    id,
    object: 'invoiceitem',
    amount,
    currency: 'usd',
    customer,
    customer_account: null,
    date: created,
    description,
    discountable: true,
    discounts: [],
    invoice,
    livemode: false,
    metadata,
    // No discounts or credits in the double: what is billed is the amount.
    net_amount: amount,
    // Only an item a subscription made has a parent.
    parent: null,
    period: { end: created, start: created },
    pricing: { price_details: { price: priceId, product: productId }, type: 'price_details', unit_amount_decimal: unitAmountDecimal },
    proration: false,
    quantity,
    quantity_decimal: String(quantity),
    tax_rates: [],
    test_clock: null,
  };
}

/** The invoice's line for an invoice item (`il_...`), as it appears in `lines`. */
export function lineItemObject({ id, item }) {
  return {
    id,
    object: 'line_item',
    amount: item.amount,
    currency: item.currency,
    description: item.description,
    discount_amounts: [],
    discountable: item.discountable,
    discounts: [],
    invoice: item.invoice,
    livemode: false,
    metadata: { ...item.metadata },
    parent: {
      invoice_item_details: { invoice_item: item.id, proration: false, proration_details: { credited_items: null }, subscription: null },
      subscription_item_details: null,
      type: 'invoice_item_details',
    },
    period: { ...item.period },
    pretax_credit_amounts: [],
    pricing: structuredClone(item.pricing),
    quantity: item.quantity,
    quantity_decimal: item.quantity_decimal,
    subscription: null,
    subtotal: item.amount,
    taxes: [],
  };
}

/** A draft invoice as `POST /v1/invoices` creates it, before any line. */
export function invoiceObject({
  automaticTax = false,
  id,
  created,
  customer,
  autoAdvance,
  daysUntilDue,
  dueDate,
  customFields,
  description,
  footer,
  metadata,
}) {
  return {
    id,
    object: 'invoice',
    account_country: 'US',
    account_name: null,
    account_tax_ids: null,
    amount_due: 0,
    amount_overpaid: 0,
    amount_paid: 0,
    amount_remaining: 0,
    amount_shipping: 0,
    application: null,
    attempt_count: 0,
    attempted: false,
    auto_advance: autoAdvance,
    // With automatic tax, Stripe Tax computes it for the account (`self`); `status` says whether it could.
    automatic_tax: automaticTax
      ? { disabled_reason: null, enabled: true, liability: { type: 'self' }, provider: 'stripe', status: 'requires_location_inputs' }
      : { disabled_reason: null, enabled: false, liability: null, provider: null, status: null },
    // A draft left to advance by itself is finalized about an hour after it was made.
    automatically_finalizes_at: autoAdvance ? created + 3600 : null,
    billing_reason: 'manual',
    collection_method: 'send_invoice',
    created,
    currency: 'usd',
    custom_fields: customFields,
    customer: customer.id,
    customer_account: null,
    customer_address: structuredClone(customer.address),
    customer_email: customer.email,
    customer_name: customer.name,
    customer_phone: customer.phone,
    customer_shipping: structuredClone(customer.shipping),
    customer_tax_exempt: customer.tax_exempt,
    customer_tax_ids: [],
    default_payment_method: null,
    default_source: null,
    default_tax_rates: [],
    description,
    discounts: [],
    // Shown on the draft; finalizing counts the days again from then (see billing.mjs).
    due_date: dueDate ?? created + daysUntilDue * 86400,
    effective_at: null,
    ending_balance: null,
    footer,
    from_invoice: null,
    hosted_invoice_url: null,
    invoice_pdf: null,
    issuer: { type: 'self' },
    last_finalization_error: null,
    latest_revision: null,
    lines: { object: 'list', data: [], has_more: false, url: `/v1/invoices/${id}/lines` },
    livemode: false,
    metadata,
    next_payment_attempt: null,
    number: null,
    on_behalf_of: null,
    parent: null,
    payment_settings: { default_mandate: null, payment_method_options: null, payment_method_types: null },
    period_end: created,
    period_start: created,
    post_payment_credit_notes_amount: 0,
    pre_payment_credit_notes_amount: 0,
    receipt_number: null,
    rendering: null,
    shipping_cost: null,
    shipping_details: null,
    starting_balance: 0,
    statement_descriptor: null,
    status: 'draft',
    status_transitions: { finalized_at: null, marked_uncollectible_at: null, paid_at: null, voided_at: null },
    // Still in Stripe's fixture, gone from the SDK's API version (now parent.subscription_details).
    subscription: null,
    subtotal: 0,
    subtotal_excluding_tax: 0,
    test_clock: null,
    total: 0,
    total_discount_amounts: [],
    total_excluding_tax: 0,
    total_pretax_credit_amounts: [],
    total_taxes: [],
    webhooks_delivered_at: created,
  };
}
