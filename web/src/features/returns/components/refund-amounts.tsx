import { formatDollars } from '@fridgeparts/common/money';
import type { RefundAmounts } from '@fridgeparts/common/returns/returns.answers';
import css from './refund-amounts.module.css';

/**
 * A refund's figures as the server computed them (CONTRACT §16): the parts received, less the
 * restocking fee, the shipping refunded with them, the tax on both, and the total. Never worked out
 * here: the Refund confirmation and the order page show the server's own amounts.
 */
export function RefundAmounts({
  amounts,
  feePercent,
  testId,
  cores = false,
}: {
  amounts: RefundAmounts;
  feePercent: number | null;
  testId?: string;
  /** A core return (decision 0088): the deposit credited and its tax; no fee, no shipping. */
  cores?: boolean;
}) {
  const rows: [string, string, string][] = cores
    ? [
        ['Core deposit', formatDollars(amounts.parts), 'refund-parts'],
        ['Tax', formatDollars(amounts.tax), 'refund-tax'],
        ['Total', formatDollars(amounts.total), 'refund-total'],
      ]
    : [
        ['Parts', formatDollars(amounts.parts), 'refund-parts'],
        [
          feePercent ? `Restocking fee (${feePercent}%)` : 'Restocking fee',
          amounts.fee > 0 ? `−${formatDollars(amounts.fee)}` : formatDollars(0),
          'refund-fee',
        ],
        ['Shipping', formatDollars(amounts.shipping), 'refund-shipping'],
        ['Tax', formatDollars(amounts.tax), 'refund-tax'],
        ['Total', formatDollars(amounts.total), 'refund-total'],
      ];
  return (
    <dl className={css.amounts} data-testid={testId}>
      {rows.map(([name, figure, id]) => (
        <div key={id} className={id === 'refund-total' ? css.total : undefined}>
          <dt>{name}</dt>
          <dd data-testid={id}>{figure}</dd>
        </div>
      ))}
    </dl>
  );
}
