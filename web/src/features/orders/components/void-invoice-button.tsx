import type { Booking } from '@fridgeparts/common/booking';
import { formatDollars } from '@fridgeparts/common/money';
import { ConfirmButton, type ConfirmButtonProps } from '../../../components/confirm-button';
import { itemsSummary, totalQuantity } from './order-labels';

export type VoidInvoiceButtonProps = Omit<
  ConfirmButtonProps,
  'question' | 'details' | 'cancelLabel' | 'confirmLabel' | 'busyLabel' | 'onConfirm' | 'children'
> & {
  order: Booking;
  /** Voids the invoice. The dialog stays open (Void invoice shows progress) until it settles. */
  onConfirm: (order: Booking) => Promise<unknown>;
};

/**
 * Void invoice: voiding an on-account order's invoice (decision 0066) can not be undone: the
 * company no longer owes it, the order is released and its stock goes back on sale. So it is
 * confirmed first, naming the order, its invoice, the company's buyer and the amount (ConfirmButton,
 * decision 0071).
 */
export function VoidInvoiceButton({ order, onConfirm, ...button }: VoidInvoiceButtonProps) {
  const invoice = order.payment?.number ? `invoice ${order.payment.number}` : 'its invoice';
  return (
    <ConfirmButton
      {...button}
      question="Void this order's invoice?"
      cancelLabel="Keep the invoice"
      confirmLabel="Void invoice"
      busyLabel="Voiding…"
      onConfirm={() => onConfirm(order)}
      doneMessage="Invoice voided. The order is released and its items are back on sale."
      details={
        `Order ${order.orderNumber || order._id} for ${order.email} (${itemsSummary(order)}, ${totalQuantity(order)} units, ${formatDollars(order.total)}): ` +
        `${invoice} is voided at Stripe, so the company no longer owes it; the order is released and its stock goes back on sale. This can not be undone.`
      }
    >
      Void invoice
    </ConfirmButton>
  );
}
