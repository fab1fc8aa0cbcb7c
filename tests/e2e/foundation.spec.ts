import { expect, test } from '@playwright/test';
import { DEMO, logIn } from './support/session';

test('home page shows the six newest tools with Purchase Now', async ({ page }) => {
  await page.goto('/');
  const cards = page.locator('#newest-tools-heading ~ div article');
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
