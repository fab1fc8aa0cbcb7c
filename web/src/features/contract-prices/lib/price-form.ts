import type { ContractPrice } from '@fridgeparts/common/contract-prices.answers';
import { priceBreaksText } from '@fridgeparts/common/pricing';

/**
 * The contract price form as typed: the price in dollars and the breaks as the product form's text
 * ("100: 23.00, 250: 21.50"). The server's schema (common contractPriceInputSchema) reads both as
 * they are, so the body is the form itself and a field message's path is the field's name.
 */
export interface PriceForm {
  price: string;
  priceBreaks: string;
}
export type PriceBody = PriceForm;

/** The form for a price: empty for a new one, the price as it is for an edit. */
export function priceFormOf(price: Pick<ContractPrice, 'price' | 'priceBreaks'> | null): PriceForm {
  return price ? { price: price.price.toFixed(2), priceBreaks: priceBreaksText(price.priceBreaks) } : { price: '', priceBreaks: '' };
}

/** What is sent: the text trimmed (an empty breaks text is "none"). */
export function priceBodyOf(form: PriceForm): PriceBody {
  return { price: form.price.trim(), priceBreaks: form.priceBreaks.trim() };
}

/** "10 or more: $38.00; 50 or more: $35.00" for the list's Breaks column, or "None". */
export function breaksSummary(breaks: ContractPrice['priceBreaks'], format: (dollars: number) => string): string {
  return breaks.length === 0 ? 'None' : breaks.map((b) => `${b.minQuantity}+: ${format(b.price)}`).join(', ');
}
