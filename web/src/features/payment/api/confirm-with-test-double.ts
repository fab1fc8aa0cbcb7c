import { config } from '../../../lib/infra/config';
import { GENERIC_CARD_ERROR, type CardPaymentResult } from './card-payment';

/** The publishable key the local Stripe double accepts (it has no real keys). */
export const TEST_DOUBLE_PUBLISHABLE_KEY = 'pk_test_local_double';

/** A client secret is `<PaymentIntent id>_secret_<random>`; Stripe.js derives the id the same way. */
export function paymentIntentIdOf(clientSecret: string): string | null {
  const at = clientSecret.indexOf('_secret_');
  const id = at > 0 ? clientSecret.slice(0, at) : '';
  return /^pi_[A-Za-z0-9_]+$/.test(id) ? id : null;
}

interface StripeErrorBody {
  error?: { type?: string; code?: string; decline_code?: string; message?: string };
}

interface PaymentIntentBody {
  id?: string;
  status?: string;
}

/**
 * Confirms a PaymentIntent with a test payment method at the local Stripe double, as Stripe.js
 * does with a publishable key: `POST /v1/payment_intents/{id}/confirm`, form-encoded, with the
 * client secret. Only the payment method's name leaves the browser, never a card number.
 */
export async function confirmWithTestDouble(clientSecret: string, paymentMethod: string, fetchImpl: typeof fetch = fetch): Promise<CardPaymentResult> {
  const id = paymentIntentIdOf(clientSecret);
  if (!id || !config.stripeDoubleUrl) return { status: 'failed', message: 'This payment could not be started. Reload the page and try again.' };
  let res: Response;
  try {
    res = await fetchImpl(`${config.stripeDoubleUrl}/v1/payment_intents/${encodeURIComponent(id)}/confirm`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${TEST_DOUBLE_PUBLISHABLE_KEY}`,
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ payment_method: paymentMethod, client_secret: clientSecret }).toString(),
    });
  } catch {
    return { status: 'failed', message: 'Could not reach the card service. Check your connection and try again.' };
  }
  const body = (await res.json().catch(() => null)) as (StripeErrorBody & PaymentIntentBody) | null;
  if (!res.ok) return { status: 'failed', message: body?.error?.message || GENERIC_CARD_ERROR };
  if (body?.status === 'succeeded' && body.id) return { status: 'succeeded', paymentIntentId: body.id };
  return { status: 'failed', message: GENERIC_CARD_ERROR };
}
