import { expect, test } from '@playwright/test';
import { API } from '../../common/src/api-paths';
import { call, fillAddress } from './support/orders';
import { expectAccessible, expectNoSidewaysScroll } from './support/page-checks';
import { expectStill, recordShifts, settledShifts } from './support/layout-shifts';
import { logIn, newCustomer } from './support/session';

/**
 * CONTRACT §14 in the checkout, at a laptop's and a phone's width (decision 0076): a buyer in no
 * company types the address in its parts, sees the shipping options with their delivery dates
 * (the demo's UPS Ground free up to $6,000, chosen as the cheapest), picks a faster one, and the
 * order's total includes it, on the checkout and on the Payment page. axe and the layout-shift
 * guard on the checkout with its options.
 */

// Seeded (scripts/seed/demo-data.ts): $129.00 each, at least 3.
const MANIFOLD = { id: 'refrigerant-gauge-manifold-4-valve', name: '4-Valve Refrigerant Gauge Manifold Set' };

const dollars = (d: number) => d.toLocaleString('en-US', { style: 'currency', currency: 'USD' });

for (const width of [1280, 390]) {
  test(`at ${width} px: checkout offers the shipping options with dates, and the total includes the one chosen`, async ({ page }) => {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    const buyer = await newCustomer(`ship${width}`);
    await call(buyer, 'PUT', API.cart, { lines: [{ toolId: MANIFOLD.id, quantity: 3 }] });
    await logIn(page, buyer);
    await recordShifts(page);
    await page.goto('/dashboard/cart');
    await expect(page.getByRole('link', { name: MANIFOLD.name })).toBeVisible();

    const options = page.getByRole('group', { name: 'Shipping', exact: true });
    await expect(options).toContainText('Enter the address');
    await page.getByLabel(/^Phone/).fill('+1 555 010 4545');
    await fillAddress(page, '1200 Harbor Blvd', 'Oakland');
    const ground = options.getByRole('radio', { name: /UPS Ground/ });
    await expect(ground).toBeChecked();
    await expect(options.getByTestId('shipping-option').first()).toContainText('Free');
    await expect(options.getByTestId('shipping-option').first()).toContainText(/Arrives [A-Z][a-z]{2} \d{1,2}/);
    // California's 7.25% of the parts, rounded half away from zero; shipping untaxed there (CONTRACT §15).
    const tax = Math.floor((38700 * 725 + 5000) / 10000) / 100;
    const summary = page.getByTestId('checkout-total');
    await expect(summary.locator('dt')).toHaveText(['Parts', 'Shipping', 'Sales tax (CA 7.25%)', 'Total']);
    await expect(summary.locator('dd')).toHaveText(['$387.00', 'Free', dollars(tax), dollars(387 + tax)]);
    expectStill(await settledShifts(page), `The checkout with its shipping options at ${width} px`);
    await expectAccessible(page, `The checkout with its shipping options at ${width} px`);
    await expectNoSidewaysScroll(page, `The checkout with its shipping options at ${width} px`);

    // A faster, paid option: the total follows it, and the order is charged it.
    const paid = options.getByTestId('shipping-option').filter({ hasNotText: 'Free' }).first();
    const amount = (await paid.textContent())!.match(/\$[\d,]+\.\d\d/)![0];
    await paid.getByRole('radio').check();
    const total = dollars((38700 + Math.round(Number(amount.slice(1).replace(/,/g, '')) * 100) + Math.round(tax * 100)) / 100);
    await expect(summary.locator('dd')).toHaveText(['$387.00', amount, dollars(tax), total]);
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(page).toHaveURL(/\/dashboard\/payment\/[\w-]+$/);
    await expect(page.getByText(total).first()).toBeVisible();
  });
}
