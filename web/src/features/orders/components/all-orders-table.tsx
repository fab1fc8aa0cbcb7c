import { useState } from 'react';
import Button from '@mui/material/Button';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { Booking } from '@fridgeparts/common/booking';
import { formatDollars } from '@fridgeparts/common/money';
import { ConfirmDeleteDialog } from '../../../components/confirm-dialog';
import { BreakableEmail, EmptyState, PagedTable } from '../../../components/paged-table';
import { stateOf } from '../api/booking-state';
import { useAllOrders } from '../api/use-all-orders';
import { ConfirmRefundDialog } from './confirm-refund-dialog';
import { OrderCell } from './order-cell';
import { OrderDocumentButton } from './order-document-button';
import type { OrderFilterParams } from '@fridgeparts/common/api-paths';

const COLUMNS = ['#', 'Order', 'Name', 'Email', 'Item name', 'Price', 'Minimum quantity', 'Available quantity', 'Quantity', 'Total', 'Paid', 'Shipping', 'Document'];

function PaidWithId({ label, color, transactionId }: { label: string; color: 'success' | 'warning'; transactionId: string | null }) {
  return (
    <Box sx={{ display: 'grid', gap: 0.5, justifyItems: 'start' }}>
      <Chip label={label} color={color} size="small" />
      {transactionId && (
        <Typography variant="caption" sx={{ wordBreak: 'break-all' }} data-testid="transaction-id">
          {transactionId}
        </Typography>
      )}
    </Box>
  );
}

/**
 * Manage All Orders (SPEC §2, §4): the paid and shipping columns follow the spec's states exactly,
 * plus the lifecycle of CONTRACT §5, §7: Refund (confirmed first) for a paid order not yet
 * shipped, Refunded and Expired.
 */
export function AllOrdersTable({ filter = {} }: { filter?: OrderFilterParams }) {
  const list = useAllOrders(filter);
  const [toDelete, setToDelete] = useState<Booking | null>(null);
  const [toRefund, setToRefund] = useState<Booking | null>(null);
  const [shipping, setShipping] = useState<string | null>(null);

  const ship = (b: Booking) => {
    setShipping(b._id);
    list
      .markShipped(b)
      .catch(() => undefined) // the API client showed why
      .finally(() => setShipping(null));
  };

  const paidCell = (b: Booking) => {
    const state = stateOf(b);
    if (state === 'refunded') return <PaidWithId label="Refunded" color="warning" transactionId={b.transactionId} />;
    if (state === 'expired') return <Chip label="Expired" size="small" variant="outlined" />;
    if (b.paid && b.transactionId) return <PaidWithId label="Paid" color="success" transactionId={b.transactionId} />;
    if (b.paid) {
      // Paid without a recorded transaction: the spec's clickable UnPaid, which marks it shipped.
      return (
        <Button size="small" variant="outlined" onClick={() => ship(b)} disabled={shipping === b._id} aria-label={`UnPaid: mark ${b.name} for ${b.email} shipped`}>
          UnPaid
        </Button>
      );
    }
    return <Chip label="UnPaid" size="small" variant="outlined" />;
  };

  const shippingCell = (b: Booking) => {
    const state = stateOf(b);
    // Nothing left to do: the money went back, or the reservation was released.
    if (state === 'refunded' || state === 'expired') return null;
    if (!b.paid) {
      return (
        <Button color="error" variant="outlined" size="small" onClick={() => setToDelete(b)} aria-label={`Cancel order of ${b.name} for ${b.email}`}>
          Cancel
        </Button>
      );
    }
    if (!b.status) {
      return (
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button size="small" variant="contained" color="secondary" onClick={() => ship(b)} disabled={shipping === b._id} aria-label={`Pending: mark ${b.name} for ${b.email} shipped`}>
            {shipping === b._id ? 'Saving…' : 'Pending'}
          </Button>
          {/* A refund goes back through the card provider, so it needs the recorded payment. */}
          {b.transactionId && (
            <Button size="small" variant="outlined" color="error" onClick={() => setToRefund(b)} disabled={shipping === b._id} aria-label={`Refund ${b.name} for ${b.email}`}>
              Refund
            </Button>
          )}
        </Box>
      );
    }
    return <Chip label="Shipped" color="primary" size="small" />;
  };

  return (
    <>
      <PagedTable
        caption="All orders"
        columns={COLUMNS}
        items={list.items}
        list={list}
        rowKey={(b) => b._id}
        minWidth={1180}
        empty={<EmptyState title="No orders yet." />}
        renderRow={(b, i) => (
          <TableRow hover data-testid="order-row">
            <TableCell>{i + 1}</TableCell>
            <TableCell>
              <OrderCell booking={b} />
            </TableCell>
            <TableCell>{b.userName}</TableCell>
            <TableCell>
              <BreakableEmail email={b.email} />
            </TableCell>
            <TableCell>{b.name}</TableCell>
            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
              {formatDollars(b.price)}
            </TableCell>
            <TableCell align="right">{b.itemMinimumQuantity}</TableCell>
            <TableCell align="right">{b.itemAvailableQuantity}</TableCell>
            <TableCell align="right">{b.quantity}</TableCell>
            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
              {formatDollars(b.total)}
            </TableCell>
            <TableCell>{paidCell(b)}</TableCell>
            <TableCell>{shippingCell(b)}</TableCell>
            <TableCell>
              <OrderDocumentButton booking={b} />
            </TableCell>
          </TableRow>
        )}
      />
      <ConfirmDeleteDialog
        doneMessage="Order cancelled. Its items are back on sale."
        itemLabel={toDelete ? `${toDelete.name} for ${toDelete.email}, quantity ${toDelete.quantity}` : null}
        onConfirm={() => (toDelete ? list.deleteOrder(toDelete) : Promise.resolve())}
        onClose={() => setToDelete(null)}
      />
      <ConfirmRefundDialog order={toRefund} onConfirm={list.refund} onClose={() => setToRefund(null)} />
    </>
  );
}
