// Stripe Tax in the double (CONTRACT §15, docs/decisions/0082-stripe-tax-in-the-double.md): the one
// declared table of the states the shop is registered in, their rates and whether they tax
// shipping, the three tax codes the double tells apart, and the rounding. Tax calculations
// (tax-api.mjs) and invoices with automatic tax (billing.mjs) both read it, so an order's tax and
// its invoice's tax are the same sum of the same per-line roundings. The README lists the table.

/** The registered states: US only. `bp` is the rate in basis points (725 = 7.25%). */
export const REGISTERED_STATES = Object.freeze([
  Object.freeze({ state: 'CA', bp: 725, percentage: '7.25', shippingTaxed: false }),
  Object.freeze({ state: 'TX', bp: 625, percentage: '6.25', shippingTaxed: true }),
  Object.freeze({ state: 'NY', bp: 400, percentage: '4.0', shippingTaxed: true }),
  Object.freeze({ state: 'IL', bp: 625, percentage: '6.25', shippingTaxed: false }),
  Object.freeze({ state: 'OH', bp: 575, percentage: '5.75', shippingTaxed: true }),
]);

export const TAX_CODES = Object.freeze({
  /** General tangible goods: taxable at the state's rate. The account's default code. */
  general: 'txcd_99999999',
  /** Nontaxable: `product_exempt`, 0. */
  nontaxable: 'txcd_00000000',
  /** Shipping: taxed where the state taxes shipping, else `not_subject_to_tax`. */
  shipping: 'txcd_92010001',
});

/** Any `txcd_` and 8 digits is a tax code; one the double does not tell apart is treated as tangible goods. */
export const isTaxCode = (code) => typeof code === 'string' && /^txcd_\d{8}$/.test(code);

/** The zero rate Stripe reports beside a reason that taxes nothing. */
export const ZERO_PERCENTAGE = '0.0';

/**
 * `amount` (integer cents, negative for a reversal) times `bp` basis points, in whole cents,
 * rounded half away from zero, exactly (integers only): 150 at 725 bp is 10.875 -> 11, 200 at
 * 625 bp is 12.5 -> 13, -200 -> -13.
 */
export function taxOf(amount, bp) {
  if (!Number.isSafeInteger(amount) || !Number.isSafeInteger(bp) || bp < 0)
    throw new RangeError(`taxOf needs integer cents and basis points, got ${amount}, ${bp}`);
  const product = BigInt(amount) * BigInt(bp);
  const abs = product < 0n ? -product : product;
  const rounded = (abs + 5000n) / 10000n;
  const cents = Number(rounded);
  // A negative amount's tax mirrors the positive one's (and a tax of 0 is 0, not -0).
  return product < 0n && cents !== 0 ? -cents : cents;
}

/**
 * The id of the Tax Rate Stripe makes for a registration's rate (an invoice line's
 * `taxes[].tax_rate_details.tax_rate`). The double serves no `/v1/tax_rates`; its ids are stable.
 */
export const taxRateId = (registration) => `txr_double${registration.state}${registration.bp}`;

/** The registration behind a tax rate id from `taxRateId`, or null. */
export const registrationOfTaxRate = (id) => REGISTERED_STATES.find((r) => taxRateId(r) === id) ?? null;

/** The registration for an address, or null where the shop does not collect (another state or country). */
export function registrationFor(address) {
  if (!address || String(address.country ?? '').toUpperCase() !== 'US') return null;
  const state = String(address.state ?? '').toUpperCase();
  return REGISTERED_STATES.find((r) => r.state === state) ?? null;
}

/**
 * One line's tax (a line item, or the shipping cost): `{ amountTax, taxableAmount, reason,
 * percentage, registration }`. `override` is the customer's `taxability_override` (`none`,
 * `customer_exempt`) or an exempt Customer's `tax_exempt` read the same way. The order of the
 * tests is Stripe's: where the shop is not registered nothing is collected, whoever buys; then the
 * customer's exemption; then the product's taxability.
 */
export function taxLine({ amount, taxCode = TAX_CODES.general, address, override = 'none' }) {
  const registration = registrationFor(address);
  const none = (reason) => ({ amountTax: 0, taxableAmount: 0, reason, percentage: ZERO_PERCENTAGE, registration });
  if (!registration) return none('not_collecting');
  if (override === 'customer_exempt') return none('customer_exempt');
  if (override === 'reverse_charge') return none('reverse_charge');
  if (taxCode === TAX_CODES.nontaxable) return none('product_exempt');
  if (taxCode === TAX_CODES.shipping && !registration.shippingTaxed) return none('not_subject_to_tax');
  return { amountTax: taxOf(amount, registration.bp), taxableAmount: amount, reason: 'standard_rated', percentage: registration.percentage, registration };
}

/**
 * The lines' taxes summed per taxability reason and rate, in the order each first appears (as a
 * calculation's `tax_breakdown` and an invoice's `total_taxes` group them).
 */
export function groupTaxes(taxed) {
  const groups = new Map();
  for (const t of taxed) {
    const key = `${t.reason} ${t.percentage} ${t.registration?.state ?? ''}`;
    const group = groups.get(key) ?? { ...t, amountTax: 0, taxableAmount: 0 };
    group.amountTax += t.amountTax;
    group.taxableAmount += t.taxableAmount;
    groups.set(key, group);
  }
  return [...groups.values()];
}
