import { useState } from 'react';
import type { Booking } from '@fridgeparts/common/booking';
import { formatDollars } from '@fridgeparts/common/money';
import type { OrderFilterParams } from '@fridgeparts/common/api-paths';
import { Button } from '../../../components/button';
import { ConfirmDeleteButton } from '../../../components/confirm-button';
import { BreakableEmail, numberColumn, Table, type Column } from '../../../components/table';
import { visuallyHidden } from '../../../components/visually-hidden';
import { Chip, type ChipTone } from '../../../components/chip';
import ui from '../../../components/ui.module.css';
import { useAllOrders } from '../api/use-all-orders';
import { canCancel, canRefund, canShip, canVoidInvoice } from '@fridgeparts/common/order-actions';
import { stateView } from '@fridgeparts/common/order-state-view';
import { RefundButton } from './refund-button';
import { VoidInvoiceButton } from './void-invoice-button';
import { OrderCell } from './order-cell';
import { itemsSummary, totalQuantity } from './order-labels';
import { OrderDocumentButton } from './order-document-button';
import { shippedSummary } from '../lib/ship-form';
import css from './all-orders-table.module.css';

/** A value an order of several lines has once per line, not once: shown on the order page. */
const perLine = (
  <span title="Differs per line: see the order page" data-testid="per-line">
    —<span className={visuallyHidden}> (per line, on the order page)</span>
  </span>
);
function PaidWithId({ label, tone, transactionId }: { label: string; tone: ChipTone; transactionId: string | null }) {
  return (
    <div className={css.stack}>
      <Chip tone={tone}>{label}</Chip>
      {transactionId && (
        <span className={`${ui.caption} ${css.wrapAnywhere}`} data-testid="transaction-id">
          {transactionId}
        </span>
      )}
    </div>
  );
}

/**
 * Manage All Orders (SPEC §2, §4): the paid and shipping columns follow the spec's states exactly,
 * plus the lifecycle of CONTRACT §5, §7: Refund (confirmed first) for a paid order not yet
 * shipped, Refunded and Expired. The shared Table (as My Orders): a table at desktop widths,
 * one card per order on phones.
 */
