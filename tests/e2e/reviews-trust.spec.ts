import { expect, test } from '@playwright/test';
import { API } from '../../common/src/api-paths';
import { call } from './support/orders';
import { DEMO, toast } from './support/session';
import { signedInAs } from './support/signed-in';

/** CONTRACT §9: review images without a referrer; an admin hides a review where it shows. */
test('an admin hides a review from the tool page; it leaves the tool page and the home page', async ({ page }) => {
  const toolPath = '/purchaseorder/condenser-fan-motor';
  const description = `Hide me ${Date.now()}`;
  await call(DEMO.customer, 'POST', API.addReview, { image: '/images/reviewers/1.svg', review: 2, description, toolId: 'condenser-fan-motor' });

  await signedInAs(page, 'admin');
  await page.goto(toolPath);
  const item = page.getByTestId('review-list').getByRole('listitem').filter({ hasText: description });
  await expect(item).toBeVisible();
  await expect(item.locator('img')).toHaveAttribute('referrerpolicy', 'no-referrer');
  const name = (await item.getByRole('heading', { level: 3 }).textContent())!.trim();

  await item.getByRole('button', { name: `Hide the review by ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Hide this review by ${name}?` });
  await dialog.getByRole('button', { name: 'Hide', exact: true }).click();
  await expect(toast(page, 'Review hidden.')).toBeVisible();
  await expect(page.getByText(description)).toHaveCount(0);

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Reviews of this tool' })).toBeVisible();
  await expect(page.getByText(description)).toHaveCount(0);
  await page.goto('/');
  await expect(page.getByTestId('review-list').getByRole('listitem').first()).toBeVisible();
  await expect(page.getByText(description)).toHaveCount(0);
});

test('a customer sees no Hide button', async ({ page }) => {
  await signedInAs(page, 'customer');
  await page.goto('/');
  await expect(page.getByTestId('review-list').getByRole('listitem').first()).toBeVisible();
  await expect(page.getByRole('button', { name: /^Hide the review/ })).toHaveCount(0);
});
