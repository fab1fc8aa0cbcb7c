// Which Chromium the browser tests drive: one answer for the test runner and Playwright's config.
import { existsSync } from 'node:fs';

/**
 * Debian's `chromium-headless-shell` when it is installed: the same Blink and V8 as Chromium
 * without the full browser's UI layer, the build Playwright itself uses for headless runs. On this
 * 2-core machine it cut the accessibility, layout-shift and route-budget specs from 331 s to 239 s
 * (decision 0047). Otherwise Debian's Chromium; CHROMIUM_PATH wins over both.
 */
export const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
export const FULL_CHROMIUM = '/usr/bin/chromium';

export function e2eBrowserPath() {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_CHROMIUM;
}
