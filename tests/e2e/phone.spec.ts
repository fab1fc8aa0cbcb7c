import { expect, test, type Locator } from '@playwright/test';
import { bookAs, findRow } from './support/orders';
import { logIn, newCustomer } from './support/session';
import { SIGNED_IN } from './support/signed-in';

/** Issue 9's walk on a phone: tables are cards with their actions on screen; deletes say so and keep focus. */
test.use({ viewport: { width: 390, height: 844 } });

async function expectOnScreen(button: Locator) {
  await button.scrollIntoViewIfNeeded();
  const box = (await button.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
}

test('My Orders on a phone: each booking is a card with Pay and Cancel on screen; Cancel confirms, says so, and focus lands on the heading', async ({
  page,
}) => {
  const customer = await newCustomer('phone');
  const booking = await bookAs(customer, 'filter-drier');
  await logIn(page, customer);
  await page.goto('/dashboard/myorder');
  const row = await findRow(page, 'booking-row', booking.name);
  // A card: no table header row on a phone; the column names label each line instead.
  await expect(page.locator('thead').first()).toBeHidden();
  await expect(row.getByTestId('order-number')).toBeVisible();
  await expectOnScreen(row.getByRole('link', { name: /Pay for/ }));
  await expectOnScreen(row.getByRole('button', { name: /Cancel booking/ }));
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await row.getByRole('button', { name: /Cancel booking/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.locator('.Toastify').getByText('Booking cancelled. Its items are back on sale.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
});

test.describe('as the demo admin, signed in once (support/signed-in.ts)', () => {
  test.use({ storageState: SIGNED_IN.admin });

  test('Manage Products on a phone: Edit and Cancel are on screen', async ({ page }) => {
    await page.goto('/dashboard/manageproduct');
    const row = await findRow(page, 'product-row', 'FP-TL-VP2S-6');
    await expectOnScreen(row.getByRole('button', { name: /^Edit/ }));
    await expectOnScreen(row.getByRole('button', { name: /^Cancel/ }));
  });
});
