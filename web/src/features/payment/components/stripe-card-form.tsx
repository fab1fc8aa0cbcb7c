import { useEffect, useState } from 'react';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
// The pure entry loads Stripe.js from js.stripe.com only when loadStripe is called, i.e. on this page.
import { loadStripe } from '@stripe/stripe-js/pure';
import type { Stripe } from '@stripe/stripe-js';
import { config } from '../../../lib/infra/config';
import { GENERIC_CARD_ERROR, type CardFormProps } from '../api/card-payment';
import css from './card-form.module.css';
import { Notice } from '../../../components/notice';

let stripePromise: Promise<Stripe | null> | null = null;
/** One Stripe.js per page load; a failed load (offline, blocked) resolves to null. */
function getStripe(): Promise<Stripe | null> {
  stripePromise ??= loadStripe(config.stripePublishableKey).catch(() => null);
  return stripePromise;
}

// SPEC §9: card field text 16px (also keeps iOS from zooming into the field).
const CARD_OPTIONS = { style: { base: { fontSize: '16px' } } } as const;

function CardField({ onReadyChange, disabled }: CardFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [fieldReady, setFieldReady] = useState(false);

  useEffect(() => {
    if (!stripe || !elements || !fieldReady) {
      onReadyChange(null);
      return;
    }
    onReadyChange(async (clientSecret) => {
      const card = elements.getElement(CardElement);
      // SPEC §5: Pay does nothing without the card service or the card field.
      if (!card) return { status: 'failed', message: 'The card field is not ready yet. Please wait a moment.' };
      const { error, paymentIntent } = await stripe.confirmCardPayment(clientSecret, { payment_method: { card } });
      if (error) return { status: 'failed', message: error.message || GENERIC_CARD_ERROR };
      if (paymentIntent?.status === 'succeeded') return { status: 'succeeded', paymentIntentId: paymentIntent.id };
      return { status: 'failed', message: GENERIC_CARD_ERROR };
    });
    return () => onReadyChange(null);
  }, [stripe, elements, fieldReady, onReadyChange]);

  return (
    <div className={css.stripeBox}>
      <CardElement options={{ ...CARD_OPTIONS, disabled }} onReady={() => setFieldReady(true)} />
    </div>
  );
}

/** The card form with real keys: Stripe Elements' CardElement (CONTRACT §5), in plain markup around it. */
export default function StripeCardForm(props: CardFormProps) {
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    void getStripe().then((stripe) => live && setFailed(stripe === null));
    return () => {
      live = false;
    };
  }, []);

  if (failed) {
    return (
      <Notice severity="error" role="alert">
        The card service could not be loaded. Check your connection (and any content blocker), then reload the page.
      </Notice>
    );
  }
  return (
    <fieldset className={css.fieldset}>
      <legend className={css.legend}>Card details</legend>
      <Elements stripe={getStripe()}>
        <CardField {...props} />
      </Elements>
    </fieldset>
  );
}
