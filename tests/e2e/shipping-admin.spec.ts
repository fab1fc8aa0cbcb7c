import { expect, test, type Page } from '@playwright/test';
import { API } from '../../common/src/api-paths';
import { DEMO_ACCOUNTS } from '../../common/src/constants';
import { MESSAGES } from '../../common/src/messages';
import type { ShippingMethodInput } from '../../common/src/shipping/methods.schema';
import { call } from './support/orders';
import { expectAccessible, expectNoSidewaysScroll } from './support/page-checks';
import { toast } from './support/session';
import { signedInContext } from './support/signed-in';
import { expectStill, recordShifts, settledShifts } from './support/layout-shifts';

/**
 * The admin's Shipping screen (CONTRACT §14, decision 0078) at a laptop's and a phone's width:
 * reached from the dashboard's menu; the methods in words; a rate edited and still there after a
 * reload; a method added through the form and deleted after the confirmation. axe at every step,
 * the layout-shift bar (0.02, as layout-shift.spec.ts) on the page's own load, and at 1280 px the
 * table fits beside the menu without sideways scrolling.
 *
 * The methods this spec makes serve only Yukon (CA: YT), where no other spec ships, so the options
 * the checkout specs see never change; each is removed again, whatever an earlier run left.
 */

const viewportOf = (width: number) => ({ width, height: width < 600 ? 844 : 900 });

const yukonMethod = (name: string): ShippingMethodInput => ({
  name,
  carrier: 'other',
  zones: [{ country: 'CA', regions: ['YT'] }],
  rates: [{ maxWeight: 20, amount: 45 }, { amount: 120 }],
  transitDays: { min: 4, max: 9 },
});

/** No such method, whatever an earlier, interrupted run left (PUT makes or replaces it; DELETE then removes it). */
async function withoutMethod(id: string) {
  await call(DEMO_ACCOUNTS.admin, 'PUT', API.shippingMethod(id), yukonMethod('Leftover'));
  await call(DEMO_ACCOUNTS.admin, 'DELETE', API.shippingMethod(id));
}

/** The dashboard's menu item: in the side menu from 900 px up, in its drawer (opened by a button) below. */
async function openFromDashboardMenu(page: Page, name: string) {
  if ((page.viewportSize()?.width ?? 0) < 900) {
    await page.getByRole('button', { name: 'Dashboard menu' }).click();
    await page.getByRole('dialog', { name: 'Dashboard' }).getByRole('link', { name, exact: true }).click();
  } else {
    await page.getByRole('complementary', { name: 'Dashboard' }).getByRole('link', { name, exact: true }).click();
  }
}

/** The methods table's box scrolls sideways by this many px (0: it fits). */
const tableOverflow = (page: Page) =>
  page.evaluate(() => {
    const box = document.querySelector('table')!.parentElement!;
    return Math.max(0, box.scrollWidth - box.clientWidth);
  });

