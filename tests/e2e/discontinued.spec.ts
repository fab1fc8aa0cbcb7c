import { fillAddress } from './support/orders';
import { expect, test } from '@playwright/test';
import { SIGNED_IN } from './support/signed-in';
import { logIn, newCustomer } from './support/session';

/**
 * A discontinued tool's page (CONTRACT §11): the seed's old defrost timer FP-DFT-6H21 is replaced
 * by FP-DFT-8H25. Its page says so with a link, offers no way to order it, and the replacement's
 * page lists the old number under Replaces. Typed in Quick order, the old number books the
 * replacement, and the order says which number it was ordered by.
 */
const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];

for (const viewport of WIDTHS) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport, storageState: SIGNED_IN.customer });

    test('the discontinued tool names its replacement and links there; the replacement lists what it replaces', async ({ page }) => {
      await page.goto('/purchaseorder/defrost-timer-6h');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Defrost Timer, 6 h / 21 min');
      await expect(page).toHaveTitle('Defrost Timer, 6 h / 21 min | FridgeParts');
      const note = page.getByRole('status').filter({ hasText: 'Replaced by' });
      await expect(note).toContainText('Replaced by FP-DFT-8H25');
      await expect(note).toBeInViewport();
      await expect(page.getByTestId('tool-available')).toHaveText(/^\d+$/);
      await expect(page.getByRole('button', { name: 'Book Order' })).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Add to cart' })).toHaveCount(0);
      await expect(page.getByRole('heading', { name: 'Reviews of this tool' })).toBeVisible();

      await note.getByRole('link', { name: /FP-DFT-8H25/ }).click();
      await expect(page).toHaveURL(/\/purchaseorder\/defrost-timer$/);
      await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Defrost Timer, 6 h / 21 min');
      await expect(page.getByTestId('tool-part-number')).toHaveText('FP-DFT-8H25');
      await expect(page.getByTestId('tool-replaces').getByText('FP-DFT-6H21', { exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Book Order' })).toBeVisible();
    });
  });
}

// A customer of their own, signed in where the navigation bar shows their name (logIn waits for it),
// then at each width (the demo customer's orders belong to the other lane, playwright.config.ts).
for (const viewport of WIDTHS) {
  test.describe(`at ${viewport.width} px, a new customer`, () => {
    test('an old number typed in Quick order books the current part; the line and then the order say which number it was ordered by', async ({ page }) => {
      const buyer = await newCustomer('old-number');
      await logIn(page, buyer);
      await page.setViewportSize(viewport);
      await page.goto('/dashboard/quickorder');
      await page.getByLabel('Lines: part number and quantity').fill('fpdft6h21 20');
      const line = page.getByTestId('quick-order-line');
      await expect(line).toContainText('FP-DFT-8H25');
      await expect(line).toContainText(/replaced by FP-DFT-8H25/i);
      await page.getByLabel(/^Phone/).fill('+1 555 010 4455');
      await fillAddress(page, '9 Evaporator Road', 'Toledo');
      await page.getByRole('button', { name: 'Book 1 line' }).click();
      const done = page.getByTestId('quick-order-done');
      await expect(done).toContainText(/order FP-\d{4}-\d{6} with 1 line/);
      const orderNumber = /FP-\d{4}-\d{6}/.exec((await done.textContent()) ?? '')![0];

      await done.getByRole('link', { name: 'See it in My Orders' }).click();
      await page.getByRole('link', { name: `Order ${orderNumber}: open its page` }).click();
      await expect(page.getByRole('heading', { level: 1, name: `Order ${orderNumber}` })).toBeVisible();
      const orderLine = page.getByTestId('order-line');
      await expect(orderLine).toContainText('FP-DFT-8H25');
      await expect(orderLine.getByTestId('line-ordered-as')).toHaveText('Ordered as FPDFT6H21 (replaced by this part)');
    });
  });
}
