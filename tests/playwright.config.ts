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

/**
 * Two lanes, one test at a time in each (decision 0047). `shared`: the specs that sign in as the
 * demo customer or admin and change what they own (their cart, their orders), or that add, delete
 * or count the catalogue's tools (Add A Product, the catalogue's totals, the newest tools on the
 * home page). `own`: the specs that make their own customers and read the catalogue without
 * counting it. A spec of one lane never changes what a spec of the other reads, and a tool whose
 * stock a spec checks exactly is booked in one lane only. Both lanes together keep the two cores
 * busy: one browser left about a third of them idle while a page waited on the stack.
 */
const SHARED = [
  'admin',
  'auth',
  // Adds a product of its own (the catalogue's count) and books beyond its stock.
  'backorder-shipping',
  'cart',
  'catalogue-search',
  // Orders the compressor as the demo customer and empties their cart (decision 0088).
  'core-deposits',
  // Books an order of the demo customer, for the order and payment pages of every role.
  'console-clean',
  'foundation',
  'order-page',
  'reviews-trust',
  // Returns a part of an order of the demo customer (CONTRACT §16), as the task names the buyer.
  'returns',
  'route-budget',
  'security-headers',
  'storefront',
  'walk',
  // Claims warranty on an order of the demo customer (CONTRACT §16), as returns does.
  'warranty',
].map((name) => `**/${name}.spec.ts`);

export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/support/global-setup.ts',
  fullyParallel: false,
  workers: 2,
  projects: [
    { name: 'shared', testMatch: SHARED, workers: 1 },
    { name: 'own', testIgnore: SHARED, workers: 1 },
  ],
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
