import { describe, expect, it } from 'vitest';
import { webEnvProblems } from './env-schema';

const LOCAL = {
  VITE_USE_EMULATORS: 'true',
  VITE_CATALOG_SOURCE: 'rest',
  VITE_FIREBASE_API_KEY: 'demo-api-key',
  VITE_FIREBASE_AUTH_DOMAIN: 'demo-fridgeparts.firebaseapp.com',
  VITE_FIREBASE_PROJECT_ID: 'demo-fridgeparts',
  VITE_FIREBASE_APP_ID: 'demo-app',
  VITE_AUTH_EMULATOR_URL: 'http://127.0.0.1:9099',
  VITE_STRIPE_PUBLISHABLE_KEY: '',
  VITE_STRIPE_DOUBLE_URL: 'http://127.0.0.1:12111',
};
const REAL = {
  ...LOCAL,
  VITE_USE_EMULATORS: 'false',
  VITE_CATALOG_SOURCE: 'firestore',
  VITE_STRIPE_PUBLISHABLE_KEY: 'pk_test_123',
  VITE_AUTH_EMULATOR_URL: undefined,
  VITE_STRIPE_DOUBLE_URL: undefined,
};

describe('the web settings, checked when Vite starts', () => {
  it('accepts the local stack build and a real build', () => {
    expect(webEnvProblems(LOCAL)).toEqual([]);
    expect(webEnvProblems(REAL)).toEqual([]);
  });

  it('names each missing or blank setting', () => {
    expect(webEnvProblems({ ...REAL, VITE_FIREBASE_APP_ID: '  ', VITE_FIREBASE_API_KEY: undefined })).toEqual(
      expect.arrayContaining(['VITE_FIREBASE_APP_ID is not set', 'VITE_FIREBASE_API_KEY is not set']),
    );
    expect(webEnvProblems({ ...REAL, VITE_STRIPE_PUBLISHABLE_KEY: '' })).toEqual(['VITE_STRIPE_PUBLISHABLE_KEY is not set (card payments in a real build)']);
    expect(webEnvProblems({ ...LOCAL, VITE_AUTH_EMULATOR_URL: '' })).toEqual(['VITE_AUTH_EMULATOR_URL is not set (a build for the emulators)']);
    expect(webEnvProblems({ ...LOCAL, VITE_CATALOG_SOURCE: 'firestore' })).toEqual([
      'VITE_FIRESTORE_EMULATOR_HOST is not set (the catalogue read from the Firestore emulator)',
    ]);
  });

  it('names a setting with a wrong value', () => {
    expect(webEnvProblems({ ...LOCAL, VITE_CATALOG_SOURCE: 'sql' })).toEqual(['VITE_CATALOG_SOURCE must be "firestore" or "rest"']);
    expect(webEnvProblems({ ...LOCAL, VITE_USE_EMULATORS: 'yes' })).toContain('VITE_USE_EMULATORS must be "true" or "false"');
    expect(webEnvProblems({ ...REAL, VITE_STRIPE_PUBLISHABLE_KEY: 'sk_live_oops' })).toEqual([
      'VITE_STRIPE_PUBLISHABLE_KEY must be a Stripe publishable key (pk_live_… or pk_test_…)',
    ]);
  });
});
