import { expect, type Page } from '@playwright/test';
import { axeScan } from './axe';

/** axe over the page as it is now (WCAG 2.2 A/AA): no violation, each one named with its nodes if there is. */
export async function expectAccessible(page: Page, what: string): Promise<void> {
  // From the top: scrolled down, the fixed header lies over whatever is under it, and axe's
  // target-size counts a link half under it as a small target (the cart's first line, after the
  // checkout form was filled), which depends on where the test scrolled, not on the page.
  await page.evaluate(() => window.scrollTo(0, 0));
  const { violations, passes } = await axeScan(page);
  expect(passes.length, `${what}: axe passed no rule at all`).toBeGreaterThan(0);
  const found = violations.map((v) => `${v.id} (${v.impact ?? 'n/a'}): ${v.help}\n    ${v.nodes.map((n) => n.target.join(' ')).join('\n    ')}`);
  expect(found, `${what}: axe found\n${found.join('\n')}`).toEqual([]);
}

/** The page never scrolls sideways (a phone at 390 px). */
export async function expectNoSidewaysScroll(page: Page, what: string): Promise<void> {
  const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(scroll, `${what} scrolls sideways`).toBeLessThanOrEqual(client);
}
