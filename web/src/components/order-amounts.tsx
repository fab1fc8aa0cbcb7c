import { formatDollars } from '@fridgeparts/common/money';
import { shippingAmountText } from '../lib/domain/shipping-words';
import { lineTaxText, taxAmountText, taxLabel, TAX_PENDING_TEXT, type TaxView } from '../lib/domain/tax-words';
import type { Column } from './table';
import { numberColumn } from './table';
import css from './order-amounts.module.css';

export interface OrderAmountsProps {
  /** The parts (lines) in dollars. */
  parts: number;
  /** The shipping chosen in dollars; null while none is (the row says `shippingPending`). Omit the row with `noShipping`. */
  shipping: number | null;
  shippingPending?: string;
  /** An order placed before shipping was charged has no shipping row. */
  noShipping?: boolean;
  /** The tax answered; null while none is known (the row says `taxPending`). Omit the row with `noTax`. */
  tax: TaxView | null;
  taxPending?: string;
  /** An order placed before tax was charged has no tax row. */
  noTax?: boolean;
  /** What the order comes to; null while shipping or tax is not known (the row says `totalPending`). */
  total: number | null;
  totalPending?: string;
  /** data-testid of the list and of its total's figure. */
  testId?: string;
  totalTestId?: string;
  /** Under a table: lined up on the right. */
  end?: boolean;
  /** A polite live region: the figures change as the address and shipping are chosen (the checkout). */
  live?: boolean;
}

/**
 * Parts + shipping + sales tax = total (CONTRACT §14, §15), the same rows on the checkout, the
 * Payment page and the order page. The tax row names the state and rate ("Sales tax (CA 7.25%)"),
 * or says none is collected there, or Exempt; before a ship-to is known it says so, never an
 * invented amount.
 */
export function OrderAmounts({
  parts,
  shipping,
  shippingPending = '—',
  noShipping,
  tax,
  taxPending = TAX_PENDING_TEXT,
  noTax,
  total,
  totalPending = '—',
  testId,
  totalTestId,
  end,
  live,
}: OrderAmountsProps) {
  return (
    <dl className={end ? `${css.amounts} ${css.end}` : css.amounts} data-testid={testId} aria-live={live ? 'polite' : undefined}>
      <div>
        <dt>Parts</dt>
        <dd data-testid="amount-parts">{formatDollars(parts)}</dd>
      </div>
      {!noShipping && (
        <div>
          <dt>Shipping</dt>
          <dd data-testid="amount-shipping">{shipping === null ? <span className={css.muted}>{shippingPending}</span> : shippingAmountText(shipping)}</dd>
        </div>
      )}
      {!noTax && (
        <div>
          <dt data-testid="amount-tax-label">{taxLabel(tax)}</dt>
          <dd data-testid="amount-tax">{tax ? taxAmountText(tax) : <span className={css.muted}>{taxPending}</span>}</dd>
        </div>
      )}
      <div className={css.total}>
        <dt>Total</dt>
        <dd data-testid={totalTestId ?? 'amount-total'}>
          {total === null ? <span className={css.muted}>{totalPending}</span> : <strong>{formatDollars(total)}</strong>}
        </dd>
      </div>
    </dl>
  );
}

/** The lines' tax column (after the line total): each line's tax by its id in the answer, a dash until it is known. */
export function taxColumn<T>(tax: TaxView | null, lineIdOf: (line: T, index: number) => string): Column<T> {
  return {
    id: 'tax',
    header: 'Sales tax',
    className: numberColumn,
    cell: (l, i) => <span data-testid="line-tax">{tax ? lineTaxText(tax, lineIdOf(l, i)) : '—'}</span>,
  };
}
