import { defineConfig } from '@playwright/test';
import { SHOP_URL } from '../common/src/local-stack';
// @ts-expect-error plain JS helper shared with the test runner
import { e2eBrowserPath } from '../scripts/lib/browser.mjs';

/**
 * Browser tests in Debian's Chromium headless shell, or Chromium (Playwright cannot download
 * browsers here; scripts/lib/browser.mjs), against the local stack that `npm start` runs, started
 * once by global-setup.
 */
const chromium: string = e2eBrowserPath();

export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/support/global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: SHOP_URL,
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-sync',
        '--disable-quic',
      ],
    },
  },
  outputDir: '../.tmp/test-results',
});
