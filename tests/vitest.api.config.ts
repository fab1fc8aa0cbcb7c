import { defineConfig } from 'vitest/config';

/** API tests: the Express app over HTTP against the Auth emulator and Firestore (or its stand-in). */
export default defineConfig({
  test: {
    include: ['api/**/*.test.ts'],
    globalSetup: ['support/api-global-setup.ts'],
    // Every answer the tier receives is held to the OpenAPI document (CONTRACT §10).
    setupFiles: ['api/openapi-setup.ts'],
    // One emulator, shared data: files run one after another.
    fileParallelism: false,
    // One module graph for every file: each file imported the whole function app again (23% of the
    // tier's 274 s). The files share no module state they depend on: each clears or makes the
    // Firestore data it reads, and a test that changes the environment (the search index's
    // re-check interval, the SMTP address) sets it back after itself.
    isolate: false,
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
