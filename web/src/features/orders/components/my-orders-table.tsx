import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import type { Booking } from '@fridgeparts/common/booking';
import { formatDollars } from '@fridgeparts/common/money';
import { ConfirmDeleteDialog } from '../../../components/confirm-dialog';
import { BreakableEmail, EmptyState, PagedTable } from '../../../components/paged-table';
import { stateOf } from '../api/booking-state';
import { useMyBookings } from '../api/use-my-bookings';
import { OrderCell } from './order-cell';
import { OrderDocumentButton } from './order-document-button';

const COLUMNS = ['#', 'Order', 'Item', 'Name', 'Email', 'Phone', 'Address', 'Quantity', 'Total', 'Payment', 'Cancel', 'More'];

function TransactionId({ id }: { id: string }) {
  return (
    <Typography variant="caption" sx={{ wordBreak: 'break-all' }}>
      Transaction id: <span data-testid="transaction-id">{id}</span>
    </Typography>
  );
}

/**
 * What the Payment column shows (SPEC §4, CONTRACT §7): Pay for an unpaid priced booking; Paid
 * and the transaction id once paid (and Shipped once shipped); Refunded; Expired.
 */
function PaymentCell({ booking }: { booking: Booking }) {
  const state = stateOf(booking);
  if (state === 'expired') {
    return (
      <Box sx={{ display: 'grid', gap: 0.5, justifyItems: 'start' }}>
        <Chip label="Expired" size="small" variant="outlined" />
        <Typography variant="caption" color="text.secondary">
          Reservation released
        </Typography>
      </Box>
    );
  }
  if (state !== 'reserved') {
    return (
      <Box sx={{ display: 'grid', gap: 0.5, justifyItems: 'start' }}>
        <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
          {state === 'refunded' ? <Chip label="Refunded" color="warning" size="small" /> : <Chip label="Paid" color="success" size="small" />}
          {state === 'shipped' && <Chip label="Shipped" color="primary" size="small" />}
        </Box>
        {booking.transactionId && <TransactionId id={booking.transactionId} />}
      </Box>
    );
  }
  if (booking.price > 0) {
    return (
      <Button component={RouterLink} to={`/dashboard/payment/${encodeURIComponent(booking._id)}`} variant="contained" size="small" aria-label={`Pay for ${booking.name}`}>
        Pay
      </Button>
    );
  }
  return null;
}

/**
 * My Booking Order: the customer's own bookings with Pay and Cancel (SPEC §2, §4), order numbers,
 * Reorder and the order PDF (CONTRACT §7). `reorder` renders a row's Reorder action: it belongs to
 * the booking feature, which this one does not import (STYLE habit 3); the page passes it in.
 */
export function MyOrdersTable({ reorder }: { reorder?: (booking: Booking) => ReactNode }) {
  const list = useMyBookings();
  const [toCancel, setToCancel] = useState<Booking | null>(null);

  return (
    <>
      <PagedTable
        caption="My Booking Order"
        columns={COLUMNS}
        items={list.items}
        list={list}
        rowKey={(b) => b._id}
        minWidth={1100}
        empty={
          <EmptyState title="You have not booked anything yet.">
            <Button component={RouterLink} to="/purchaseorder" variant="contained">
              Browse the catalogue
            </Button>
          </EmptyState>
        }
        renderRow={(b, i) => (
          <TableRow hover data-testid="booking-row">
            <TableCell>{i + 1}</TableCell>
            <TableCell>
              <OrderCell booking={b} />
            </TableCell>
            <TableCell>
              {b.name}
              {b.partNumber && (
                <Typography variant="caption" color="text.secondary" component="div">
                  {b.partNumber}
                </Typography>
              )}
            </TableCell>
            <TableCell>{b.userName}</TableCell>
            <TableCell>
              <BreakableEmail email={b.email} />
            </TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{b.phone}</TableCell>
            <TableCell sx={{ minWidth: 120 }}>{b.address}</TableCell>
            <TableCell align="right">{b.quantity}</TableCell>
            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
              {formatDollars(b.total)}
            </TableCell>
            <TableCell>
              <PaymentCell booking={b} />
            </TableCell>
            <TableCell>
              {/* Only a reservation can be cancelled; once a payment exists it can not (SPEC §4). */}
              {stateOf(b) === 'reserved' && !b.transactionId && (
                <Button color="error" variant="outlined" size="small" onClick={() => setToCancel(b)} aria-label={`Cancel booking of ${b.name}`}>
                  Cancel
                </Button>
              )}
            </TableCell>
            <TableCell>
              <Box sx={{ display: 'grid', gap: 0.5, justifyItems: 'start' }}>
                {reorder?.(b)}
                <OrderDocumentButton booking={b} />
              </Box>
            </TableCell>
          </TableRow>
        )}
      />
      <ConfirmDeleteDialog
        doneMessage="Booking cancelled. Its items are back on sale."
        itemLabel={toCancel ? `${toCancel.name}, quantity ${toCancel.quantity}, ${formatDollars(toCancel.total)}` : null}
        onConfirm={() => (toCancel ? list.cancel(toCancel) : Promise.resolve())}
        onClose={() => setToCancel(null)}
      />
    </>
  );
}
