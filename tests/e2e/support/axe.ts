import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults } from 'axe-core';
import type { Page } from '@playwright/test';

/** WCAG 2.2 A and AA: the rules every page of the shop is held to (issue 16, STYLE 24). */
const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe-core over the page as it is now, with WCAG 2.2 A and AA: `axe.run` in the page itself,
 * injected once per document, so the client-side navigations of a test's walk reuse it.
 * @axe-core/playwright's `analyze()` took 3-4 s a page here against 0.4-0.7 s for this (it runs
 * `axe.runPartial` in every frame, then `axe.finishRun` in a new blank page; its legacy mode still
 * injected axe each call, 1.7-1.9 s): about 60 scans a run (decision 0047). What it adds, frames
 * of other origins, the shop has none of: no page embeds an iframe. Not with
 * `resultTypes: ['violations']`: it made heading-order, a rule judged over every heading of the
 * page, report a heading that is in order.
 */
export async function axeScan(page: Page): Promise<AxeResults> {
  await fadesFinished(page);
  const injected = await page.evaluate(() => 'axe' in window);
  if (!injected) await page.evaluate(AXE_SOURCE);
  return page.evaluate((tags) => window.axe.run(document, { runOnly: { type: 'tag', values: tags } }), WCAG_22_AA);
}

/**
 * Waits (up to 2 s) for the fades running now to end: axe's color-contrast blends a fading
 * element's opacity into its colours, so a toast caught in its entry animation ("Approved", white
 * on green at 40% opacity) read as low contrast about once a run, though at rest it passes. Only
 * finite animations that move opacity: a spinner or a toast's progress bar does not hold the scan.
 */
async function fadesFinished(page: Page): Promise<void> {
  await page.evaluate(() => {
    const fades = document
      .getAnimations()
      .filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Infinity)
      .filter((a) => (a.effect as KeyframeEffect | null)?.getKeyframes().some((k) => 'opacity' in k));
    if (fades.length === 0) return undefined;
    return Promise.race([Promise.all(fades.map((a) => a.finished.catch(() => undefined))), new Promise((done) => setTimeout(done, 2000))]);
  });
}

declare global {
  interface Window {
    axe: typeof import('axe-core');
  }
}
