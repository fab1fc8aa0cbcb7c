// The Stripe Tax objects the double answers with (tax.calculation, tax.calculation_line_item,
// tax.transaction, tax.transaction_line_item, tax.registration), field for field as Stripe returns
// them at the SDK's API version: every top-level key of Stripe's published fixture of the object
// (fixtures/stripe-fixtures3.json). The expandable fields (a calculation's or transaction's
// `line_items`, a line's and the shipping cost's `tax_breakdown`) are there only when asked for
// with `expand`, as Stripe answers. A field the double has no use for (ship_from_details, product,
// performance_location) gets the value Stripe gives when it was not sent: null.
// tests/api/stripe-double-shapes holds each builder's output to the fixture's keys through the SDK.
import { ZERO_PERCENTAGE } from './tax.mjs';

/** An address as Stripe echoes it: every key, null where not given. */
export function addressObject(a) {
  if (!a) return null;
  const field = (k) => (a[k] === undefined ? null : a[k]);
  return {
    city: field('city'),
    country: field('country'),
    line1: field('line1'),
    line2: field('line2'),
    postal_code: field('postal_code'),
    state: field('state'),
  };
}

/** One entry of a calculation's `tax_breakdown`: a group of lines of one taxability reason and rate. */
export function breakdownObject(group, address) {
  return {
    amount: group.amountTax,
    inclusive: false,
    tax_rate_details: {
      country: address?.country ?? null,
      flat_amount: null,
      percentage_decimal: group.percentage,
      rate_type: 'percentage',
      state: address?.state || null,
      tax_type: 'sales_tax',
    },
    taxability_reason: group.reason,
    taxable_amount: group.taxableAmount,
  };
}

/**
 * A line's or the shipping cost's own `tax_breakdown` (expandable): the jurisdiction that taxes it
 * (the state), and the rate; none where nothing is collected.
 */
export function lineBreakdownObject(taxed, address) {
  const state = address?.state || null;
  const collected = taxed.reason !== 'not_collecting';
  return [
    {
      amount: taxed.amountTax,
      jurisdiction: {
        country: address?.country ?? 'US',
        display_name: state ?? address?.country ?? 'United States',
        level: state ? 'state' : 'country',
        state,
      },
      sourcing: 'destination',
      tax_rate_details: collected ? { display_name: 'Sales Tax', percentage_decimal: taxed.percentage ?? ZERO_PERCENTAGE, tax_type: 'sales_tax' } : null,
      taxability_reason: taxed.reason,
      taxable_amount: taxed.taxableAmount,
    },
  ];
}

/** `customer_details` as a calculation and its transactions carry it. */
export function customerDetailsObject({ address, addressSource, taxabilityOverride }) {
  return { address: addressObject(address), address_source: addressSource ?? null, ip_address: null, tax_ids: [], taxability_override: taxabilityOverride };
}

/** A calculation's line item, as `GET .../line_items` and `expand[]=line_items` give it. */
export function calculationLineItemObject({ id, amount, amountTax, metadata, quantity, reference, taxCode }) {
  return {
    id,
    object: 'tax.calculation_line_item',
    amount,
    amount_tax: amountTax,
    livemode: false,
    metadata,
    performance_location: null,
    product: null,
    quantity,
    reference,
    tax_behavior: 'exclusive',
    tax_code: taxCode,
  };
}

/** The shipping cost of a calculation or transaction (`tax_breakdown` is added when expanded). */
export function shippingCostObject({ amount, amountTax, taxCode }) {
  return { amount, amount_tax: amountTax, tax_behavior: 'exclusive', tax_code: taxCode };
}

/** A tax.calculation without its expandable `line_items`. */
export function calculationObject({ id, amountTotal, customer, customerDetails, expiresAt, shippingCost, taxAmount, taxBreakdown, taxDate }) {
  return {
    id,
    object: 'tax.calculation',
    amount_total: amountTotal,
    currency: 'usd',
    customer,
    customer_details: customerDetails,
    expires_at: expiresAt,
    livemode: false,
    ship_from_details: null,
    shipping_cost: shippingCost,
    tax_amount_exclusive: taxAmount,
    tax_amount_inclusive: 0,
    tax_breakdown: taxBreakdown,
    tax_date: taxDate,
  };
}

/** A transaction's line item: `type` transaction, or reversal naming the line it reverses. */
export function transactionLineItemObject({ id, amount, amountTax, metadata, quantity, reference, taxCode, originalLineItem }) {
  return {
    id,
    object: 'tax.transaction_line_item',
    amount,
    amount_tax: amountTax,
    livemode: false,
    metadata,
    product: null,
    quantity,
    reference,
    reversal: originalLineItem ? { original_line_item: originalLineItem } : null,
    tax_behavior: 'exclusive',
    tax_code: taxCode,
    type: originalLineItem ? 'reversal' : 'transaction',
  };
}

/** A tax.transaction without its expandable `line_items`: a sale recorded, or a reversal of one. */
export function transactionObject({ id, created, customer, customerDetails, metadata, postedAt, reference, originalTransaction, shippingCost, taxDate }) {
  return {
    id,
    object: 'tax.transaction',
    created,
    currency: 'usd',
    customer,
    customer_details: customerDetails,
    livemode: false,
    metadata,
    posted_at: postedAt,
    reference,
    reversal: originalTransaction ? { original_transaction: originalTransaction } : null,
    ship_from_details: null,
    shipping_cost: shippingCost,
    tax_date: taxDate,
    type: originalTransaction ? 'reversal' : 'transaction',
  };
}

/** A state registration, as Stripe shapes a US state sales tax registration. */
export function registrationObject({ id, activeFrom, created, state }) {
  return {
    id,
    object: 'tax.registration',
    active_from: activeFrom,
    country: 'US',
    country_options: { us: { state, type: 'state_sales_tax' } },
    created,
    expires_at: null,
    livemode: false,
    status: 'active',
  };
}
