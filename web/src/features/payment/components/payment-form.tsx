import { useCallback, useEffect, useRef, useState, type ComponentType } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Button, buttonClass } from '../../../components/button';
import ui from '../../../components/ui.module.css';
import { config } from '../../../lib/infra/config';
import { paths } from '../../../lib/infra/paths';
import type { CardFormProps, ConfirmCardPayment } from '../api/card-payment';
import { useRecordPayment } from '../api/use-payment-setup';
import { Notice } from '../../../components/notice';
import css from './payment-form.module.css';

// Either card form loads only here, on the Payment page: nothing of Stripe in any other bundle. It
// starts loading with the page, beside the order's own request, so it is usually there when the
// order is; then the form renders at once and nothing under it moves (issue 21). React.lazy would
// show its fallback for a moment even for a chunk already loaded.
let loadedCardForm: ComponentType<CardFormProps> | null = null;
const cardFormChunk = (config.stripePublishableKey ? import('./stripe-card-form') : import('./test-mode-card-form')).then((m) => (loadedCardForm = m.default));
cardFormChunk.catch(() => {}); // a failed chunk is said where the form would be (useCardForm)

/** The card form's component once its chunk has loaded; an Error if it could not load. */
function useCardForm(): ComponentType<CardFormProps> | Error | null {
  const [form, setForm] = useState<ComponentType<CardFormProps> | Error | null>(() => loadedCardForm);
  useEffect(() => {
    if (form) return;
    let live = true;
    cardFormChunk.then(
      (component) => live && setForm(() => component),
      (err: unknown) => live && setForm(err instanceof Error ? err : new Error(String(err))),
    );
    return () => {
      live = false;
    };
  }, [form]);
  return form;
}

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
  const CardForm = useCardForm();

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
        <RouterLink to={paths.myOrders} className={buttonClass({ variant: 'contained', size: 'small' }, css.toOrders)}>
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
      {CardForm instanceof Error ? (
        <p role="alert" className={css.error}>
          The card form could not be loaded. Check your connection and reload the page.
        </p>
      ) : CardForm ? (
        <CardForm onReadyChange={onReadyChange} disabled={paying} />
      ) : (
        <div className={`${ui.skeleton} ${css.cardLoading}`} role="status" aria-label="Loading the card form" />
      )}
      {error && (
        <p role="alert" className={css.error} data-testid="card-error">
          {error}
        </p>
      )}
      <div className={css.row}>
        <Button type="submit" variant="contained" size="large" className={css.pay} disabled={!confirm || waiting || paying} busy={paying}>
          {paying ? 'Paying…' : 'Pay'}
        </Button>
        <p className={css.status} aria-live="polite">
          {waiting ? 'Preparing your payment…' : !confirm ? 'Loading the card form…' : ''}
        </p>
      </div>
    </form>
  );
}
