import { expect, type Page } from '@playwright/test';

/** The layout-shift bar every page is held to: Lighthouse's CLS target. */
export const MAX_SHIFT = 0.02;

export type Shift = { value: number; sources: string[] };

/** Records each layout shift of every document the page loads, from before its first script. */
export async function recordShifts(page: Page) {
  await page.addInitScript(() => {
    const shifts: { value: number; sources: string[] }[] = [];
    (window as unknown as { __shifts: typeof shifts }).__shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean; sources?: { node?: Node }[] }[]) {
        if (entry.hadRecentInput) continue;
        const sources = (entry.sources ?? []).map(({ node }) => {
          const el = node instanceof Element ? node : node?.parentElement;
          if (!el) return '?';
          const testId = el.closest('[data-testid]')?.getAttribute('data-testid');
          return `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? '.' + el.className.split(' ')[0] : ''}${testId ? ` in [data-testid=${testId}]` : ''}`;
        });
        shifts.push({ value: entry.value, sources });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The page's shifts so far, once its data has arrived and been laid out (two frames after the network went quiet). */
export async function settledShifts(page: Page): Promise<Shift[]> {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  return page.evaluate(() => (window as unknown as { __shifts: Shift[] }).__shifts);
}

/** Shifts without recent input add up to at most MAX_SHIFT; the message names what moved (soft, so every page is checked). */
export function expectStill(shifts: Shift[], what: string) {
  const total = shifts.reduce((sum, s) => sum + s.value, 0);
  const moved = shifts.map((s) => `${s.value.toFixed(4)} ${s.sources.join(', ')}`).join('\n  ');
  expect.soft(total, `${what} moved by ${total.toFixed(4)} (at most ${MAX_SHIFT}):\n  ${moved}`).toBeLessThanOrEqual(MAX_SHIFT);
}
