/**
 * Web configuration (STYLE habit 5). Vite checks every setting with zod when it starts
 * (lib/env-schema.ts in vite.config.ts), so a build with a missing or wrong one never exists;
 * this reads the checked values, typed by vite-env.d.ts, without zod in any page's first load.
 * What only the browser can know (where the build runs) is checked here.
 */
const env = import.meta.env;

function required(name: keyof ImportMetaEnv): string {
  const value = env[name]?.trim();
  if (!value) throw new Error(`Configuration error: ${name} is not set. See web/.env.example.`);
  return value;
}

const useEmulators = env.VITE_USE_EMULATORS === 'true';
// A build for the local emulators must never reach real customers (web/.env is the local default).
if (useEmulators && typeof window !== 'undefined' && !/^(localhost|127\.0\.0\.1|\[::1\])$/.test(window.location.hostname)) {
  throw new Error('Configuration error: this build talks to the local Firebase emulators. Build with web/.env.production.local (see web/.env.example).');
}
const catalogSource = env.VITE_CATALOG_SOURCE === 'rest' ? 'rest' : 'firestore';

// Without a publishable key the Payment page confirms against the local Stripe test double
// (CONTRACT §5): only in a build for the emulators (env-schema.ts refuses any other without one).
const stripePublishableKey = env.VITE_STRIPE_PUBLISHABLE_KEY?.trim() ?? '';

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
  catalogSource,
  /** Empty: the local Stripe test double is used (CONTRACT §5). */
  stripePublishableKey,
  /** The local Stripe test double's origin, used only when there is no publishable key. */
  stripeDoubleUrl: stripePublishableKey ? null : required('VITE_STRIPE_DOUBLE_URL').replace(/\/$/, ''),
  /**
   * App Check (docs/decisions/0013-app-check.md): the reCAPTCHA Enterprise site key, and a debug
   * token for builds that are not on the real domain. Empty: no App Check (the local stack).
   */
  appCheckSiteKey: env.VITE_APPCHECK_SITE_KEY?.trim() ?? '',
  appCheckDebugToken: env.VITE_APPCHECK_DEBUG_TOKEN?.trim() ?? '',
  /** API origin: the same origin as the SPA (Hosting rewrites). */
  apiBase: (env.VITE_API_BASE ?? '').replace(/\/$/, ''),
} as const;
