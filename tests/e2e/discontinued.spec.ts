import { expect, test } from '@playwright/test';
import { SIGNED_IN } from './support/signed-in';

/**
 * A discontinued tool's page (CONTRACT §11): the seed's old defrost timer FP-DFT-6H21 is replaced
 * by FP-DFT-8H25. Its page says so with a link, offers no way to order it, and the replacement's
 * page lists the old number under Replaces.
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
