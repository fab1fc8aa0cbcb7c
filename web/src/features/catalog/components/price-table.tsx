import { formatDollars } from '@fridgeparts/common/money';
import type { Tool } from '@fridgeparts/common/tool';
import css from './price-table.module.css';

/**
 * Volume prices (CONTRACT §7): the list price from the minimum quantity, then each break. The
 * unit price of a booking is the highest break its quantity reaches.
 */
export function PriceTable({ tool }: { tool: Pick<Tool, 'price' | 'minimumQuantity' | 'priceBreaks'> }) {
  if (tool.priceBreaks.length === 0) return null;
  const rows = [{ minQuantity: tool.minimumQuantity, price: tool.price }, ...tool.priceBreaks];
  return (
    <table className={css.table} aria-label="Volume prices" data-testid="price-table">
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
