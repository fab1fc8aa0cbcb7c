import { formatDollars } from '@fridgeparts/common/money';
import type { ContractPrice } from '@fridgeparts/common/contract-prices.answers';
import type { Tool } from '@fridgeparts/common/tool';
import css from './price-table.module.css';

/**
 * Volume prices (CONTRACT §7): the list price from the minimum quantity, then each break. The
 * unit price of a booking is the highest break its quantity reaches. A member's contract price
 * (CONTRACT §10) brings its own breaks, which replace the tool's (decision 0057): the table is the
 * contract's then, and says so.
 */
export function PriceTable({ tool, contract }: { tool: Pick<Tool, 'price' | 'minimumQuantity' | 'priceBreaks'>; contract?: ContractPrice | null }) {
  const priced = contract ?? tool;
  if (priced.priceBreaks.length === 0) return null;
  const rows = [{ minQuantity: tool.minimumQuantity, price: priced.price }, ...priced.priceBreaks];
  return (
    <table
      className={css.table}
      aria-label={contract ? 'Your contract volume prices' : 'Volume prices'}
      data-testid="price-table"
      data-contract={contract ? 'true' : undefined}
    >
      <thead>
        <tr>
          <th scope="col">Quantity</th>
          <th scope="col" className={css.right}>
            Unit price
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r, i) => (
          <tr key={r.minQuantity}>
            <td>{i + 1 < rows.length ? `${r.minQuantity} to ${rows[i + 1].minQuantity - 1}` : `${r.minQuantity} or more`}</td>
            <td className={css.right}>{formatDollars(r.price)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
