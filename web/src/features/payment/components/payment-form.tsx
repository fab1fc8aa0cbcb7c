import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import ui from '../../../components/ui.module.css';
import { config } from '../../../lib/config';
import type { ConfirmCardPayment } from '../api/card-payment';
import { useRecordPayment } from '../api/use-payment-setup';
import { Notice } from '../../../components/notice';
import css from './payment-form.module.css';

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
      <Notice severity="success" role="status" title={outcome.recorded ? PAYMENT_COMPLETED : 'Your payment went through.'}>
        {!outcome.recorded && <p className={css.again}>It will appear in My Orders shortly. There is no need to pay again.</p>}
        <div className={css.transaction}>
          Your transaction id: <strong data-testid="transaction-id">{outcome.transactionId}</strong>
        </div>
        <RouterLink to="/dashboard/myorder" className={`${ui.button} ${ui.contained} ${ui.small} ${css.toOrders}`}>
          Go to My Orders
        </RouterLink>
      </Notice>
    );
  }

  const waiting = !clientSecret;
  return (
    <form
      noValidate
      aria-label="Card payment"
      onSubmit={(e) => {
        e.preventDefault();
        void pay();
      }}
    >
      <Suspense fallback={<div className={`${ui.skeleton} ${css.cardLoading}`} role="status" aria-label="Loading the card form" />}>
        <CardForm onReadyChange={onReadyChange} disabled={paying} />
      </Suspense>
      {error && (
        <p role="alert" className={css.error} data-testid="card-error">
          {error}
        </p>
      )}
      <div className={css.row}>
        <button type="submit" className={`${ui.button} ${ui.contained} ${ui.large} ${css.pay}`} disabled={!confirm || waiting || paying}>
          {paying && <span className={css.spinner} aria-hidden="true" />}
          {paying ? 'Paying…' : 'Pay'}
        </button>
        <p className={css.status} aria-live="polite">
          {waiting ? 'Preparing your payment…' : !confirm ? 'Loading the card form…' : ''}
        </p>
      </div>
    </form>
  );
}
