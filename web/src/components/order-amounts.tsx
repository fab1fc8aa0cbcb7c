import type { ReactNode } from 'react';
import { formatDollars } from '@fridgeparts/common/money';
import { shippingAmountText } from '../lib/domain/shipping-words';
import { lineTaxText, taxAmountText, taxLabel, TAX_PENDING_TEXT, type TaxView } from '../lib/domain/tax-words';
import type { Column } from './table';
import { numberColumn } from './table';
import css from './order-amounts.module.css';

export interface OrderAmountsProps {
  /** The parts (lines) in dollars. */
  parts: number;
  /** Said under the Parts row: the cart's lines it leaves out (the checkout). */
  partsNote?: string | false | null;
  /** The lines' refundable core deposits in dollars (decision 0088): a row of their own when any. */
  deposits?: number;
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
 * Parts (+ core deposits) + shipping + sales tax = total (CONTRACT §14, §15, §16), the same rows on the checkout, the
 * Payment page and the order page. The tax row names the state and rate ("Sales tax (CA 7.25%)"),
 * or says none is collected there, or Exempt; before a ship-to is known it says so, never an
 * invented amount.
 */
export function OrderAmounts({
  parts,
  partsNote,
  deposits = 0,
  shipping,
  shippingPending = '—',
  noShipping,
  tax,
  taxPending = TAX_PENDING_TEXT,
  noTax,
  total,
  totalPending = '—',
  testId,
  totalTestId = 'amount-total',
  end,
  live,
}: OrderAmountsProps) {
  const pending = (text: string) => <span className={css.muted}>{text}</span>;
  // [name, figure, data-testid of the figure, a note under it]; the name's is the figure's with "-label",
  // the note's with "-note": the lines Parts leaves out; why tax is charged though the ship-to has a
  // certificate (waiting, rejected, expired).
  const rows: [string, ReactNode, string, (string | false | null)?][] = [['Parts', formatDollars(parts), 'amount-parts', partsNote]];
  if (deposits > 0) rows.push(['Core deposits (refundable)', formatDollars(deposits), 'amount-core-deposits']);
  if (!noShipping) rows.push(['Shipping', shipping === null ? pending(shippingPending) : shippingAmountText(shipping), 'amount-shipping']);
  if (!noTax) rows.push([taxLabel(tax), tax ? taxAmountText(tax) : pending(taxPending), 'amount-tax', tax?.note]);
  rows.push(['Total', total === null ? pending(totalPending) : <strong>{formatDollars(total)}</strong>, totalTestId]);
  return (
    <dl className={end ? `${css.amounts} ${css.end}` : css.amounts} data-testid={testId} aria-live={live ? 'polite' : undefined}>
      {rows.map(([name, figure, id, note], i) => (
        <div key={id} className={i === rows.length - 1 ? css.total : undefined}>
          <dt data-testid={`${id}-label`}>{name}</dt>
          <dd data-testid={id}>{figure}</dd>
          {note && (
            <dd className={css.note} data-testid={`${id}-note`}>
              {note}
            </dd>
          )}
        </div>
      ))}
    </dl>
  );
}

/** The lines' tax column (after the line total): each line's tax by its id in the answer, a dash until it is known. */
export function taxColumn<T>(tax: TaxView | null, lineIdOf: (line: T, index: number) => string): Column<T> {
  return {
    id: 'tax',
    header: 'Sales tax',
    className: `${numberColumn} ${css.taxCell}`,
    cell: (l, i) => (
      <span className={css.taxFigure} data-testid="line-tax">
        {tax ? lineTaxText(tax, lineIdOf(l, i)) : '—'}
      </span>
    ),
  };
}