export function AllOrdersTable({ filter = {} }: { filter?: OrderFilterParams }) {
  const list = useAllOrders(filter);
  const [shipping, setShipping] = useState<string | null>(null);

  const ship = (b: Booking) => {
    setShipping(b._id);
    list
      .markShipped(b)
      .catch(() => undefined) // the API client showed why
      .finally(() => setShipping(null));
  };

  const paidCell = (b: Booking) => {
    const state = b.state;
    // The state's words are stateView's (one map, decision 0070); "Paid" and "On account" say how it is paid.
    const view = stateView(state);
    if (state === 'refunded') return <PaidWithId label={view.label} tone={view.tone} transactionId={b.transactionId} />;
    if (state === 'expired' || state === 'awaiting-approval' || state === 'declined') return <Chip tone={view.tone}>{view.label}</Chip>;
    // On account (decision 0058): paid when its invoice is; shipped or voided from the Shipping column.
    if (state === 'confirmed') return <Chip tone="primary">On account</Chip>;
    if (b.paid && b.transactionId) return <PaidWithId label="Paid" tone="success" transactionId={b.transactionId} />;
    if (b.paid && canShip(b)) {
      // Paid without a recorded transaction: the spec's clickable UnPaid, which marks it shipped
      // while the lifecycle lets it ship (an order shipped already shows a plain UnPaid).
      return (
        <Button
          variant="outlined"
          size="small"
          onClick={() => ship(b)}
          disabled={shipping === b._id}
          aria-label={`UnPaid: mark ${b.name} for ${b.email} shipped`}
        >
          UnPaid
        </Button>
      );
    }
    return <Chip tone="plain">UnPaid</Chip>;
  };

  /**
   * What the Shipping column offers, decided from the order's state by the predicates the server
   * uses (common/order-actions.ts), never from the seed's `paid` flag: an order confirmed on
   * account is unpaid, and the server refuses its cancel (decision 0066).
   */
  const shippingCell = (b: Booking) => {
    const state = b.state;
    if (canCancel(b)) {
      return (
        <ConfirmDeleteButton
          size="small"
          aria-label={`Cancel order of ${b.name} for ${b.email}`}
          details={`${itemsSummary(b)} for ${b.email}, quantity ${totalQuantity(b)}`}
          onConfirm={() => list.deleteOrder(b)}
          doneMessage="Order cancelled. Its items are back on sale."
        >
          Cancel
        </ConfirmDeleteButton>
      );
    }
    if (state === 'shipped') return <Chip tone="primary">Shipped</Chip>;
    if (state === 'delivered') return <Chip tone="success">Delivered</Chip>;
    // Nothing left to do: the money went back, or the order was released or declined.
    if (!canShip(b)) return null;
    // Partly shipped: the button ships the rest in one shipment (the order page's Ship… picks lines and tracking).
    const shipWord = state === 'confirmed' ? 'Ship' : state === 'partially-shipped' ? 'Ship rest' : 'Pending';
    return (
      <div className={css.actions}>
        <Button
          variant="accent"
          size="small"
          onClick={() => ship(b)}
          disabled={shipping === b._id}
          aria-label={`${shipWord}: mark ${b.name} for ${b.email} shipped`}
        >
          {shipping === b._id ? 'Saving…' : shipWord}
        </Button>
        {/* A refund goes back through the card provider, so it needs the recorded payment. */}
        {canRefund(b) && (
          <RefundButton size="small" order={b} onConfirm={list.refund} disabled={shipping === b._id} aria-label={`Refund ${b.name} for ${b.email}`} />
        )}
        {/* On account, stopping the order is voiding its invoice, which releases it. */}
        {canVoidInvoice(b) && (
          <VoidInvoiceButton
            size="small"
            order={b}
            onConfirm={list.voidInvoice}
            disabled={shipping === b._id}
            aria-label={`Void invoice of order ${b.orderNumber || b._id} for ${b.email}`}
          />
        )}
      </div>
    );
  };

  // At 1280 px, beside the dashboard's menu, the table has about 990 px: thirteen columns did not
  // fit and the sticky ones covered "Minimum quantity" and Total (issue 43). So the name and email
  // share a cell, the minimum and the stock share one, and the order's PDF sits under its number.
  // Every column but the item's has its width (all-orders-table.module.css), so the skeleton rows
  // and the real ones lay the columns out alike and no header moves when the orders arrive (CLS).
  const columns: Column<Booking>[] = [
    { id: 'index', header: '#', className: css.index, cell: (_b, i) => i + 1 },
    {
      id: 'order',
      header: 'Order',
      className: css.order,
      cell: (b) => (
        <div className={css.stack}>
          <OrderCell booking={b} />
          <OrderDocumentButton booking={b} />
        </div>
      ),
    },
    {
      id: 'customer',
      header: 'Name and email',
      className: css.customer,
      cell: (b) => (
        <div className={css.stack}>
          <span>{b.userName}</span>
          <span className={ui.caption}>
            <BreakableEmail email={b.email} />
          </span>
        </div>
      ),
    },
    {
      id: 'item',
      header: 'Item name',
      // How much has shipped (CONTRACT §14), under the items: "2 of 3 lines shipped".
      cell: (b) => {
        const shipped = shippedSummary(b);
        return (
          <div className={css.stack}>
            <span data-testid="order-items">{itemsSummary(b)}</span>
            {shipped && (
              <span className={ui.caption} data-testid="order-shipped">
                {shipped}
              </span>
            )}
          </div>
        );
      },
    },
    // The one item's unit price, minimum and stock. An order of several lines has no one price,
    // minimum or stock (the fields describe its first line only): each line's are on the order page.
    { id: 'price', header: 'Price', className: `${numberColumn} ${css.price}`, cell: (b) => (b.lineCount > 1 ? perLine : formatDollars(b.price)) },
    {
      id: 'minimum',
      header: 'Minimum / available',
      className: `${numberColumn} ${css.minimum}`,
      cell: (b) => (b.lineCount > 1 ? perLine : `${b.itemMinimumQuantity} / ${b.itemAvailableQuantity}`),
    },
    { id: 'quantity', header: 'Qty', className: `${numberColumn} ${css.quantity}`, cell: totalQuantity },
    { id: 'total', header: 'Total', className: `${numberColumn} ${css.total}`, cell: (b) => formatDollars(b.total) },
    // The order's state and actions stay in view while the other columns scroll sideways.
    { id: 'paid', header: 'Paid', stickyWidth: 124, cell: paidCell },
    { id: 'shipping', header: 'Shipping', stickyWidth: 110, cell: shippingCell },
  ];

  return (
    <Table caption="All orders" columns={columns} rows={list} paging={list} rowKey={(b) => b._id} rowTestId="order-row" minWidth={940} empty="No orders yet." />
  );
}
