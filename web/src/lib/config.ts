/**
 * Web configuration, checked once at start (STYLE habit 5): a missing value stops the app with a
 * message naming it, instead of failing later in a Firebase call.
 */
const env = import.meta.env;

function required(name: string): string {
  const value = (env[name] as string | undefined)?.trim();
  if (!value) throw new Error(`Configuration error: ${name} is not set. See web/.env.example.`);
  return value;
}

const useEmulators = env.VITE_USE_EMULATORS === 'true';
// A build for the local emulators must never reach real customers (web/.env is the local default).
if (useEmulators && typeof window !== 'undefined' && !/^(localhost|127\.0\.0\.1|\[::1\])$/.test(window.location.hostname)) {
  throw new Error('Configuration error: this build talks to the local Firebase emulators. Build with web/.env.production.local (see web/.env.example).');
}
const catalogSource = (env.VITE_CATALOG_SOURCE as string | undefined) ?? 'firestore';
if (catalogSource !== 'firestore' && catalogSource !== 'rest') {
  throw new Error(`Configuration error: VITE_CATALOG_SOURCE must be "firestore" or "rest", not "${catalogSource}".`);
}

const stripePublishableKey = ((env.VITE_STRIPE_PUBLISHABLE_KEY as string | undefined) ?? '').trim();
// Without a publishable key the Payment page confirms against the local Stripe test double
// (CONTRACT §5). That is only for the local emulators: a real build without a key must not start.
if (!stripePublishableKey && !useEmulators) {
  throw new Error('Configuration error: VITE_STRIPE_PUBLISHABLE_KEY is not set. See web/.env.example.');
}

export const config = {
  useEmulators,
  firebase: {
    apiKey: required('VITE_FIREBASE_API_KEY'),
    authDomain: required('VITE_FIREBASE_AUTH_DOMAIN'),
    projectId: required('VITE_FIREBASE_PROJECT_ID'),
    appId: required('VITE_FIREBASE_APP_ID'),
  },
  authEmulatorUrl: useEmulators ? required('VITE_AUTH_EMULATOR_URL') : null,
  firestoreEmulatorHost: useEmulators && catalogSource === 'firestore' ? required('VITE_FIRESTORE_EMULATOR_HOST') : null,
  /** Where the SPA reads tools and reviews (CONTRACT §1). */
  catalogSource: catalogSource as 'firestore' | 'rest',
  /** Empty: the local Stripe test double is used (CONTRACT §5). */
  stripePublishableKey,
  /** The local Stripe test double's origin, used only when there is no publishable key. */
  stripeDoubleUrl: stripePublishableKey ? null : required('VITE_STRIPE_DOUBLE_URL').replace(/\/$/, ''),
  /**
   * App Check (docs/decisions/0013-app-check.md): the reCAPTCHA Enterprise site key, and a debug
   * token for builds that are not on the real domain. Empty: no App Check (the local stack).
   */
  appCheckSiteKey: ((env.VITE_APPCHECK_SITE_KEY as string | undefined) ?? '').trim(),
  appCheckDebugToken: ((env.VITE_APPCHECK_DEBUG_TOKEN as string | undefined) ?? '').trim(),
  /** API origin: the same origin as the SPA (Hosting rewrites). */
  apiBase: ((env.VITE_API_BASE as string | undefined) ?? '').replace(/\/$/, ''),
} as const;
