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

  test('a company’s page: the Dashboard menu button and "← Companies" do not touch; Manage All Orders’ cards keep each label beside its value (issue 43)', async ({
    page,
  }) => {
    await page.goto('/dashboard/companies/demo-northwind');
    const back = page.getByRole('link', { name: '← Companies' });
    await expect(back).toBeVisible();
    const [button, link] = [(await page.getByRole('button', { name: 'Dashboard menu' }).boundingBox())!, (await back.boundingBox())!];
    expect(link.y, '"← Companies" beside the menu button').toBeGreaterThanOrEqual(button.y + button.height);

    await page.goto('/dashboard/manageallorder');
    const card = page.getByTestId('order-row').first();
    await expect(card).toBeVisible();
    // A cell's label is its ::before, in the card's first column: laid out as the label is (its font,
    // its wrapping) at that column's width, it must fit, or it runs over the value beside it.
    const overflowing = await card.evaluate((row) =>
      Array.from(row.querySelectorAll('td')).flatMap((td) => {
        const label = getComputedStyle(td, '::before');
        const column = Number.parseFloat(getComputedStyle(td).gridTemplateColumns);
        const probe = document.createElement('span');
        probe.textContent = td.dataset.label ?? '';
        Object.assign(probe.style, { position: 'absolute', visibility: 'hidden', font: label.font, whiteSpace: label.whiteSpace, width: 'min-content' });
        document.body.append(probe);
        const width = probe.getBoundingClientRect().width;
        probe.remove();
        return width > column + 1 ? [`${td.dataset.label}: ${Math.round(width)} px in ${Math.round(column)} px`] : [];
      }),
    );
    expect(overflowing).toEqual([]);
  });
});

test('the catalogue’s Filters sheet closes from its own control, and offers Clear filters only with a filter set (issue 43)', async ({ page }) => {
  await page.goto('/purchaseorder');
  await page.getByRole('button', { name: 'Filters', exact: true }).click();
  const sheet = page.getByRole('dialog', { name: 'Filters' });
  await expect(sheet).toBeVisible();
  await expect(sheet.getByRole('button', { name: 'Clear filters' })).toHaveCount(0);
  // A tick goes into the address first, then shows: click, then wait for it (check() expects it at once).
  const first = sheet.getByRole('checkbox').first();
  await first.click();
  await expect(first).toBeChecked();
  await expect(sheet.getByRole('button', { name: 'Clear filters' })).toBeVisible();
  await sheet.getByRole('button', { name: 'Close filters' }).click();
  await expect(sheet).toBeHidden();
  await expect(page).toHaveURL(/category=/);
});

test.describe('as the demo customer, signed in once (support/signed-in.ts)', () => {
  test.use({ storageState: SIGNED_IN.customer });

  test('the tool page opens with its price breaks clear of the sticky Book Order bar (issue 43)', async ({ page }) => {
    await page.goto('/purchaseorder/condenser-fan-motor');
    const bar = page.getByRole('button', { name: 'Book Order' });
    await expect(bar).toBeVisible();
    const rows = page.getByTestId('price-table').getByRole('row');
    await expect(rows.nth(1)).toBeVisible();
    await expect(bar).toBeInViewport({ ratio: 1 });
    // The bar: the button's box with its padding and background.
    const barBox = (await bar.locator('xpath=..').boundingBox())!;
    // No price break on screen lies under the bar: it comes before them, and a sticky bar only
    // covers what comes before its own place.
    for (const row of await rows.all()) {
      const box = (await row.boundingBox())!;
      const overlaps = box.y < barBox.y + barBox.height && barBox.y < box.y + box.height;
      expect(overlaps, 'a price break under the Book Order bar').toBe(false);
    }
  });
});
