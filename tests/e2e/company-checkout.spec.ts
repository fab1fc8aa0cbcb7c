import { expect, test } from '@playwright/test';
import { API } from '../../common/src/api-paths';
import { DEMO_COMPANY } from '../../common/src/constants';
import { call, orderPageNumber } from './support/orders';
import { expectAccessible, expectNoSidewaysScroll } from './support/page-checks';
import { toast } from './support/session';
import { signedInOnce } from './support/signed-in';

/**
 * A company member checks out (CONTRACT §10, decision 0060), at a laptop's and a phone's width:
 * the seed's demo buyer puts a tool into the cart, chooses one of the company's ship-to locations
 * instead of typing an address, and the order, over their spending limit, opens on its order page
 * saying it waits for approval, with no Pay button. axe on the checkout with the ship-to choice.
 */

// Seeded (scripts/seed/demo-data.ts): $129.00 each, at least 3, 160 in stock; no other spec books
// it. 8 of them ($1,032.00) are over the demo buyer's limit ($500, or the $600 / $650 the
// companies spec sets in the same lane).
const MANIFOLD = { id: 'refrigerant-gauge-manifold-4-valve', name: '4-Valve Refrigerant Gauge Manifold Set' };
// The demo company's second location (scripts/seed/demo-company.ts).
const DEPOT = { id: 's2', text: 'Service van depot: 415 Fleet Street, Bay 4, San Jose, CA 95112, US' };

for (const width of [1280, 390]) {
  test(`at ${width} px: the demo company's buyer checks out to a ship-to location, and the order over their limit waits for approval`, async ({ page }) => {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    // The buyer's cart is kept on the server: start from an empty one.
    await call(DEMO_COMPANY.buyer, 'PUT', API.cart, { lines: [] });
    await signedInOnce(page, DEMO_COMPANY.buyer);

    await page.goto(`/purchaseorder/${MANIFOLD.id}`);
    await page.getByLabel('Quantity', { exact: true }).fill('8');
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(page.getByTestId('add-to-cart-note')).toContainText('Added 8.');

    await page.goto('/dashboard/cart');
    await expect(page.getByRole('link', { name: MANIFOLD.name })).toBeVisible();
    const shipTo = page.getByLabel(/^Ship to/);
    // Two locations: the buyer chooses; there is no address to type.
    await expect(shipTo).toHaveValue('');
    await expect(page.getByLabel(/^Address line 1/)).toHaveCount(0);
    await page.getByLabel(/^Phone/).fill('+1 555 010 4040');
    await shipTo.selectOption({ label: DEPOT.text });
    await expect(shipTo).toHaveValue(DEPOT.id);
    await expectAccessible(page, `The checkout with the ship-to choice at ${width} px`);
    await expectNoSidewaysScroll(page, `The checkout with the ship-to choice at ${width} px`);
    await page.getByRole('button', { name: 'Place order' }).click();

    await expect(page).toHaveURL(/\/dashboard\/order\/[^/]+$/);
    await expect(
      toast(
        page,
        `Order ${await orderPageNumber(page)} placed: 1 line. This order is over your spending limit and waits for a company admin to approve it, so it can not be paid yet.`,
      ),
    ).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Waiting for approval by your company admin' })).toBeVisible();
    await expect(page.getByTestId('order-state')).toHaveText('Waiting for approval');
    await expect(page.getByText('Service van depot, 415 Fleet Street, Bay 4, San Jose, CA 95112, US')).toBeVisible();
    await expect(page.getByRole('group', { name: 'Order actions' }).getByRole('link', { name: /^Pay/ })).toHaveCount(0);
  });
}
