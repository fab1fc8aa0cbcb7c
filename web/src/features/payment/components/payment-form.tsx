import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { config } from '../../../lib/config';
import type { ConfirmCardPayment } from '../api/card-payment';
import { useRecordPayment } from '../api/use-payment-setup';

// Either card form loads only here, on the Payment page: nothing of Stripe in any other bundle.
const CardForm = lazy(() => (config.stripePublishableKey ? import('./stripe-card-form') : import('./test-mode-card-form')));

export const PAYMENT_COMPLETED = 'Congrats! Your payment is completed.';

export interface PaymentFormProps {
  bookingId: string;
  /** Undefined until the PaymentIntent exists. */
  clientSecret: string | undefined;
}

type Outcome = { transactionId: string; recorded: boolean };

/**
 * The card form and Pay (SPEC §2, §4; CONTRACT §5). Pay is enabled only when the card form is
 * ready and the client secret has arrived, and never twice at once. After the provider says the
 * payment succeeded the page never asks to pay again, even when recording it fails: the provider's
 * webhook records it then.
 */
export function PaymentForm({ bookingId, clientSecret }: PaymentFormProps) {
  const recordPayment = useRecordPayment();
  const [confirm, setConfirm] = useState<ConfirmCardPayment | null>(null);
  const [paying, setPaying] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  // State updates are not synchronous: a second click in the same tick must still be refused.
  const payingRef = useRef(false);

  const onReadyChange = useCallback((next: ConfirmCardPayment | null) => setConfirm(() => next), []);

  const pay = async () => {
    if (!confirm || !clientSecret || payingRef.current) return;
    payingRef.current = true;
    setPaying(true);
    setError(null);
    try {
      const result = await confirm(clientSecret);
      if (result.status === 'failed') {
        setError(result.message);
        return;
      }
      try {
        await recordPayment(bookingId, result.paymentIntentId);
        setOutcome({ transactionId: result.paymentIntentId, recorded: true });
      } catch {
        setOutcome({ transactionId: result.paymentIntentId, recorded: false });
      }
    } catch {
      setError('The payment could not be completed. Please try again.');
    } finally {
      payingRef.current = false;
      setPaying(false);
    }
  };

  if (outcome) {
    return (
      <Alert severity="success" role="status" sx={{ '& .MuiAlert-message': { minWidth: 0 } }}>
        <AlertTitle>{outcome.recorded ? PAYMENT_COMPLETED : 'Your payment went through.'}</AlertTitle>
        {!outcome.recorded && <Box sx={{ mb: 1 }}>It will appear in My Orders shortly. There is no need to pay again.</Box>}
        <Box sx={{ overflowWrap: 'anywhere' }}>
          Your transaction id: <strong data-testid="transaction-id">{outcome.transactionId}</strong>
        </Box>
        <Button component={RouterLink} to="/dashboard/myorder" variant="contained" size="small" sx={{ mt: 2 }}>
          Go to My Orders
        </Button>
      </Alert>
    );
  }

  const waiting = !clientSecret;
  return (
    <Box
      component="form"
      noValidate
      aria-label="Card payment"
      onSubmit={(e) => {
        e.preventDefault();
        void pay();
      }}
    >
      <Suspense fallback={<Skeleton variant="rounded" height={120} aria-label="Loading the card form" />}>
        <CardForm onReadyChange={onReadyChange} disabled={paying} />
      </Suspense>
      {error && (
        <Typography role="alert" color="error" sx={{ mt: 2, fontWeight: 500 }} data-testid="card-error">
          {error}
        </Typography>
      )}
      <Box sx={{ mt: 3, display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={!confirm || waiting || paying}
          startIcon={paying ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
          sx={{ minWidth: 160, flex: { xs: '1 1 100%', sm: '0 0 auto' } }}
        >
          {paying ? 'Paying…' : 'Pay'}
        </Button>
        <Typography variant="body2" color="text.secondary" aria-live="polite">
          {waiting ? 'Preparing your payment…' : !confirm ? 'Loading the card form…' : ''}
        </Typography>
      </Box>
    </Box>
  );
}
