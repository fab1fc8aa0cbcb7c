import { expect, test } from '@playwright/test';
import { API } from '../../common/src/api-paths';
import { DEMO_ACCOUNTS, DEMO_COMPANY } from '../../common/src/constants';
import { call } from './support/orders';
import { expectAccessible, expectNoSidewaysScroll } from './support/page-checks';
import { toast } from './support/session';
import { signedInContext, signedInOnce } from './support/signed-in';
import { expectStill, recordShifts, settledShifts } from './support/layout-shifts';

/**
 * Contract prices on screen (CONTRACT §10, decision 0062), at a laptop's and a phone's width: the
 * seed's demo buyer sees Northwind's contract price on the tool page (with the contract's breaks),
 * on the catalogue's card, and the cart and checkout total use it (the suggestions: unit tests);
 * the demo customer (in no company) sees the list price and never asks for contract prices; the
 * shop admin adds, edits and deletes a contract price on the company's editor. axe and the
 * layout-shift bar (0.02, as layout-shift.spec.ts) on the catalogue with the overlay and on the editor.
 */

// Seeded (scripts/seed/demo-contract-prices.ts): Northwind pays $14.25 (list $16.90), 100: $13.50
// and 250: $12.75 (list $15.90 and $14.90); minimum order 25, so $356.25 under the $500 limit.
const THERMOSTAT = { id: 'mechanical-thermostat-cold-control', partNumber: 'FP-THM-CC-036', name: 'Mechanical Thermostat / Cold Control' };
// No contract price in the seed, and no other spec orders it as the demo buyer: the admin's test
// adds one and removes it again, so nothing else ever sees it.
const FLARING = { id: 'flaring-tool-kit-45', partNumber: 'FP-TL-FLR45', name: 'Flaring Tool Kit 45°' };

