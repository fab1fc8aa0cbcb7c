// The credit note objects the double answers with (CreditNote and its line items), field for field
// as Stripe returns them at the SDK's API version: every top-level key of Stripe's published fixture
// of the object (fixtures/stripe-fixtures3.json). A field the double has no use for gets the value
// Stripe gives a credit note without discounts, shipping rates, refunds or Connect: empty or null.
// tests/api/stripe-double-shapes holds each builder's output to the fixture's keys and value types.
//
// The credit note store (credit-notes.mjs) owns the arithmetic and changes only what a step changes.

/**
 * A credit note's line: `invoice_line_item` credits part of an invoice line (its amount excluding
 * tax, its taxes in proportion); `custom_line_item` a free amount, untaxed. A custom line has no
 * `invoice_line_item` key at all, as Stripe's fixture of a credit note shows it.
 */
export function creditNoteLineObject({ id, type, invoiceLineItem, amount, quantity, unitAmount, description, metadata, taxes }) {
  return {
    id,
    object: 'credit_note_line_item',
    amount,
    description,
    discount_amount: 0,
    discount_amounts: [],
    ...(type === 'invoice_line_item' ? { invoice_line_item: invoiceLineItem } : {}),
    livemode: false,
    metadata,
    pretax_credit_amounts: [],
    quantity,
    // Stripe Tax's taxes are in `taxes`; `tax_rates` holds only Tax Rates of one's own.
    tax_rates: [],
    taxes,
    type,
    unit_amount: unitAmount,
    unit_amount_decimal: unitAmount === null ? null : String(unitAmount),
  };
}

/**
 * A credit note as `POST /v1/credit_notes` issues it. `pre` is what it took off the amount still
 * due on the invoice, `post` the rest (to the customer's balance, `balanceTransaction`, or outside
 * Stripe, `outOfBand`).
 */
export function creditNoteObject({
  id,
  created,
  invoice,
  number,
  pdf,
  subtotal,
  total,
  totalTaxes,
  pre,
  post,
  outOfBand,
  balanceTransaction,
  reason,
  memo,
  metadata,
}) {
  return {
    id,
    object: 'credit_note',
    amount: total,
    amount_shipping: 0,
    created,
    currency: invoice.currency,
    customer: invoice.customer,
    customer_account: null,
    customer_balance_transaction: balanceTransaction,
    discount_amount: 0,
    discount_amounts: [],
    effective_at: created,
    invoice: invoice.id,
    lines: { object: 'list', data: [], has_more: false, url: `/v1/credit_notes/${id}/lines` },
    livemode: false,
    memo,
    metadata,
    number,
    out_of_band_amount: outOfBand,
    pdf,
    post_payment_amount: post,
    pre_payment_amount: pre,
    pretax_credit_amounts: [],
    reason,
    refunds: [],
    shipping_cost: null,
    status: 'issued',
    subtotal,
    subtotal_excluding_tax: subtotal,
    total,
    total_excluding_tax: subtotal,
    total_taxes: totalTaxes,
    type: post === 0 ? 'pre_payment' : pre === 0 ? 'post_payment' : 'mixed',
    voided_at: null,
  };
}
