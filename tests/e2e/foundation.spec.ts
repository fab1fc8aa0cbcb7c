import { expect, test } from '@playwright/test';
import { PORTFOLIO } from '../../web/src/features/content/data/portfolio';
import { DEMO, logIn } from './support/session';

test('home page shows the six newest tools with Purchase Now', async ({ page }) => {
  await page.goto('/');
  const cards = page.locator('section[aria-labelledby="newest-tools-heading"] article');
  await expect(cards).toHaveCount(6);
  await expect(cards.first().getByRole('link', { name: /Purchase Now/ })).toHaveAttribute('href', /\/purchaseorder\/condenser-fan-motor$/);
  await expect(page).toHaveTitle(/FridgeParts/);
});

test('the demo customer can log in and sees their name and LogOut', async ({ page }) => {
  await logIn(page, DEMO.customer);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'LogOut' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeTruthy();
});

test('the prerendered home page paints before scripts and hydrates without errors', async ({ page, request }) => {
  const html = await (await request.get('/')).text();
  expect(html).toMatch(/<div id="root"><[^>]+/);
  const shell = await (await request.get('/dashboard')).text();
  expect(shell).toContain('<div id="root"></div>');

  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/');
  await expect(page.locator('section[aria-labelledby="newest-tools-heading"] article')).toHaveCount(6);
  await page.getByRole('link', { name: 'Login' }).first().click();
  await expect(page).toHaveURL(/\/login$/);
  expect(errors.filter((e) => !/favicon/.test(e))).toEqual([]);
});

/**
 * After a deploy, a tab opened before it asks for page chunks that no longer exist (or the
 * connection drops mid-visit). The page reloads itself once to get the current version, and if the
 * chunk still fails it says so and offers Reload, never React Router's developer screen.
 */
test.describe('a page whose chunk fails to load', () => {
  const portfolioChunk = /\/assets\/portfolio-page-[^/]+\.js$/;
  const gotoHydratedHome = async (page: import('@playwright/test').Page) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    await page.waitForFunction(() => {
      const el = document.querySelector('#root h1');
      return !!el && Object.keys(el).some((k) => k.startsWith('__reactFiber'));
    });
  };

  test('reloads once and then shows the page', async ({ page }) => {
    let failures = 0;
    await page.route(portfolioChunk, (route) => (failures++ === 0 ? route.fulfill({ status: 404, body: 'gone' }) : route.continue()));
    await gotoHydratedHome(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'MyPortfolio' }).click();
    await expect(page).toHaveURL(/\/myportfolio2$/);
    // The navigation is a transition: the home page stays up until the portfolio (or the error) is ready.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(PORTFOLIO.name);
    expect(failures).toBe(2); // the failed request and the one after the reload
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('still failing, says so and offers Reload, which works once the chunk is back', async ({ page }) => {
    let broken = true;
    await page.route(portfolioChunk, (route) => (broken ? route.fulfill({ status: 404, body: 'gone' }) : route.continue()));
    await gotoHydratedHome(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'MyPortfolio' }).click();
    await expect(page.getByRole('heading', { name: 'This page could not be loaded' })).toBeVisible();
    await expect(page).toHaveTitle(/^Page could not load/);
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible(); // the shop's frame stays
    broken = false;
    await page.getByRole('button', { name: 'Reload page' }).click();
    await expect(page).toHaveURL(/\/myportfolio2$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(PORTFOLIO.name);
  });
});
