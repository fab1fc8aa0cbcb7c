import Stripe from 'stripe';
import { LOCAL_HOST, LOCAL_PORTS } from '@fridgeparts/common/local-stack';
import { isDeployed, STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, secretValue } from '../config';
import { AppError } from '../errors';

/**
 * The local Stripe test double (scripts/stripe-double). Its key is also what the stack writes into
 * functions/dist/.secret.local, so "no key" and "the double's key" mean the same thing.
 */
export const STRIPE_DOUBLE = {
  host: LOCAL_HOST,
  port: LOCAL_PORTS.stripe,
  protocol: 'http',
  secretKey: 'sk_test_local_double',
  webhookSecret: 'whsec_local_double',
} as const;

export interface StripeSettings {
  secretKey: string;
  /** '' when not configured: the webhook then refuses every event (5xx, so Stripe retries). */
  webhookSecret: string;
  double: boolean;
}

export function stripeSettings(): StripeSettings {
  const key = secretValue(STRIPE_SECRET_KEY);
  const webhook = secretValue(STRIPE_WEBHOOK_SECRET);
  if (key && key !== STRIPE_DOUBLE.secretKey) return { secretKey: key, webhookSecret: webhook, double: false };
  if (isDeployed()) {
    throw new AppError('unavailable', 'Card payments are not configured on this server yet. Please try again later.');
  }
  return { secretKey: STRIPE_DOUBLE.secretKey, webhookSecret: webhook || STRIPE_DOUBLE.webhookSecret, double: true };
}

let cached: { key: string; client: Stripe } | null = null;

/**
 * The stripe SDK client: the real API with a configured key, else the same SDK pointed at the
 * double with its host/port/protocol options, so the shop's code path is the production one.
 */
export function stripe(): Stripe {
  const settings = stripeSettings();
  if (cached?.key === settings.secretKey) return cached.client;
  const client = new Stripe(settings.secretKey, {
    // Network errors and 5xx are retried by the SDK with its own idempotency keys on POSTs.
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'FridgeParts' },
    ...(settings.double ? { host: STRIPE_DOUBLE.host, port: STRIPE_DOUBLE.port, protocol: STRIPE_DOUBLE.protocol } : {}),
  });
  cached = { key: settings.secretKey, client };
  return client;
}

/** Stripe's answer for an id it does not know (a forged transaction id). */
export function isMissingResource(err: unknown): boolean {
  return err instanceof Stripe.errors.StripeInvalidRequestError && (err.code === 'resource_missing' || err.statusCode === 404);
}

/** The PaymentIntent as the provider has it, or null when it does not know the id (forged, or another account's). */
export async function retrieveIntentOrNull(id: string): Promise<Stripe.PaymentIntent | null> {
  try {
    return await atProvider((s) => s.paymentIntents.retrieve(id));
  } catch (err) {
    if (isMissingResource(err)) return null;
    throw err;
  }
}

/** The PaymentIntent id of a charge (Stripe sends it as an id, or expanded). */
export function intentIdOfCharge(charge: Stripe.Charge): string | null {
  return typeof charge.payment_intent === 'string' ? charge.payment_intent : (charge.payment_intent?.id ?? null);
}

/** Stripe refused an action because of the object's current status (cancel a succeeded intent...). */
export function isUnexpectedState(err: unknown): boolean {
  return err instanceof Stripe.errors.StripeInvalidRequestError && err.code === 'payment_intent_unexpected_state';
}

export type { Stripe };

/**
 * Runs a call to the provider. When it can not be reached or fails on its side, the caller gets a
 * 503 with a message a person can act on (and the webhook's caller, Stripe, retries); Stripe's
 * answers about the request itself stay as they are for the service to interpret.
 */
export async function atProvider<T>(call: (client: Stripe) => Promise<T>): Promise<T> {
  try {
    return await call(stripe());
  } catch (err) {
    if (
      err instanceof Stripe.errors.StripeConnectionError ||
      err instanceof Stripe.errors.StripeAPIError ||
      err instanceof Stripe.errors.StripeRateLimitError
    ) {
      throw new AppError('unavailable', 'The card payment provider could not be reached. Please try again in a moment.');
    }
    throw err;
  }
}
