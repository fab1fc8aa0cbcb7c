import { defineConfig } from 'vitest/config';

/** `npm start` itself: started and stopped the ways a person or a process manager does (issue 21). */
export default defineConfig({
  test: {
    include: ['stack/**/*.test.ts'],
    fileParallelism: false,
    testTimeout: 300_000,
    hookTimeout: 60_000,
  },
});
