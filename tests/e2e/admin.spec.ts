import { expect, test, type Page } from '@playwright/test';
import { MESSAGES } from '../../common/src/messages';
import { SHOP_URL } from '../../common/src/local-stack';
import { bookAs, call, findRow } from './support/orders';
import { DEMO, logIn, newCustomer, toast } from './support/session';
import { SIGNED_IN } from './support/signed-in';
import { expectAccessible, expectNoSidewaysScroll } from './support/page-checks';

test.describe('as the demo admin, signed in once (support/signed-in.ts)', () => {
  test.use({ storageState: SIGNED_IN.admin });

  test('Add A Product, then it is listed on Manage All Products and can be deleted after the confirmation', async ({ page }) => {
    const name = `E2E Thermistor ${Date.now()}`;
    await page.goto('/dashboard/addnewitem');
    await expect(page.getByRole('heading', { name: 'Add A Product' })).toBeVisible();

    // Required fields, and minimum can not exceed available.
    await page.getByRole('button', { name: 'Add Product' }).click();
    await expect(page.getByText('Product name is required')).toBeVisible();

    await page.getByLabel(/Image URL/).fill('/images/tools/defrost-timer.svg');
    await page.getByLabel(/Product name/).fill(name);
    await page.getByLabel(/Description/).fill('NTC defrost thermistor with 12" leads, clip-on mount.');
    await page.getByLabel(/Part number/).fill(`fp-e2e-${Date.now()}`);
    await page.getByRole('spinbutton', { name: /^Price/ }).fill('7.25');
    await page.getByLabel(/Price breaks/).fill('300: 6.90');
    await page.getByLabel(/Minimum quantity/).fill('30');
    await page.getByLabel(/Available quantity/).fill('20');
    await page.getByLabel(/Weight/).fill('0.1');
    await page.getByRole('button', { name: 'Add Product' }).click();
    await expect(page.getByText('Minimum quantity can not be higher than available quantity')).toBeVisible();
    await page.getByLabel(/Available quantity/).fill('900');
    await page.getByRole('button', { name: 'Add Product' }).click();
    await expect(toast(page, MESSAGES.productAdded)).toBeVisible();
    await expect(page.getByLabel(/Product name/)).toHaveValue('');

    await page.goto('/dashboard/manageproduct');
    await expect(page.getByRole('heading', { name: 'Manage All Products' })).toBeVisible();
    const row = await findRow(page, 'product-row', name);
    await expect(row).toContainText('$7.25');
    await expect(row).toContainText('30');
    await expect(row).toContainText('900');

    await row.getByRole('button', { name: /Cancel/ }).click();
    const confirm = page.getByRole('dialog', { name: MESSAGES.deleteConfirm });
    await expect(confirm).toContainText(name);
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(confirm).toBeHidden();
    await expect(row).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId('product-row').first()).toBeVisible();
    await expect(page.getByTestId('product-row').filter({ hasText: name })).toHaveCount(0);
  });

  test('the product form adds stock that arrived (by keyboard) and writes stock off, never below 0', async ({ page }) => {
    const tool = await newProduct('Added', 40);
    const { row, dialog, inStock } = await openProductForm(page, tool.name);
    await expect(inStock).toHaveValue('40');
    await expect(dialog.getByLabel('Available quantity')).toHaveCount(0);
    // Keyboard alone: the dialog opens on Price; Tab walks Price breaks, Pack size, Minimum, In stock, Add stock.
    await expect(dialog.getByRole('spinbutton', { name: 'Price' })).toBeFocused();
    for (let i = 0; i < 5; i++) await page.keyboard.press('Tab');
    await expect(dialog.getByLabel('Add stock')).toBeFocused();
    await page.keyboard.type('15');
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(row.getByRole('cell').nth(4)).toHaveText('55');
    expect(await stockOf(tool._id)).toBe(55);

    await row.getByRole('button', { name: /^Edit/ }).click();
    await expect(inStock).toHaveValue('55');
    await dialog.getByLabel('Add stock').fill('-60');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByLabel('Add stock')).toHaveAccessibleDescription(/Only 55 in stock/);
    expect(await stockOf(tool._id)).toBe(55);
    await dialog.getByLabel('Add stock').fill('-5');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(row.getByRole('cell').nth(4)).toHaveText('50');
    expect(await stockOf(tool._id)).toBe(50);
  });

  test('on a phone, the product form sets the category, a specification and an appliance maker’s number; the tool page shows them', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const tool = await newProduct('Specified', 10);
    const number = `W10E2E${Date.now()}`;
    const { dialog } = await openProductForm(page, tool.name);
    await dialog.getByRole('combobox', { name: 'Category' }).selectOption({ label: 'Relays and capacitors' });
    await dialog.getByRole('textbox', { name: 'Voltage (V)' }).fill('120 V');
    await dialog.getByRole('button', { name: 'Add a number' }).click();
    const row = dialog.getByRole('group', { name: 'Other number 1' });
    await expect(row.getByRole('textbox', { name: 'Number' })).toBeFocused();
    await page.keyboard.type(number);
    await row.getByRole('textbox', { name: 'Brand' }).fill('Whirlpool');
    await expectAccessibleAndFitting(page, 'edit dialog with an other number at 390 px');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();

    await page.goto(`/purchaseorder/${tool._id}`);
    const specs = page.getByTestId('tool-specs');
    await expect(specs).toContainText('Relays and capacitors');
    await expect(specs).toContainText('120 V');
    await expect(specs).toContainText(`Whirlpool ${number} (appliance maker)`);
  });

  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    test(`a stale edit at ${viewport.width} px: a booking lands while the form is open; the save shows the message with the current values, nothing is wiped, and saving again adds`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      const tool = await newProduct('Stale', 40);
      const customer = await newCustomer('stale-edit');
      const { dialog, inStock } = await openProductForm(page, tool.name);
      await expect(inStock).toHaveValue('40');

      // A buyer books the minimum (2) while the admin types.
      await bookAs(customer, tool._id);
      await dialog.getByRole('spinbutton', { name: 'Price' }).fill('13.00');
      await dialog.getByLabel('Add stock').fill('10');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(dialog.getByRole('alert')).toHaveText(
        'This product changed while you were editing: here are the current values. Check them and save again.',
      );
      await expect(inStock).toHaveValue('38');
      await expect(dialog.getByRole('spinbutton', { name: 'Price' })).toHaveValue('12.00');
      await expect(dialog.getByLabel('Add stock')).toHaveValue('');
      expect(await stockOf(tool._id)).toBe(38);
      await expectAccessibleAndFitting(page, `edit dialog after a 412 at ${viewport.width} px`);

      await dialog.getByLabel('Add stock').fill('10');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(dialog).toBeHidden();
      expect(await stockOf(tool._id)).toBe(48);
    });
  }

  test('Make Admin promotes a fresh user, then Remove Admin takes the role away after the confirmation; they stay as a customer', async ({ page, browser }) => {
    const fresh = await newCustomer('promote');
    // The shop lists a user once they have signed in (PUT /user/{email}).
    // A context of its own, without the admin's state: the fresh customer signs in through the form.
    const other = await browser.newContext({ storageState: undefined });
    await logIn(await other.newPage(), fresh);
    await other.close();

    await page.goto('/dashboard/alluser');
    await expect(page.getByRole('heading', { name: 'Make Admin' })).toBeVisible();
    // The admin can not remove themself.
    await expect(page.getByRole('button', { name: `Remove Admin: ${DEMO.admin.email}` })).toBeDisabled();

    const row = await findRow(page, 'user-row', fresh.email);
    await row.getByRole('button', { name: /Make Admin/ }).click();
    await expect(toast(page, MESSAGES.madeAdmin)).toBeVisible();
    await expect(row.getByRole('button', { name: /Make Admin/ })).toHaveCount(0);
    await expect(row).toContainText('Admin');
    // Focus moves to the button that took Make Admin's place, not to the page body.
    await expect(row.getByRole('button', { name: /Remove Admin/ })).toBeFocused();

    // Still an admin after a reload: the server recorded it.
    await page.reload();
    await findRow(page, 'user-row', fresh.email);
    await expect(row.getByRole('button', { name: /Make Admin/ })).toHaveCount(0);

    await row.getByRole('button', { name: /Remove Admin/ }).click();
    const confirm = page.getByRole('dialog', { name: MESSAGES.deleteConfirm });
    await expect(confirm).toContainText(fresh.email);
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(confirm).toBeHidden();
    await expect(toast(page, MESSAGES.adminRemoved)).toBeVisible();
    await expect(row).toContainText('Customer');
    await expect(row.getByRole('button', { name: /Remove Admin/ })).toHaveCount(0);
    await expect(row.getByRole('button', { name: /Make Admin/ })).toBeVisible();
    // The server agrees after a reload: still listed, as a customer.
    await page.reload();
    const again = await findRow(page, 'user-row', fresh.email);
    await expect(again).toContainText('Customer');
  });

  test('Manage All Orders: an unpaid order shows UnPaid and Cancel, and Cancel deletes it after the confirmation', async ({ page }) => {
    const customer = await newCustomer('orders');
    await bookAs(customer, 'run-capacitor');

    await page.goto('/dashboard/manageallorder');
    await expect(page.getByRole('heading', { name: 'Manage All Orders' })).toBeVisible();
    const row = await findRow(page, 'order-row', customer.email);
    await expect(row).toContainText(/\$\d/);
    await expect(row.getByText('UnPaid', { exact: true })).toBeVisible();
    // Unpaid: UnPaid is a plain label, and there is no Pending.
    await expect(row.getByRole('button', { name: /UnPaid|Pending/ })).toHaveCount(0);

    await row.getByRole('button', { name: /Cancel order/ }).click();
    const confirm = page.getByRole('dialog', { name: MESSAGES.deleteConfirm });
    await confirm.getByRole('button', { name: 'cancel', exact: true }).click();
    await expect(row).toHaveCount(1);
    await row.getByRole('button', { name: /Cancel order/ }).click();
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(confirm).toBeHidden();
    await expect(row).toHaveCount(0);
  });
});

