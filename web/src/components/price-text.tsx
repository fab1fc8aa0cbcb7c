import { formatDollars } from '@fridgeparts/common/money';
import type { ContractPrice } from '@fridgeparts/common/contract-prices.answers';
import { visuallyHidden } from './visually-hidden';
import css from './price-text.module.css';

/** What a member's own price is called on every buyer's screen (the shop admin's screens say "Contract price" of a company's). */
const CONTRACT_LABEL = 'Your contract price';

/**
 * A tool's unit price where the shop shows one (card, tool page, suggestion, drawing's parts), with
 * the signed-in member's contract price over it when there is one (CONTRACT §10, decision 0062):
 * the contract price where the list price was, named, and the list price after it struck through
 * (and said as "list price" to screen readers, which do not announce a strike). The caller's line
 * keeps one line height either way (no wrap), so the overlay arriving after the first paint moves
 * nothing.
 */
export function PriceText({
  price,
  contract,
  unitClassName,
}: {
  /** The list price, dollars. */
  price: number;
  contract?: ContractPrice | null;
  /** The caller's style for "per unit". */
  unitClassName?: string;
}) {
  if (!contract) {
    return (
      <>
        {formatDollars(price)} <span className={unitClassName}>per unit</span>
      </>
    );
  }
  return (
    <>
      <span data-testid="contract-price">{formatDollars(contract.price)}</span>{' '}
      {/* One name for the member's price wherever it shows (issue 43): a card, the tool page, a table cell. */}
      <span className={css.label}>{CONTRACT_LABEL}</span>{' '}
      {contract.price !== price && (
        <span className={css.list}>
          <span className={visuallyHidden}>, list price </span>
          <s data-testid="list-price">{formatDollars(price)}</s>
        </span>
      )}
    </>
  );
}

/**
 * A unit price in a table's cell (a drawing's parts, the cart): the amount, and under it, when it is
 * the member's contract price, that name and the list price struck through (when known and
 * different). Two short lines in the cell rather than one long one, so the price column does not
 * widen when the overlay arrives: these rows already hold two or three lines of part name, number
 * and note.
 */
export function PriceCell({ amount, contract, listPrice }: { amount: number; contract: boolean; listPrice?: number }) {
  if (!contract) return <>{formatDollars(amount)}</>;
  return (
    <span className={css.cell}>
      <span data-testid="contract-price">{formatDollars(amount)}</span>
      <span className={css.cellNote}>
        {CONTRACT_LABEL}
        {listPrice !== undefined && listPrice !== amount && (
          <>
            <span className={visuallyHidden}>, list price</span> <s>{formatDollars(listPrice)}</s>
          </>
        )}
      </span>
    </span>
  );
}
