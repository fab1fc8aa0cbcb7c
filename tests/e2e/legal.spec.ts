import { expect, test } from '@playwright/test';

test('the footer links to the privacy policy, which links on to the other legal documents', async ({ page }) => {
  await page.goto('/');
  await page.locator('footer').getByRole('link', { name: 'Privacy policy' }).click();
  await expect(page).toHaveURL(/\/legal\/privacy$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy policy');
  await expect(page).toHaveTitle(/Privacy policy/);
  await expect(page.getByText('Last updated November 1, 2026')).toBeVisible();

  const nav = page.getByRole('navigation', { name: 'Legal documents' });
  await nav.getByRole('link', { name: 'Cookie policy' }).click();
  await expect(page).toHaveURL(/\/legal\/cookies$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cookie policy');
  await expect(page).toHaveTitle(/Cookie policy/);
});

for (const [doc, title] of [
  ['terms', 'Terms of use'],
  ['cookies', 'Cookie policy'],
] as const) {
  test(`/legal/${doc} shows the ${title}`, async ({ page }) => {
    await page.goto(`/legal/${doc}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(title));
  });
}

test('an unknown legal document shows the not-found page', async ({ page }) => {
  await page.goto('/legal/nope');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
  await expect(page.getByText('This page does not exist.', { exact: false })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to the shop' })).toHaveAttribute('href', '/');
});
