import type { Address } from '@fridgeparts/common/company.answers';
import { DEFAULT_TAX_CODE, SHIPPING_TAX_CODE, TAX_CODE_PATTERN, type OrderTaxDoc, type TaxReason } from '@fridgeparts/common/tax/tax';
import StripeSdk from 'stripe';
import { AppError, badRequest } from '../../errors';
import { CURRENCY } from '../currency';
import { atProvider, type Stripe } from '../stripe-client';
import { chargedTaxNote, type BasisExemption } from './exemption-tax';

/**
 * Sales tax through Stripe Tax (CONTRACT §15, decision 0083): what is taxed (a basis: the priced
 * lines with their tax codes, the shipping, where it goes), the calculation asked of Stripe with
 * it, and what the order or cart keeps of the answer. The shop holds no table of states or rates:
 * Stripe's answer says what is collected and at which rate.
 */

/** One taxed line: its reference (an order line's index "0".."49", a cart line's tool id), total and code. */
export interface TaxBasisLine {
  reference: string;
  amountCents: number;
  quantity: number;
  taxCode: string;
}

/** Everything a calculation depends on: the same basis always means the same tax. */
export interface TaxBasis extends BasisExemption {
  lines: TaxBasisLine[];
  shippingCents: number;
  address: Address;
}

/** A calculation and the basis it was made for. */
export interface TaxQuote {
  key: string;
  tax: OrderTaxDoc;
}

/** A tool's tax code: its own when it has a well-formed one, else general tangible goods. */
export const taxCodeOf = (tool: { taxCode?: string | null }): string => (tool.taxCode && TAX_CODE_PATTERN.test(tool.taxCode) ? tool.taxCode : DEFAULT_TAX_CODE);

/** The basis as one comparable text (every field, in a fixed order). */
export function basisKey(b: TaxBasis): string {
  const a = b.address;
  return JSON.stringify([
    b.lines.map((l) => [l.reference, l.amountCents, l.quantity, l.taxCode]),
    b.shippingCents,
    [a.line1, a.line2 ?? '', a.city, a.region ?? '', a.postalCode, a.country],
    b.exemption?.id ?? null,
  ]);
}

/** The calculation's request, as TAX-DESIGN (decision 0083) has it. */
export function calculationParams(b: TaxBasis): Stripe.Tax.CalculationCreateParams {
  const a = b.address;
  return {
    currency: CURRENCY,
    line_items: b.lines.map((l) => ({
      amount: l.amountCents,
      reference: l.reference,
      tax_code: l.taxCode,
      quantity: l.quantity,
      tax_behavior: 'exclusive',
    })),
    shipping_cost: { amount: b.shippingCents, tax_behavior: 'exclusive', tax_code: SHIPPING_TAX_CODE },
    customer_details: {
      address: {
        // The cart's query may know only country, region and postal code (cart-tax.ts).
        ...(a.line1 ? { line1: a.line1 } : {}),
        ...(a.line2 ? { line2: a.line2 } : {}),
        ...(a.city ? { city: a.city } : {}),
        ...(a.region ? { state: a.region } : {}),
        postal_code: a.postalCode,
        country: a.country,
      },
      address_source: 'shipping',
      taxability_override: b.exemption ? 'customer_exempt' : 'none',
    },
    // Each line's breakdown (its rate and reason) is expandable too, as in Stripe.
    expand: ['line_items', 'line_items.data.tax_breakdown'],
  };
}

type Breakdown = { amount: number; taxability_reason: string; tax_rate_details?: { percentage_decimal?: string | null } | null };

/**
 * Why the calculation taxed what it did: an exemption; or nothing collected at all because the
 * shop is not registered there (every part's breakdown `not_collecting`); else collected.
 */
export function reasonOf(breakdowns: readonly Breakdown[]): TaxReason {
  if (breakdowns.some((b) => b.taxability_reason === 'customer_exempt')) return 'customer_exempt';
  if (breakdowns.length > 0 && breakdowns.every((b) => b.taxability_reason === 'not_collecting' || b.amount === 0)) {
    if (breakdowns.some((b) => b.taxability_reason === 'not_collecting')) return 'not_collecting';
  }
  return 'standard_rated';
}

/** The parts' rate as Stripe answers it: the first charged line's percentage_decimal, or null when none was charged. */
export function rateOf(lineBreakdowns: readonly Breakdown[]): string | null {
  const charged = lineBreakdowns.find((b) => b.amount > 0 && b.tax_rate_details?.percentage_decimal);
  return charged?.tax_rate_details?.percentage_decimal ?? null;
}

/** What the order keeps of a calculation and its line items (with the certificate it was exempted by, decision 0084). */
export function taxFromCalculation(
  calc: Stripe.Tax.Calculation,
  lineItems: readonly Stripe.Tax.CalculationLineItem[],
  address: Address,
  exemption: BasisExemption['exemption'] = null,
): OrderTaxDoc {
  const lineBreakdowns = lineItems.flatMap((l) => (l.tax_breakdown ?? []) as Breakdown[]);
  const breakdowns = lineBreakdowns.length > 0 ? lineBreakdowns : ((calc.tax_breakdown ?? []) as Breakdown[]);
  const reason = reasonOf(breakdowns);
  return {
    amountCents: calc.tax_amount_exclusive,
    calculationId: calc.id ?? '',
    lines: lineItems.map((l) => ({ lineId: l.reference ?? '', amountCents: l.amount_tax, taxCode: l.tax_code })),
    shippingCents: calc.shipping_cost?.amount_tax ?? 0,
    reason,
    state: address.region ? address.region : null,
    rate: rateOf(breakdowns),
    transactionId: null,
    exemption: reason === 'customer_exempt' ? exemption : null,
    note: null,
  };
}

/** The one message when tax can not be calculated now: nothing was ordered, try again. */
export const TAX_UNAVAILABLE = 'Sales tax could not be calculated just now, so nothing was ordered. Please try again in a moment.';

/**
 * Asks Stripe for the tax of `basis` (outside any transaction: the call is not repeated by a
 * transaction's retry). Stripe out of reach, failing on its side, or no key configured: 503
 * `unavailable` (the payments' rule, decision 0042), nothing ordered. Stripe refusing the address
 * (a tax location it can not place): 400 naming it.
 */
export async function calculateTax(basis: TaxBasis, addressField = 'shippingAddress'): Promise<TaxQuote> {
  let calc: Stripe.Tax.Calculation;
  try {
    calc = await atProvider((s) => s.tax.calculations.create(calculationParams(basis)));
  } catch (err) {
    if (err instanceof AppError && err.code === 'unavailable') throw new AppError('unavailable', TAX_UNAVAILABLE);
    if (err instanceof StripeSdk.errors.StripeInvalidRequestError) {
      const message = `Sales tax could not be calculated for this address: ${err.message}`;
      throw badRequest(message, { [addressField]: message });
    }
    throw err;
  }
  let items = calc.line_items?.data ?? [];
  if (!calc.line_items || calc.line_items.has_more) {
    const id = calc.id!;
    items = (await atProvider((s) => s.tax.calculations.listLineItems(id, { limit: 100, expand: ['data.tax_breakdown'] }))).data;
  }
  const tax = taxFromCalculation(calc, items, basis.address, basis.exemption);
  // Charged although the ship-to has a certificate for its state: say why (decision 0084).
  if (tax.reason === 'standard_rated' && tax.state && basis.noteFor) tax.note = await chargedTaxNote(basis.noteFor, tax.state);
  return { key: basisKey(basis), tax };
}
