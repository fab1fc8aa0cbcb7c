import { expect, test } from '@playwright/test';

// Issue 9: the public pages arrive as HTML (web/prerender.mjs), so they paint before any script.
test.describe('prerendered public pages', () => {
  test.use({ javaScriptEnabled: false });

  for (const [path, heading] of [
    ['/login', 'Login'],
    ['/signup', 'Sign Up'],
    ['/blogs', 'Hi, I am Jordan Lee'],
    ['/purchaseorder', 'All tools'],
    ['/appliance-models', 'Find parts by appliance model'],
  ] as const) {
    test(`${path} paints its page without JavaScript`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      await expect(page.getByRole('link', { name: /FridgeParts/ }).first()).toBeVisible();
    });
  }

  test('a prerendered form cannot be sent before the app runs (no password in a GET URL)', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByLabel('Email')).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeDisabled();
    await page.goto('/purchaseorder');
    await expect(page.getByLabel('Search by part number, name or description')).toBeDisabled();
  });
});

test('the catalogue reuses the first page its HTML preloads (one request, not two)', async ({ page }) => {
  const firstPage: string[] = [];
  // The catalogue reads GET /search (CONTRACT §11); the first page of its default listing is preloaded.
  page.on('request', (r) => new URL(r.url()).pathname === '/search' && !new URL(r.url()).searchParams.has('cursor') && firstPage.push(r.url()));
  const warnings: string[] = [];
  page.on('console', (m) => m.type() === 'warning' && /preload/i.test(m.text()) && warnings.push(m.text()));
  await page.goto('/purchaseorder');
  await expect(page.getByTestId('catalog-grid').locator('article')).toHaveCount(12);
  // The grid is in the prerendered HTML: wait until React owns it and its effects (where a second
  // request would start) have run, and the network is quiet.
  await page.waitForFunction(() => {
    const grid = document.querySelector('[data-testid="catalog-grid"]');
    return !!grid && Object.keys(grid).some((k) => k.startsWith('__reactFiber'));
  });
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await page.waitForLoadState('networkidle');
  expect(firstPage).toHaveLength(1);
  expect(warnings).toEqual([]);
});
