import { defineSecret } from 'firebase-functions/params';

/**
 * The function's secrets (Cloud Secret Manager; `firebase functions:secrets:set NAME`). They are
 * listed on the `api` function's options in index.ts, which is what makes them readable at run
 * time. Locally none is set and the function talks to the Stripe double (stripe-client.ts).
 */
export const STRIPE_SECRET_KEY = defineSecret('STRIPE_SECRET_KEY', {
  label: 'Stripe secret key',
  description: 'Secret API key of the Stripe account (sk_live_... or sk_test_...). Dashboard > Developers > API keys.',
});

export const STRIPE_WEBHOOK_SECRET = defineSecret('STRIPE_WEBHOOK_SECRET', {
  label: 'Stripe webhook signing secret',
  description:
    'Signing secret (whsec_...) of the Stripe webhook endpoint https://<your-site>/stripe/webhook, subscribed to payment_intent.succeeded, payment_intent.payment_failed, payment_intent.canceled and charge.refunded.',
});

export const FUNCTION_SECRETS = [STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET];

/** A secret's value, or '' when unset (without firebase-functions' warning for unset secrets). */
export function secretValue(secret: typeof STRIPE_SECRET_KEY): string {
  return process.env[secret.name] === undefined ? '' : secret.value().trim();
}
