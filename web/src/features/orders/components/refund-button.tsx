import type { Booking } from '@fridgeparts/common/booking';
import { formatDollars } from '@fridgeparts/common/money';
import { ConfirmButton, type ConfirmButtonProps } from '../../../components/confirm-button';
import { itemsSummary } from './order-labels';

/** The order named by its number and its items: the quantity for one line, the line count for more. */
function refundedWhat(order: Booking): string {
  const number = order.orderNumber ? `Order ${order.orderNumber}, ` : '';
  const items = order.lineCount > 1 ? `${itemsSummary(order)} for ${order.email}` : `${order.name} for ${order.email}, quantity ${order.quantity}`;
  return `${number}${items}`;
}

export type RefundButtonProps = Omit<ConfirmButtonProps, 'question' | 'details' | 'cancelLabel' | 'confirmLabel' | 'busyLabel' | 'onConfirm' | 'children'> & {
  order: Booking;
  /** Runs the refund. The dialog stays open (Refund shows progress) until it settles. */
  onConfirm: (order: Booking) => Promise<unknown>;
};

/**
 * Refund: a refund moves money back to the customer's card and can not be undone, so it is
 * confirmed first, naming the order and the amount (ConfirmButton, decision 0071: focus starts on
 * "Keep the order", goes back to the Refund button after keeping it, and to the page's heading after a refund).
 */
export function RefundButton({ order, onConfirm, ...button }: RefundButtonProps) {
  return (
    <ConfirmButton
      {...button}
      question="Refund this order?"
      cancelLabel="Keep the order"
      confirmLabel="Refund"
      busyLabel="Refunding…"
      onConfirm={() => onConfirm(order)}
      details={`${refundedWhat(order)}: ${formatDollars(order.total)} goes back to the customer's card and the stock returns. This can not be undone.`}
    >
      Refund
    </ConfirmButton>
  );
}
