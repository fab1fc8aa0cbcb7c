/**
 * The local stack's Firebase project id and ports, read from one place: local-stack.json. It is JSON
 * because scripts that run under plain node (scripts/lib/stack.mjs, the Stripe double, the Firestore
 * stand-in) read it too. The tests, the function's local fallbacks and the web build
 * (vite.config.ts) read it through this module. firebase.json, .firebaserc and web/.env cannot
 * import anything: local-stack.test.ts fails when they disagree with it (decision 0021).
 * No Firebase SDK and no Node API here, as everywhere in common/.
 */
import stack from './local-stack.json' with { type: 'json' };

/** The services of the stack that listen on a port (`npm start` checks each is free). */
export type LocalService = keyof typeof stack.ports;

/** A `demo-` id: the emulators treat it as offline-only, so nothing local can reach a real project. */
export const PROJECT_ID: string = stack.projectId;
/** Every local service listens on this address only (firebase.json's emulators too). */
export const LOCAL_HOST = '127.0.0.1';
export const LOCAL_PORTS: Readonly<Record<LocalService, number>> = stack.ports;
/** `npm run dev -w web` (Vite's dev server); not part of the stack. */
export const VITE_DEV_PORT: number = stack.viteDevPort;

/** `127.0.0.1:port`, as FIRESTORE_EMULATOR_HOST and FIREBASE_AUTH_EMULATOR_HOST want it. */
export const localHostPort = (service: LocalService): string => `${LOCAL_HOST}:${LOCAL_PORTS[service]}`;

/**
 * `http://127.0.0.1:port`, where a service listens. The shop and the inbox are opened as
 * `localhost` instead (SHOP_URL, MAILDEV_URL): that is the shop's origin in the browser tests and
 * in the Pay links of local emails.
 */
export const localOrigin = (service: LocalService, hostname: string = LOCAL_HOST): string => `http://${hostname}:${LOCAL_PORTS[service]}`;

/** The shop (Hosting) as a browser opens it. */
export const SHOP_URL = localOrigin('hosting', 'localhost');
/** MailDev's inbox: the web page, and its REST API under /api/email. */
export const MAILDEV_URL = localOrigin('mailWeb', 'localhost');
/** Where order emails go when no SMTP_URL secret is set (MailDev). */
export const LOCAL_SMTP_URL = `smtp://${localHostPort('mailSmtp')}`;

/** The web app's settings that follow from the project id and ports (web/src/lib/config.ts checks them). */
export const LOCAL_WEB_ENV = {
  VITE_FIREBASE_PROJECT_ID: PROJECT_ID,
  VITE_FIREBASE_AUTH_DOMAIN: `${PROJECT_ID}.firebaseapp.com`,
  VITE_AUTH_EMULATOR_URL: localOrigin('auth'),
  VITE_FIRESTORE_EMULATOR_HOST: localHostPort('firestore'),
  VITE_STRIPE_DOUBLE_URL: localOrigin('stripe'),
} as const;

/**
 * What vite.config.ts adds to the web app's env: for a build against the emulators
 * (VITE_USE_EMULATORS=true, as in web/.env), each LOCAL_WEB_ENV value the loaded env leaves unset,
 * so web/.env need not repeat them. Nothing for any other build: a real one must name its project
 * itself, and web/src/lib/config.ts stops it when it does not.
 */
export function localWebEnvDefaults(loaded: Readonly<Record<string, string | undefined>>): Partial<typeof LOCAL_WEB_ENV> {
  if (loaded.VITE_USE_EMULATORS !== 'true') return {};
  return Object.fromEntries(Object.entries(LOCAL_WEB_ENV).filter(([name]) => !loaded[name]?.trim()));
}