for (const width of [1280, 390]) {
  const viewport = { width, height: width < 600 ? 844 : 900 };

  test(`at ${width} px: the demo buyer sees Northwind's contract price on the tool page and the catalogue, and the cart is priced with it`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await call(DEMO_COMPANY.buyer, 'PUT', API.cart, { lines: [] });
    await signedInOnce(page, DEMO_COMPANY.buyer);
    await recordShifts(page);

    await page.goto(`/purchaseorder/${THERMOSTAT.id}`);
    const price = page.getByTestId('tool-price');
    await expect(price.getByTestId('contract-price')).toHaveText('$14.25');
    await expect(price).toContainText('Your contract price');
    await expect(price.getByTestId('list-price')).toHaveText('$16.90');
    await expect(page.getByRole('table', { name: 'Your contract volume prices' }).getByRole('row')).toHaveText([
      /Quantity\s*Unit price/,
      /25 to 99\s*\$14\.25/,
      /100 to 249\s*\$13\.50/,
      /250 or more\s*\$12\.75/,
    ]);
    expectStill(await settledShifts(page), `The tool page with the contract price at ${width} px`);

    // Into the cart at the minimum order: the server prices it, and the page says it is the contract's.
    await page.getByLabel('Quantity', { exact: true }).fill('25');
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await expect(page.getByTestId('add-to-cart-note')).toContainText('Added 25.');

    await page.goto(`/purchaseorder?q=${THERMOSTAT.partNumber}`);
    const card = page.getByRole('article', { name: THERMOSTAT.name });
    await expect(card.getByTestId('contract-price')).toHaveText('$14.25');
    await expect(card.getByTestId('tool-price')).toContainText('Your contract price');
    await expect(card.getByTestId('list-price')).toHaveText('$16.90');
    expectStill(await settledShifts(page), `The catalogue with the contract prices at ${width} px`);
    await expectAccessible(page, `The catalogue with the contract prices at ${width} px`);
    await expectNoSidewaysScroll(page, `The catalogue with the contract prices at ${width} px`);

    await page.goto('/dashboard/cart');
    const line = page.getByTestId('cart-line').filter({ hasText: THERMOSTAT.name });
    await expect(line.getByTestId('contract-price')).toHaveText('$14.25');
    await expect(line).toContainText('Your contract price');
    await expect(page.getByTestId('checkout-total').getByTestId('amount-parts')).toHaveText('$356.25');
    await expect(page.getByText(/1 line, \$356\.25, booked as one order/)).toBeVisible();
    await expectAccessible(page, `The cart with a contract price at ${width} px`);
  });

  test(`at ${width} px: a customer in no company sees the list price and asks for no contract prices`, async ({ browser }) => {
    const context = await signedInContext(browser, 'customer', { viewport });
    const page = await context.newPage();
    const asked: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === API.myPrices) asked.push(r.url());
    });
    await page.goto(`/purchaseorder/${THERMOSTAT.id}`);
    await expect(page.getByTestId('tool-price')).toHaveText('$16.90 per unit');
    await expect(page.getByRole('table', { name: 'Volume prices' })).toBeVisible();
    await page.goto(`/purchaseorder?q=${THERMOSTAT.partNumber}`);
    await expect(page.getByRole('article', { name: THERMOSTAT.name }).getByTestId('tool-price')).toHaveText('$16.90 per unit');
    await page.waitForLoadState('networkidle');
    expect(asked).toEqual([]);
    await context.close();
  });

  test(`at ${width} px: the shop admin adds, edits and deletes a contract price on the company's editor`, async ({ browser }) => {
    // From no price for the tool, whatever an earlier, interrupted run left.
    await call(DEMO_ACCOUNTS.admin, 'PUT', API.companyPrice(DEMO_COMPANY.id, FLARING.id), { price: 60 });
    await call(DEMO_ACCOUNTS.admin, 'DELETE', API.companyPrice(DEMO_COMPANY.id, FLARING.id));
    const context = await signedInContext(browser, 'admin', { viewport });
    const page = await context.newPage();
    // From the company's page, whose link leads here; the layout-shift bar applies to the editor's own load.
    await page.goto(`/dashboard/companies/${DEMO_COMPANY.id}`);
    await expect(page.getByTestId('company-prices-link')).toHaveAttribute('href', `/dashboard/companies/${DEMO_COMPANY.id}/prices`);
    await recordShifts(page);
    await page.goto(`/dashboard/companies/${DEMO_COMPANY.id}/prices`);
    await expect(page).toHaveTitle(`Contract prices of ${DEMO_COMPANY.name} | FridgeParts`);
    const seeded = page.getByTestId('company-price-row').filter({ hasText: THERMOSTAT.partNumber });
    await expect(seeded.getByTestId('company-price')).toHaveText('$14.25');
    await expect(seeded).toContainText('$16.90');
    expectStill(await settledShifts(page), `The contract price editor at ${width} px`);
    await expectAccessible(page, `The contract price editor at ${width} px`);
    await expectNoSidewaysScroll(page, `The contract price editor at ${width} px`);

    // Add: find the tool by its number, set the price.
    await page.getByLabel('Part number or name').fill(FLARING.partNumber);
    await page.getByRole('button', { name: `Set a contract price for ${FLARING.partNumber} ${FLARING.name}` }).click();
    let dialog = page.getByRole('dialog', { name: 'New contract price' });
    await expect(dialog).toContainText('List price $68.50');
    await dialog.getByLabel(/Contract price \(USD\)/).fill('62.00');
    await dialog.getByLabel(/Contract price breaks/).fill('2: 70.00');
    await dialog.getByRole('button', { name: 'Save' }).click();
    // A break must be below the price: the message sits at its field, and nothing is saved.
    await expect(dialog.getByLabel(/Contract price breaks/)).toHaveAttribute('aria-invalid', 'true');
    await expectAccessible(page, `The new contract price with a field message at ${width} px`);
    await dialog.getByLabel(/Contract price breaks/).fill('');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, `Contract price of ${FLARING.partNumber} ${FLARING.name} saved for ${DEMO_COMPANY.name}.`)).toBeVisible();
    const row = page.getByTestId('company-price-row').filter({ hasText: FLARING.partNumber });
    await expect(row.getByTestId('company-price')).toHaveText('$62.00');

    // Edit: the form starts from the price as it is.
    await row.getByRole('button', { name: `Edit the contract price of ${FLARING.partNumber} ${FLARING.name}` }).click();
    dialog = page.getByRole('dialog', { name: 'Edit contract price' });
    await expect(dialog.getByLabel(/Contract price \(USD\)/)).toHaveValue('62.00');
    await dialog.getByLabel(/Contract price \(USD\)/).fill('61.50');
    await dialog.getByLabel(/Contract price breaks/).fill('25: 59.00');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(row.getByTestId('company-price')).toHaveText('$61.50');
    await expect(row).toContainText('25+: $59.00');

    // Delete, behind the confirmation.
    await row.getByRole('button', { name: `Delete the contract price of ${FLARING.partNumber} ${FLARING.name}` }).click();
    await page.getByRole('dialog', { name: 'Delete this contract price?' }).getByRole('button', { name: 'Delete' }).click();
    await expect(row).toHaveCount(0);
    await context.close();
  });
}
