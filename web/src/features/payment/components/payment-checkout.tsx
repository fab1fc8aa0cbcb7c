import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { formatDollars } from '@fridgeparts/common/money';
import { ApiError } from '../../../lib/api-client';
import type { Booking, BookingState } from '@fridgeparts/common/booking';
import { stateOf, usePaymentSetup } from '../api/use-payment-setup';
import { PaymentForm } from './payment-form';

const MY_ORDERS = '/dashboard/myorder';

/** Why a booking can not be paid, in words a customer can act on. */
const NOT_PAYABLE: Record<Exclude<BookingState, 'reserved'>, { title: string; text: string }> = {
  paid: { title: 'This order is already paid.', text: 'There is nothing more to pay. You can follow it in My Orders.' },
  shipped: { title: 'This order is already paid and has shipped.', text: 'There is nothing more to pay.' },
  refunded: { title: 'This order was refunded.', text: 'It can not be paid again. Book the item again to order it.' },
  expired: {
    title: 'This reservation has expired.',
    text: 'Unpaid reservations are released after a while, so it can no longer be paid. Book the item again to order it.',
  },
};

function BackToOrders() {
  return (
    <Button component={RouterLink} to={MY_ORDERS} variant="contained" sx={{ mt: 2 }}>
      Back to My Orders
    </Button>
  );
}

function Notice({ severity, title, children }: { severity: 'info' | 'warning' | 'error'; title: string; children?: ReactNode }) {
  return (
    <Box>
      <Alert severity={severity} role={severity === 'error' ? 'alert' : 'status'}>
        <Box component="p" sx={{ m: 0, fontWeight: 600 }}>
          {title}
        </Box>
        {children && <Box sx={{ mt: 0.5 }}>{children}</Box>}
      </Alert>
      <BackToOrders />
    </Box>
  );
}

function OrderSummary({ booking }: { booking: Booking }) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby="order-summary-title" sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}>
      <Typography id="order-summary-title" variant="h6" component="h2" sx={{ mb: 1.5 }}>
        Your order
      </Typography>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.75, m: 0, '& dd': { m: 0, textAlign: 'right' } }}>
        <dt>Item</dt>
        <dd data-testid="payment-item">{booking.name}</dd>
        <dt>Quantity</dt>
        <dd data-testid="payment-quantity">{booking.quantity}</dd>
        <dt>Unit price</dt>
        <dd>{formatDollars(booking.price)}</dd>
        <Box component="dt" sx={{ fontWeight: 700 }}>
          Total
        </Box>
        <Box component="dd" sx={{ fontWeight: 700 }} data-testid="payment-total">
          {formatDollars(booking.total)}
        </Box>
      </Box>
    </Paper>
  );
}

/**
 * The Payment page's content for one booking (SPEC §2, §4; CONTRACT §5): loading, the states in
 * which it can not be paid, and otherwise the greeting, the order and the card form.
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
    return (
      <Alert
        severity="error"
        role="alert"
        action={
          <Button color="inherit" size="small" onClick={setup.retry}>
            Retry
          </Button>
        }
      >
        This order could not be loaded. {bookingError.message}
      </Alert>
    );
  }

  if (!bookingId || !booking || booking._id !== bookingId) {
    return (
      <Box aria-busy="true" aria-label="Loading your order">
        <Skeleton variant="text" sx={{ fontSize: '1.5rem', width: '50%' }} />
        <Skeleton variant="rounded" height={150} sx={{ my: 3 }} />
        <Skeleton variant="rounded" height={120} />
      </Box>
    );
  }

  const state = stateOf(booking);
  if (state !== 'reserved') {
    const { title, text } = NOT_PAYABLE[state];
    return (
      <Notice severity="info" title={title}>
        {text}
        {booking.transactionId && (
          <Box sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
            Transaction id: <strong data-testid="transaction-id">{booking.transactionId}</strong>
          </Box>
        )}
      </Notice>
    );
  }

  return (
    <Box>
      <Typography variant="h5" component="p" sx={{ mb: 2 }} data-testid="payment-greeting">
        Hello, {booking.userName}
      </Typography>
      <OrderSummary booking={booking} />
      {intentError ? (
        <Notice severity="error" title="This order can not be paid right now.">
          {intentError.message}
          {!(intentError instanceof ApiError && intentError.status === 409) && (
            <Button color="inherit" size="small" onClick={setup.retry} sx={{ ml: 1 }}>
              Retry
            </Button>
          )}
        </Notice>
      ) : (
        <PaymentForm bookingId={bookingId} clientSecret={setup.clientSecret} />
      )}
    </Box>
  );
}