for (const width of [1280, 390]) {
  const viewport = viewportOf(width);

  test(`at ${width} px: the admin finds Shipping in the menu, edits a rate and sees it saved after a reload`, async ({ browser }) => {
    const id = `e2e-yukon-${width}`;
    const name = `E2E Yukon courier ${width}`;
    await withoutMethod(id);
    await call(DEMO_ACCOUNTS.admin, 'PUT', API.shippingMethod(id), yukonMethod(name));
    const context = await signedInContext(browser, 'admin', { viewport });
    const page = await context.newPage();

    await page.goto('/dashboard');
    await openFromDashboardMenu(page, 'Shipping');
    await expect(page).toHaveURL('/dashboard/shipping');
    await expect(page).toHaveTitle('Shipping | FridgeParts');

    // The page's own load holds still while the methods arrive.
    await recordShifts(page);
    await page.goto('/dashboard/shipping');
    const row = page.getByTestId('shipping-method-row').filter({ hasText: id });
    await expect(row).toContainText(name);
    await expect(row).toContainText('CA: YT');
    await expect(row.getByTestId('method-rates').getByRole('listitem')).toHaveText(['up to 20 lb: $45.00', 'otherwise: $120.00']);
    await expect(row).toContainText('4-9 days');
    // The seed's parcel method, free up to $6,000 (the home page's promotion).
    await expect(page.getByTestId('shipping-method-row').filter({ hasText: 'parcel-ground' })).toContainText('up to $6,000.00: Free');
    expectStill(await settledShifts(page), `Shipping at ${width} px`);
    await expectAccessible(page, `Shipping at ${width} px`);
    await expectNoSidewaysScroll(page, `Shipping at ${width} px`);
    if (width >= 1280) expect(await tableOverflow(page), 'the methods table scrolls sideways at 1280 px').toBe(0);

    // Edit the second rate, from the keyboard's reach as from the mouse's.
    await row.getByRole('button', { name: `Edit ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Edit ${name}` });
    const amount = dialog.getByRole('group', { name: 'Rate 2' }).getByLabel(/^Amount/);
    await expect(amount).toHaveValue('120.00');
    await expectAccessible(page, `Editing a shipping method at ${width} px`);
    await amount.fill('118.40');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(toast(page, `${name} saved.`)).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(row.getByTestId('method-rates').getByRole('listitem')).toHaveText(['up to 20 lb: $45.00', 'otherwise: $118.40']);

    await page.reload();
    await expect(page.getByTestId('shipping-method-row').filter({ hasText: id }).getByTestId('method-rates').getByRole('listitem')).toHaveText([
      'up to 20 lb: $45.00',
      'otherwise: $118.40',
    ]);
    await call(DEMO_ACCOUNTS.admin, 'DELETE', API.shippingMethod(id));
    await context.close();
  });

  test(`at ${width} px: the admin adds a method with the form and deletes it after confirming`, async ({ browser }) => {
    const name = `E2E Gone ${width}`;
    const id = `e2e-gone-${width}`;
    await withoutMethod(id);
    const context = await signedInContext(browser, 'admin', { viewport });
    const page = await context.newPage();
    await page.goto('/dashboard/shipping');
    await expect(page.getByTestId('shipping-method-row').first()).toBeVisible();

    await page.getByRole('button', { name: 'Add a shipping method' }).click();
    const dialog = page.getByRole('dialog', { name: 'New shipping method' });
    await dialog.getByLabel(/^Name/).fill(name);
    // The id follows the name.
    await expect(dialog.getByLabel(/^Id/)).toHaveValue(id);
    await dialog.getByLabel('Carrier').selectOption('usps');
    await dialog.getByLabel(/^At least/).fill('3');
    await dialog.getByLabel(/^At most/).fill('6');
    const zone = dialog.getByRole('group', { name: 'Zone 1' });
    await zone.getByLabel(/^Country/).fill('CA');
    await zone.getByLabel(/^Regions/).fill('yt');
    await dialog
      .getByRole('group', { name: 'Rate 1' })
      .getByLabel(/^Amount/)
      .fill('60');
    await expectAccessible(page, `A new shipping method at ${width} px`);
    await dialog.getByRole('button', { name: 'Add method' }).click();
    await expect(toast(page, `${name} added.`)).toBeVisible();
    const row = page.getByTestId('shipping-method-row').filter({ hasText: id });
    await expect(row).toContainText('CA: YT');
    await expect(row).toContainText('any order: $60.00');
    await expect(row).toContainText('USPS');

    await row.getByRole('button', { name: `Delete ${name}` }).click();
    const confirm = page.getByRole('dialog', { name: MESSAGES.deleteConfirm });
    await expect(confirm).toContainText(`The shipping method ${name} (${id})`);
    await expectAccessible(page, `Deleting a shipping method at ${width} px`);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Shipping method deleted.')).toBeVisible();
    await expect(row).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId('shipping-method-row').first()).toBeVisible();
    await expect(page.getByTestId('shipping-method-row').filter({ hasText: id })).toHaveCount(0);
    await context.close();
  });
}
