import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { formatDollars } from '@fridgeparts/common/money';
import type { Booking, BookingState } from '@fridgeparts/common/booking';
import { buttonClass } from '../../../components/button';
import { ErrorRetry } from '../../../components/error-retry';
import { Notice as Alert } from '../../../components/notice';
import { OrderLinesTable } from '../../../components/order-lines-table';
import { OrderAmounts, taxColumn } from '../../../components/order-amounts';
import { partsOf } from '../../../lib/domain/tax-words';
import ui from '../../../components/ui.module.css';
import { ApiError } from '../../../lib/infra/api-client';
import { paths } from '../../../lib/infra/paths';
import { countOf } from '../../../lib/domain/plural';
import { usePaymentSetup } from '../api/use-payment-setup';
import { PaymentForm } from './payment-form';
import css from './payment.module.css';

/** Why a booking can not be paid, in words a customer can act on. */
const NOT_PAYABLE: Record<Exclude<BookingState, 'reserved'>, { title: string; text: string }> = {
  paid: { title: 'This order is already paid.', text: 'There is nothing more to pay. You can follow it in My Orders.' },
  shipped: { title: 'This order is already paid and has shipped.', text: 'There is nothing more to pay.' },
  'partially-shipped': { title: 'This order is already paid and part of it has shipped.', text: 'There is nothing more to pay.' },
  delivered: { title: 'This order is already paid and was delivered.', text: 'There is nothing more to pay.' },
  returned: { title: 'This order was paid and its parts have come back.', text: 'There is nothing more to pay.' },
  refunded: { title: 'This order was refunded.', text: 'It can not be paid again. Book the item again to order it.' },
  'awaiting-approval': {
    title: 'Waiting for approval by your company admin',
    text: 'This order is over your spending limit, so a company admin of yours approves it first. We email you when they decide, and the order page then says how it is paid.',
  },
  declined: { title: 'This order was declined.', text: 'A company admin of yours declined it, so it can not be paid. The email we sent says why.' },
  confirmed: {
    title: "This order is on your company's account.",
    text: 'It is paid on account: your company pays its invoice, linked on the order page.',
  },
  expired: {
    title: 'This reservation has expired.',
    text: 'Unpaid reservations are released after a while, so it can no longer be paid. Book the item again to order it.',
  },
};

function Notice({ severity, title, children }: { severity: 'info' | 'warning' | 'error'; title: string; children?: ReactNode }) {
  return (
    <div>
      <Alert severity={severity} role={severity === 'error' ? 'alert' : 'status'} title={title}>
        {children}
      </Alert>
      <RouterLink to={paths.myOrders} className={buttonClass({ variant: 'contained' }, css.back)}>
        Back to My Orders
      </RouterLink>
    </div>
  );
}

/**
 * What the order comes to, from its answer (CONTRACT §14, §15): parts, shipping and sales tax, then
 * the total charged. A quick order or a booking is placed before it is paid, so this is where its
 * buyer sees the tax first. An order placed before shipping or tax were charged has no such row.
 */
function Amounts({ booking }: { booking: Booking }) {
  const tax = booking.tax ?? null;
  const shipping = booking.shipping?.amount ?? null;
  return (
    <OrderAmounts
      parts={partsOf(booking.total, shipping ?? 0, tax?.amount ?? 0)}
      shipping={shipping}
      noShipping={!booking.shipping}
      tax={tax}
      noTax={!tax}
      total={booking.total}
      testId="payment-amounts"
      totalTestId="payment-total"
    />
  );
}

function OrderSummary({ booking }: { booking: Booking }) {
  const { lines } = booking;
  const tax = booking.tax ?? null;
  // An order of several lines (CONTRACT §8) lists each; a one-line order reads as it always has.
  if (lines.length > 1) {
    return (
      <section aria-labelledby="order-summary-title" className={css.summary}>
        <h2 id="order-summary-title" className={css.summaryTitle}>
          Your order
        </h2>
        <p className={css.orderMeta}>
          {booking.orderNumber && <>Order {booking.orderNumber} · </>}
          {countOf(lines.length, 'line')}
          {booking.poNumber && <> · PO {booking.poNumber}</>}
        </p>
        <OrderLinesTable
          caption={`Lines of order ${booking.orderNumber || booking._id}`}
          lines={lines}
          rowKey={(l) => l.toolId}
          rowTestId="payment-line"
          minWidth={0}
          after={tax ? [taxColumn(tax, (_l, i) => String(i))] : []}
        />
        <div className={css.afterTable}>
          <Amounts booking={booking} />
        </div>
      </section>
    );
  }
  return (
    <section aria-labelledby="order-summary-title" className={css.summary}>
      <h2 id="order-summary-title" className={css.summaryTitle}>
        Your order
      </h2>
      <dl className={css.lines}>
        <dt>Item</dt>
        <dd data-testid="payment-item">{booking.name}</dd>
        <dt>Quantity</dt>
        <dd data-testid="payment-quantity">{booking.quantity}</dd>
        <dt>Unit price</dt>
        <dd>{formatDollars(booking.price)}</dd>
      </dl>
      <div className={css.afterTable}>
        <Amounts booking={booking} />
      </div>
    </section>
  );
}

/**
 * The Payment page's content for one booking (SPEC §2, §4; CONTRACT §5): loading, the states in
 * which it can not be paid, and otherwise the greeting, the order and the card form. Plain markup
 * and CSS (as My Orders, decision 0024).
 */
export function PaymentCheckout({ bookingId }: { bookingId: string | undefined }) {
  const setup = usePaymentSetup(bookingId);
  const { booking, bookingError, intentError } = setup;

  if (bookingError) {
    const missing = bookingError instanceof ApiError && (bookingError.status === 404 || bookingError.status === 403 || bookingError.status === 400);
    if (missing) {
      return (
        <Notice severity="warning" title="We could not find this order among your orders.">
          The link may be mistyped, or the order belongs to another account.
        </Notice>
      );
    }
    return <ErrorRetry message={`This order could not be loaded. ${bookingError.message}`} onRetry={setup.retry} />;
  }

  if (!bookingId || !booking || booking._id !== bookingId) {
    return (
      <div className={css.loading} aria-busy="true" aria-label="Loading your order" role="status">
        <div className={`${ui.skeleton} ${css.loadingTitle}`} />
        <div className={`${ui.skeleton} ${css.loadingSummary}`} />
        <div className={`${ui.skeleton} ${css.loadingCard}`} />
      </div>
    );
  }

  const state = booking.state;
  if (state !== 'reserved') {
    const { title, text } = NOT_PAYABLE[state];
    return (
      <Notice severity="info" title={title}>
        {text}
        {booking.transactionId && (
          <div className={css.transaction}>
            Transaction id: <strong data-testid="transaction-id">{booking.transactionId}</strong>
          </div>
        )}
      </Notice>
    );
  }

  return (
    <div>
      <p className={css.greeting} data-testid="payment-greeting">
        Hello, {booking.userName}
      </p>
      <OrderSummary booking={booking} />
      {intentError instanceof ApiError && intentError.status === 409 ? (
        // Paid, cancelled or released meanwhile: trying again would not help.
        <Notice severity="error" title="This order can not be paid right now.">
          {intentError.message}
        </Notice>
      ) : intentError ? (
        <ErrorRetry message={`This order can not be paid right now. ${intentError.message}`} onRetry={setup.retry} />
      ) : (
        <PaymentForm bookingId={bookingId} clientSecret={setup.clientSecret} />
      )}
    </div>
  );
}
