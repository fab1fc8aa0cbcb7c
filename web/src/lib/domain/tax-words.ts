import { formatDollars } from '@fridgeparts/common/money';

/**
 * The sales tax of a cart or an order as the server answers it (CONTRACT §15): the total tax, each
 * line's (a cart's lines by tool id, an order's by its index), the shipping's, why (taxed, a state
 * the shop does not collect in, an exemption), the ship-to's state and the parts' rate as Stripe
 * gives it ("7.25"). Dollars, as every JSON amount.
 */
export interface TaxView {
  amount: number;
  calculationId?: string | null;
  lines: readonly { lineId: string; amount: number }[];
  shipping: number;
  reason: 'standard_rated' | 'not_collecting' | 'customer_exempt';
  state: string | null;
  rate: string | null;
}

/** The `tax` an answer carries: null when it has none (no ship-to known yet, an order placed before tax). */
export function taxOf(answer: object | null | undefined): TaxView | null {
  if (!answer || !('tax' in answer)) return null;
  const tax = answer.tax as TaxView | null | undefined;
  return tax && typeof tax.amount === 'number' ? tax : null;
}

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

/** "7.25" as "7.25%", "4.0" as "4%": the rate as Stripe answers it, said plainly. */
export function rateText(rate: string): string {
  const n = Number(rate);
  return Number.isFinite(n) ? `${n}%` : `${rate}%`;
}

/** The name of the order's tax row: "Sales tax (CA 7.25%)", "No sales tax collected for OR", or "Sales tax". */
export function taxLabel(tax: TaxView | null): string {
  if (!tax) return 'Sales tax';
  if (tax.reason === 'not_collecting') return `No sales tax collected for ${tax.state ?? 'this address'}`;
  if (tax.reason === 'customer_exempt') return 'Sales tax';
  const where = [tax.state, tax.rate === null ? null : rateText(tax.rate)].filter(Boolean).join(' ');
  return where ? `Sales tax (${where})` : 'Sales tax';
}

/** The amount of the order's tax row: "$36.25", "$0.00" where none is collected, "Exempt" for an exemption. */
export function taxAmountText(tax: TaxView): string {
  return tax.reason === 'customer_exempt' ? 'Exempt' : formatDollars(tax.amount);
}

/** One line's tax: "$1.81", or "Exempt"; a dash where the answer names no such line. */
export function lineTaxText(tax: TaxView, lineId: string): string {
  if (tax.reason === 'customer_exempt') return 'Exempt';
  const line = tax.lines.find((l) => l.lineId === lineId);
  return line ? formatDollars(line.amount) : '—';
}

/** The tax row in words for a screen reader's live region and a one-line summary: "Sales tax (CA 7.25%) $36.25". */
export function taxRowText(tax: TaxView | null): string {
  if (!tax) return `Sales tax: ${TAX_PENDING_TEXT}`;
  return tax.reason === 'not_collecting' ? taxLabel(tax) : `${taxLabel(tax)} ${taxAmountText(tax)}`;
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
