import { defineConfig } from 'vitest/config';

/**
 * Tests that only mean something on the official Firestore emulator (Java 21+): transaction
 * isolation under concurrency. On the offline stand-in they report themselves as skipped.
 */
export default defineConfig({
  test: {
    include: ['emulator/**/*.test.ts'],
    globalSetup: ['support/api-global-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
