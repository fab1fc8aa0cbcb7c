import { expect, test } from '@playwright/test';
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
