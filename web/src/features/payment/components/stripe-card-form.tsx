import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
// The pure entry loads Stripe.js from js.stripe.com only when loadStripe is called, i.e. on this page.
import { loadStripe } from '@stripe/stripe-js/pure';
import type { Stripe } from '@stripe/stripe-js';
import { config } from '../../../lib/config';
import { GENERIC_CARD_ERROR, type CardFormProps } from '../api/card-payment';

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
    <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, px: 1.5, py: 1.75 }}>
      <CardElement options={{ ...CARD_OPTIONS, disabled }} onReady={() => setFieldReady(true)} />
    </Box>
  );
}

/** The card form with real keys: Stripe Elements' CardElement (CONTRACT §5). */
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
      <Alert severity="error" role="alert">
        The card service could not be loaded. Check your connection (and any content blocker), then reload the page.
      </Alert>
    );
  }
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Box component="legend" sx={{ fontWeight: 600, mb: 1, p: 0 }}>
        Card details
      </Box>
      <Elements stripe={getStripe()}>
        <CardField {...props} />
      </Elements>
    </Box>
  );
}
