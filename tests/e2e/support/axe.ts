import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** WCAG 2.2 A and AA: the rules every page of the shop is held to (issue 16, STYLE 24). */
const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * axe over the page as it is now, with WCAG 2.2 A and AA. Not with `resultTypes: ['violations']`:
 * it saved about 8% of the accessibility spec's time and made heading-order, a rule judged over
 * every heading of the page, report a heading that is in order.
 */
export function axeScan(page: Page) {
  return new AxeBuilder({ page }).withTags(WCAG_22_AA).analyze();
}
