import { expect, type Locator, type Page } from '@playwright/test';

/** Rendered by React (not only prerendered HTML) and nothing left loading: spinners, skeletons, busy tables. */
export async function settled(page: Page, content: Locator): Promise<void> {
  await expect(content.first()).toBeVisible();
  await page.waitForFunction(() => {
    const h1 = document.querySelector('#root h1');
    return !!h1 && Object.keys(h1).some((k) => k.startsWith('__react'));
  });
  await expect(page.locator('[aria-busy="true"], [role="status"] [aria-label="Loading"], [aria-label^="Loading"]')).toHaveCount(0);
}
