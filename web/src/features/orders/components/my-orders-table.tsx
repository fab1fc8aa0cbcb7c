import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { Booking } from '@fridgeparts/common/booking';
import { formatDollars } from '@fridgeparts/common/money';
import { buttonClass } from '../../../components/button';
import { ConfirmDeleteButton } from '../../../components/confirm-button';
import { BreakableEmail, EmptyState, numberColumn, Table, type Column } from '../../../components/table';
import { Chip } from '../../../components/chip';
import { paths } from '../../../lib/infra/paths';
import ui from '../../../components/ui.module.css';
import { useMyBookings } from '../api/use-my-bookings';
import { canCancel, canPay } from '@fridgeparts/common/order-actions';
import { stateView } from '@fridgeparts/common/order-state-view';
import { OrderCell } from './order-cell';
import { itemsSummary, totalQuantity } from './order-labels';
import { OrderDocumentButton } from './order-document-button';
import css from './my-orders-table.module.css';

function TransactionId({ id }: { id: string }) {
  return (
    <span className={`${ui.caption} ${css.wrapAnywhere}`}>
      Transaction id: <span data-testid="transaction-id">{id}</span>
    </span>
  );
}

/**
 * What the Payment column shows (SPEC §4, CONTRACT §7): Pay for an unpaid priced booking; Paid
 * and the transaction id once paid (and Shipped once shipped); Refunded; Released. The state's
 * words are stateView's (one map, decision 0070); "Paid" and "On account" say how it is paid.
 */
function PaymentCell({ booking }: { booking: Booking }) {
  const state = booking.state;
  if (state === 'expired') {
    return (
      <div className={css.stack}>
        <Chip tone={stateView(state).tone}>{stateView(state).label}</Chip>
        <span className={`${ui.caption} ${css.muted}`}>Reservation released</span>
      </div>
    );
  }
  // A company order over the buyer's spending limit (CONTRACT §10): not payable until approved.
  if (state === 'awaiting-approval' || state === 'declined') {
    return (
      <div className={css.stack}>
        <Chip tone={stateView(state).tone}>{stateView(state).label}</Chip>
      </div>
    );
  }
  // Confirmed on account (CONTRACT §10, decision 0063): paid by the company's invoice, never by
  // card here (the server refuses a card payment and a cancel, 409); the invoice's own link.
  if (state === 'confirmed') {
    const link = booking.payment?.hostedInvoiceUrl;
    return (
      <div className={css.stack}>
        <Chip tone="primary">On account</Chip>
        {link ? (
          <a href={link} target="_blank" rel="noreferrer" className={ui.caption} aria-label={`Invoice of order ${booking.orderNumber}`}>
            {/* Its number, which the company's payment quotes. */}
            {booking.payment?.number ? `Invoice ${booking.payment.number}` : 'Invoice'}
          </a>
        ) : (
          <span className={`${ui.caption} ${css.muted}`}>Invoice being issued</span>
        )}
      </div>
    );
  }
  if (state !== 'reserved') {
    return (
      <div className={css.stack}>
        <div className={css.chips}>
          {state === 'refunded' ? <Chip tone={stateView(state).tone}>{stateView(state).label}</Chip> : <Chip tone="success">Paid</Chip>}
          {(state === 'shipped' || state === 'partially-shipped' || state === 'delivered') && <Chip tone="primary">{stateView(state).label}</Chip>}
        </div>
        {booking.transactionId && <TransactionId id={booking.transactionId} />}
      </div>
    );
  }
  if (canPay(booking)) {
    return (
      <div className={css.stack}>
        <span className={`${ui.caption} ${css.muted}`}>Not paid</span>
        <RouterLink to={paths.payment(booking._id)} className={buttonClass({ size: 'small' })} aria-label={`Pay for ${booking.name}`}>
          Pay
        </RouterLink>
      </div>
    );
  }
  return null;
}

/**
 * My Booking Order: the customer's own bookings with Pay and Cancel (SPEC §2, §4), order numbers,
 * Reorder and the order PDF (CONTRACT §7). `reorder` renders a row's Reorder action: it belongs to
 * the booking feature, which this one does not import (STYLE habit 3); the page passes it in.
 * The shared Table (decision 0024): a table at desktop widths, cards on phones.
 */
export function MyOrdersTable({ reorder }: { reorder?: (booking: Booking) => ReactNode }) {
  const list = useMyBookings();

  const columns: Column<Booking>[] = [
    { id: 'index', header: '#', cell: (_b, i) => i + 1 },
    { id: 'order', header: 'Order', cell: (b) => <OrderCell booking={b} /> },
    {
      id: 'item',
      header: 'Item',
      cell: (b) => (
        <>
          <span data-testid="order-items">{itemsSummary(b)}</span>
          {b.partNumber && <div className={`${ui.caption} ${css.muted}`}>{b.partNumber}</div>}
        </>
      ),
    },
    // The buyer's name, email and phone in one cell (SPEC §2's Name, Email and Phone), and the
    // cancel under the payment's state: at 1280 px, beside the dashboard's menu, twelve columns
    // did not fit, and the sticky ones covered the rest (issue 43).
    {
      id: 'contact',
      header: 'Contact',
      className: css.contact,
      cell: (b) => (
        <div className={css.stack}>
          <span>{b.userName}</span>
          <span className={ui.caption}>
            <BreakableEmail email={b.email} />
          </span>
          <span className={`${ui.caption} ${css.nowrap}`}>{b.phone}</span>
        </div>
      ),
    },
    { id: 'address', header: 'Address', className: css.address, cell: (b) => b.address },
    { id: 'quantity', header: 'Quantity', className: numberColumn, cell: totalQuantity },
    { id: 'total', header: 'Total', className: numberColumn, cell: (b) => formatDollars(b.total) },
    // The row's actions stay in view while the other columns scroll sideways (below about 1250 px).
    {
      id: 'payment',
      header: 'Payment',
      stickyWidth: 150,
      cell: (b) => (
        <div className={css.stack}>
          <PaymentCell booking={b} />
          {/* Only a reservation (or an order still waiting for approval) can be cancelled; once a payment exists it can not (SPEC §4): the server's own predicate, as Manage All Orders uses it. */}
          {canCancel(b) && (
            <ConfirmDeleteButton
              size="small"
              aria-label={`Cancel booking of ${b.name}`}
              details={`${itemsSummary(b)}, quantity ${totalQuantity(b)}, ${formatDollars(b.total)}`}
              onConfirm={() => list.cancel(b)}
              doneMessage="Booking cancelled. Its items are back on sale."
            >
              Cancel
            </ConfirmDeleteButton>
          )}
        </div>
      ),
    },
    {
      id: 'more',
      header: 'More',
      stickyWidth: 120,
      cell: (b) => (
        <div className={css.stack}>
          {reorder?.(b)}
          <OrderDocumentButton booking={b} />
        </div>
      ),
    },
  ];

  return (
    <Table
      caption="My Booking Order"
      columns={columns}
      rows={list}
      paging={list}
      rowKey={(b) => b._id}
      rowTestId="booking-row"
      minWidth={940}
      empty={<EmptyState title="You have not booked anything yet." link={{ to: paths.catalog, label: 'Browse the catalogue' }} />}
    />
  );
}