/**
 * Products the stock tests made, deleted after each test: other specs read the demo catalogue (the
 * home page's six newest tools, foundation.spec).
 */
const made: string[] = [];
test.afterEach(async () => {
  for (const id of made.splice(0)) await call(DEMO.admin, 'DELETE', `/manage/${id}`);
});

/** Manage All Products, then the Edit form of the product named `name`. */
async function openProductForm(page: Page, name: string) {
  await page.goto('/dashboard/manageproduct');
  const row = await findRow(page, 'product-row', name);
  await row.getByRole('button', { name: /^Edit/ }).click();
  const dialog = page.getByRole('dialog', { name: `Edit ${name}` });
  return { row, dialog, inStock: dialog.getByRole('textbox', { name: 'In stock' }) };
}

/** A product of its own for a test that changes stock. */
async function newProduct(label: string, stock: number): Promise<{ _id: string; name: string }> {
  const name = `E2E ${label} Relay ${Date.now()}`;
  const tool = await call<{ _id: string; name: string }>(DEMO.admin, 'POST', '/addItem', {
    image: '/images/tools/defrost-timer.svg',
    name,
    description: 'Start relay for stock tests.',
    price: '12.00',
    minimumQuantity: '2',
    availableQuantity: String(stock),
    weight: '0.25',
  });
  made.push(tool._id);
  return tool;
}

async function stockOf(id: string): Promise<number> {
  return ((await (await fetch(`${SHOP_URL}/tool/${id}`, { headers: { 'Cache-Control': 'no-cache' } })).json()) as { availableQuantity: number })
    .availableQuantity;
}

/** axe (WCAG 2.2 AA) over the page with the dialog open, and nothing wider than the window. */
async function expectAccessibleAndFitting(page: Page, state: string): Promise<void> {
  await expectAccessible(page, state);
  await expectNoSidewaysScroll(page, state);
}

test('a customer does not get the admin pages', async ({ page }) => {
  const customer = await newCustomer('not-admin');
  await logIn(page, customer);
  await page.goto('/dashboard/manageallorder');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Manage All Orders' })).toHaveCount(0);
});
