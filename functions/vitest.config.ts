import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Every core: vitest's default leaves one idle, which on a 2-core CI machine is half of them.
// The unit tier runs beside the stack tier (scripts/test.mjs): a test that starts its own services
// or loads the whole function gets the time a shared machine needs, not vitest's 5 s.
export default defineConfig({
  test: { include: ['src/**/*.test.ts'], environment: 'node', maxWorkers: availableParallelism(), testTimeout: 20_000, hookTimeout: 60_000 },
});
