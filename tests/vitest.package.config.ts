import { defineConfig } from 'vitest/config';

/** The functions' deploy package: what Cloud Build installs, checked and installed here (decision 0040). */
export default defineConfig({
  test: {
    include: ['package/**/*.test.ts'],
    testTimeout: 300_000,
    hookTimeout: 120_000,
  },
});
