/// <reference types="vite/client" />

/**
 * The web app's settings (web/.env for the local stack, web/.env.production.local for a real
 * build; web/.env.example lists them). Read and checked once, in lib/config.ts.
 */
interface ImportMetaEnv {
  readonly VITE_USE_EMULATORS?: string;
  readonly VITE_CATALOG_SOURCE?: string;
  readonly VITE_FIREBASE_API_KEY?: string;
  readonly VITE_FIREBASE_AUTH_DOMAIN?: string;
  readonly VITE_FIREBASE_PROJECT_ID?: string;
  readonly VITE_FIREBASE_APP_ID?: string;
  readonly VITE_AUTH_EMULATOR_URL?: string;
  readonly VITE_FIRESTORE_EMULATOR_HOST?: string;
  readonly VITE_STRIPE_PUBLISHABLE_KEY?: string;
  readonly VITE_STRIPE_DOUBLE_URL?: string;
  readonly VITE_APPCHECK_SITE_KEY?: string;
  readonly VITE_APPCHECK_DEBUG_TOKEN?: string;
  readonly VITE_API_BASE?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
