/**
 * The web app's settings, checked with zod when Vite starts (vite.config.ts: every build, the dev
 * server and the unit tests), so a missing or wrong value stops the build with a message naming
 * it, never a customer's page. Names and types: vite-env.d.ts; what to set: web/.env.example.
 * Node side only: lib/config.ts reads the checked values in the browser without zod.
 */
import { z } from 'zod';

const text = z.string().trim();
const set = (name: string) =>
  z
    .string({ error: `${name} is not set` })
    .trim()
    .min(1, `${name} is not set`);

export const webEnvSchema = z
  .object({
    VITE_USE_EMULATORS: z.enum(['true', 'false'], { error: 'VITE_USE_EMULATORS must be "true" or "false"' }).optional(),
    VITE_CATALOG_SOURCE: z.enum(['firestore', 'rest'], { error: 'VITE_CATALOG_SOURCE must be "firestore" or "rest"' }).optional(),
    VITE_FIREBASE_API_KEY: set('VITE_FIREBASE_API_KEY'),
    VITE_FIREBASE_AUTH_DOMAIN: set('VITE_FIREBASE_AUTH_DOMAIN'),
    VITE_FIREBASE_PROJECT_ID: set('VITE_FIREBASE_PROJECT_ID'),
    VITE_FIREBASE_APP_ID: set('VITE_FIREBASE_APP_ID'),
    VITE_AUTH_EMULATOR_URL: text.optional(),
    VITE_FIRESTORE_EMULATOR_HOST: text.optional(),
    VITE_STRIPE_PUBLISHABLE_KEY: text
      .regex(/^(pk_(live|test)_\S+)?$/, 'VITE_STRIPE_PUBLISHABLE_KEY must be a Stripe publishable key (pk_live_… or pk_test_…)')
      .optional(),
    VITE_STRIPE_DOUBLE_URL: text.optional(),
    VITE_APPCHECK_SITE_KEY: text.optional(),
    VITE_APPCHECK_DEBUG_TOKEN: text.optional(),
    VITE_API_BASE: text.optional(),
  })
  .superRefine((env, ctx) => {
    const need = (name: keyof typeof env, why: string) => {
      if (!env[name]) ctx.addIssue({ code: 'custom', path: [name], message: `${name} is not set (${why})` });
    };
    const emulators = env.VITE_USE_EMULATORS === 'true';
    if (emulators) {
      need('VITE_AUTH_EMULATOR_URL', 'a build for the emulators');
      if ((env.VITE_CATALOG_SOURCE ?? 'firestore') === 'firestore') need('VITE_FIRESTORE_EMULATOR_HOST', 'the catalogue read from the Firestore emulator');
      if (!env.VITE_STRIPE_PUBLISHABLE_KEY) need('VITE_STRIPE_DOUBLE_URL', 'card payments at the local Stripe double');
    } else {
      // Without a key the Payment page pays at the local Stripe double: only for the emulators.
      need('VITE_STRIPE_PUBLISHABLE_KEY', 'card payments in a real build');
    }
  });

/** Every problem with `env`, one line each; empty when it is fine. */
export function webEnvProblems(env: Record<string, string | undefined>): string[] {
  const parsed = webEnvSchema.safeParse(env);
  return parsed.success ? [] : parsed.error.issues.map((i) => i.message);
}
