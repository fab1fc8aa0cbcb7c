import type { Booking } from '@fridgeparts/common/booking';
import { formatDollars } from '@fridgeparts/common/money';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { itemsSummary, totalQuantity } from './order-labels';

export interface ConfirmVoidDialogProps {
  /** Open while this is set. */
  order: Booking | null;
  /** Voids the invoice. The dialog stays open (Void invoice shows progress) until it settles. */
  onConfirm: (order: Booking) => Promise<unknown>;
  onClose: () => void;
}

/**
 * Voiding an on-account order's invoice (decision 0066) can not be undone: the company no longer
 * owes it, the order is released and its stock goes back on sale. So it is confirmed first, naming
 * the order, its invoice, the company's buyer and the amount (the shared ConfirmDialog).
 */
export function ConfirmVoidDialog({ order, onConfirm, onClose }: ConfirmVoidDialogProps) {
  const invoice = order?.payment?.number ? `invoice ${order.payment.number}` : 'its invoice';
  return (
    <ConfirmDialog
      open={order !== null}
      title="Void this order's invoice?"
      cancelLabel="Keep the invoice"
      confirmLabel="Void invoice"
      busyLabel="Voiding…"
      onConfirm={() => (order ? onConfirm(order) : Promise.resolve())}
      onClose={onClose}
      doneMessage="Invoice voided. The order is released and its items are back on sale."
    >
      {order &&
        `Order ${order.orderNumber || order._id} for ${order.email} (${itemsSummary(order)}, ${totalQuantity(order)} units, ${formatDollars(order.total)}): ` +
          `${invoice} is voided at Stripe, so the company no longer owes it; the order is released and its stock goes back on sale. This can not be undone.`}
    </ConfirmDialog>
  );
}
