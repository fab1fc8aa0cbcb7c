import { formatDollars } from '@fridgeparts/common/money';
import { taxLabel as rowLabel } from '@fridgeparts/common/tax/tax';
import type { OrderTax } from '@fridgeparts/common/tax/tax.answers';

/**
 * The sales tax of a cart or an order as the server answers it (CONTRACT §15): the total tax, each
 * line's (a cart's lines by tool id, an order's by its index), the shipping's, why (taxed, a state
 * the shop does not collect in, an exemption), the ship-to's state and the parts' rate as Stripe
 * gives it ("7.25"). Dollars, as every JSON amount.
 */
export type TaxView = OrderTax;

/**
 * What the tax row ("Sales tax") says before a ship-to is known: nothing is invented. Short enough
 * for one line beside its label on a phone, so the row does not change height when the tax comes.
 */
export const TAX_PENDING_TEXT = 'once the address is entered';

/** What a company member's tax row says before a ship-to location is chosen. */
export const TAX_PENDING_SHIP_TO_TEXT = 'once the ship-to is chosen';

/** What the tax row says while it is being asked for the address given. */
export const TAX_LOADING_TEXT = 'calculating…';

/** What the tax row says when it could not be asked: the order still shows it before it is paid. */
export const TAX_UNREAD_TEXT = 'on the order, before paying';

// The note of the forms that place an order before its tax is shown (quick order, the booking
// modal) is tax-note.ts: apart, so their pages load that one sentence, not these words.

/**
 * The name of the order's tax row, in the words the PDF and emails say (common/tax/tax.ts): "Sales
 * tax (CA 7.25%)", "No sales tax collected for OR", "Exempt: resale certificate 12-345 (TX)" for a
 * certificate's exemption (CONTRACT §15); "Sales tax" before a ship-to is known and for an exemption
 * that names no certificate, whose amount says "Exempt".
 */
export function taxLabel(tax: TaxView | null): string {
  return !tax || (tax.reason === 'customer_exempt' && !tax.exemption) ? 'Sales tax' : rowLabel(tax);
}

/** The amount of the order's tax row: "$36.25", "$0.00" where none is collected or a certificate exempts it, "Exempt" for another exemption. */
export function taxAmountText(tax: TaxView): string {
  return tax.reason === 'customer_exempt' && !tax.exemption ? 'Exempt' : formatDollars(tax.amount);
}

/** One line's tax: "$1.81", or "Exempt"; a dash where the answer names no such line. */
export function lineTaxText(tax: TaxView, lineId: string): string {
  if (tax.reason === 'customer_exempt') return 'Exempt';
  const line = tax.lines.find((l) => l.lineId === lineId);
  return line ? formatDollars(line.amount) : '—';
}

const cents = (dollars: number) => Math.round(dollars * 100);

/** The parts' share of an order's total that includes shipping and tax (dollars, counted in whole cents). */
export function partsOf(total: number, shipping: number, tax: number): number {
  return (cents(total) - cents(shipping) - cents(tax)) / 100;
}

/** Parts, shipping and tax added up in whole cents (dollars): what the order comes to. */
export function totalOf(parts: number, shipping: number, tax: number): number {
  return (cents(parts) + cents(shipping) + cents(tax)) / 100;
}
