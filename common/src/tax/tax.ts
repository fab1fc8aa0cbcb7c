import type { Address } from '../company.answers';
import { centsToDollars } from '../money';
import type { OrderTax } from './tax.answers';
import type { TaxExemption } from './exemption';

/**
 * Sales tax (CONTRACT §15, decision 0083): what an order keeps of its Stripe Tax calculation, and
 * the words every screen, PDF and email says about it. Zod-free (decision 0073): the answer's
 * schema is tax.answers.ts.
 */

/** Why a calculation taxed what it did (Stripe's `taxability_reason`, the three the shop acts on). */
export const TAX_REASONS = ['standard_rated', 'not_collecting', 'customer_exempt'] as const;
export type TaxReason = (typeof TAX_REASONS)[number];

/** General tangible goods: every tool without a code of its own (taxable). */
export const DEFAULT_TAX_CODE = 'txcd_99999999';
/** Shipping's code (Stripe's "Shipping" tax code). */
export const SHIPPING_TAX_CODE = 'txcd_92010001';
/** A Stripe product tax code: `txcd_` and 8 digits. */
export const TAX_CODE_PATTERN = /^txcd_\d{8}$/;

/** One line's tax as stored (cents). */
export interface OrderTaxLineDoc {
  lineId: string;
  amountCents: number;
  /** The code the line was taxed under, so its Net 30 invoice line carries the same (absent: txcd_99999999). */
  taxCode?: string;
}

/** bookings/{id}.tax: the calculation the order was placed with (cents), and its transaction once recorded. */
export interface OrderTaxDoc {
  amountCents: number;
  calculationId: string;
  lines: OrderTaxLineDoc[];
  shippingCents: number;
  reason: TaxReason;
  /** The ship-to's region (US state), or null. */
  state: string | null;
  /** The parts' percentage_decimal as Stripe answered it ("7.25"), or null when none was charged. */
  rate: string | null;
  /** A card order's tax transaction (tax_...), recorded once when paid; null until then (and for Net 30). */
  transactionId: string | null;
  /** The full reversal of that transaction once the whole order was refunded (tax_...); absent or null otherwise. */
  reversalId?: string | null;
  /** The certificate that exempted it (reason customer_exempt, decision 0084); absent or null otherwise. */
  exemption?: TaxExemption | null;
  /** Why tax is charged although the ship-to has a certificate for its state (pending, rejected, expired); absent or null otherwise. */
  note?: string | null;
}

/** The stored tax to the API shape (dollars); null for an order placed before tax. */
export function orderTaxFromDoc(t: OrderTaxDoc | null | undefined): OrderTax | null {
  if (!t) return null;
  return {
    amount: centsToDollars(t.amountCents),
    calculationId: t.calculationId,
    lines: t.lines.map((l) => ({ lineId: l.lineId, amount: centsToDollars(l.amountCents) })),
    shipping: centsToDollars(t.shippingCents),
    reason: t.reason,
    state: t.state,
    rate: t.rate,
    exemption: t.exemption ?? null,
    note: t.note ?? null,
  };
}

/**
 * The words of the tax row: "Sales tax (CA 7.25%)", "No sales tax collected for OR", "Exempt:
 * resale certificate 12-345 (TX)" (or "Exempt" with no certificate named).
 */
export function taxLabel(t: Pick<OrderTaxDoc, 'reason' | 'state' | 'rate' | 'exemption'>): string {
  const where = t.state ?? '';
  if (t.reason === 'customer_exempt') return t.exemption?.words ?? 'Exempt';
  if (t.reason === 'not_collecting') return where ? `No sales tax collected for ${where}` : 'No sales tax collected';
  const detail = [where, t.rate ? `${t.rate}%` : ''].filter(Boolean).join(' ');
  return detail ? `Sales tax (${detail})` : 'Sales tax';
}

/** Whether the tax row shows an amount (collected) or only its words (not collected, exempt). */
export const taxCollected = (t: Pick<OrderTaxDoc, 'reason'>): boolean => t.reason === 'standard_rated';

/**
 * Where an order is taxed (CONTRACT §14, §15): the company's ship-to, the address object given, or
 * for the seed's one-line address the shop's own (`shopAddress`, SHOP_ADDRESS).
 */
export function taxAddressOf(o: { shipToAddress?: Address | null; shippingAddress?: Address | null }, shopAddress: Address): Address {
  return o.shippingAddress ?? o.shipToAddress ?? shopAddress;
}
