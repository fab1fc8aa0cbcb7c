import type { Booking } from '@fridgeparts/common/booking';
import type { Cart } from '@fridgeparts/common/cart';
import type { TaxView } from '../lib/domain/tax-words';

/** An OrderAmounts list as one line of words: "Parts $160.00 · Shipping $24.50 · Sales tax (CA 7.25%) $11.60 · Total $196.10". */
export function amountsOf(list: HTMLElement): string {
  return [...list.querySelectorAll('dt')].map((dt) => `${dt.textContent} ${dt.nextElementSibling?.textContent ?? ''}`.trim()).join(' · ');
}

/** A sales tax as the server answers it (CONTRACT §15): California's 7.25% on the lines given (their ids and tax), shipping untaxed. */
export function taxFixture(over: Partial<TaxView> = {}): TaxView {
  const lines = over.lines ?? [{ lineId: '0', amount: 9.06 }];
  const amount = over.amount ?? Math.round(lines.reduce((s, l) => s + Math.round(l.amount * 100), 0)) / 100;
  return {
    calculationId: 'taxcalc_fixture1',
    shipping: 0,
    reason: 'standard_rated',
    state: 'CA',
    rate: '7.25',
    exemption: null,
    note: null,
    ...over,
    lines,
    amount,
  };
}

/** An answer with its `tax` (CONTRACT §15). */
export const withTax = <T extends Booking | Cart>(answer: T, tax: TaxView | null): T => ({ ...answer, tax });
