import { defineConfig } from 'vitest/config';

/** Security rules tests: run inside `firebase emulators:exec --only firestore` (needs Java 21). */
export default defineConfig({ test: { include: ['rules/**/*.test.ts'], fileParallelism: false, testTimeout: 20_000, hookTimeout: 60_000 } });
