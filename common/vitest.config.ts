import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Every core: vitest's default leaves one idle, which on a 2-core CI machine is half of them.
// It runs beside the stack tier (scripts/test.mjs): generated-input tests get a shared machine's time.
export default defineConfig({ test: { include: ['src/**/*.test.ts'], environment: 'node', maxWorkers: availableParallelism(), testTimeout: 20_000 } });
