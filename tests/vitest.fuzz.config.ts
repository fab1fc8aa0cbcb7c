import { defineConfig } from 'vitest/config';

/** Property-based fuzzing of every endpoint (fast-check), against the Auth emulator and Firestore. */
export default defineConfig({
  test: {
    include: ['fuzz/**/*.test.ts'],
    globalSetup: ['support/api-global-setup.ts'],
    fileParallelism: false,
    testTimeout: 300_000,
    hookTimeout: 60_000,
  },
});
