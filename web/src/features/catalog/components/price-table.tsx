import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { formatDollars } from '@fridgeparts/common/money';
import type { Tool } from '@fridgeparts/common/tool';

/**
 * Volume prices (CONTRACT §7): the list price from the minimum quantity, then each break. The
 * unit price of a booking is the highest break its quantity reaches.
 */
export function PriceTable({ tool }: { tool: Pick<Tool, 'price' | 'minimumQuantity' | 'priceBreaks'> }) {
  if (tool.priceBreaks.length === 0) return null;
  const rows = [{ minQuantity: tool.minimumQuantity, price: tool.price }, ...tool.priceBreaks];
  return (
    <Table size="small" aria-label="Volume prices" data-testid="price-table" sx={{ maxWidth: 360, my: 2 }}>
      <TableHead>
        <TableRow>
          <TableCell>Quantity</TableCell>
          <TableCell align="right">Unit price</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((r, i) => (
          <TableRow key={r.minQuantity}>
            <TableCell>{i + 1 < rows.length ? `${r.minQuantity} to ${rows[i + 1].minQuantity - 1}` : `${r.minQuantity} or more`}</TableCell>
            <TableCell align="right">{formatDollars(r.price)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
