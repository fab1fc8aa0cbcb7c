import { defineConfig } from 'vitest/config';

/** API tests: the Express app over HTTP against the Auth emulator and Firestore (or its stand-in). */
export default defineConfig({
  test: {
    include: ['api/**/*.test.ts'],
    globalSetup: ['support/api-global-setup.ts'],
    // One emulator, shared data: files run one after another.
    fileParallelism: false,
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
