import { expect, test } from '@playwright/test';
import { MESSAGES } from '../../common/src/messages';
import { bookAs, findRow } from './support/orders';
import { DEMO, logIn, newCustomer, toast } from './support/session';
import { SIGNED_IN } from './support/signed-in';

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

test('a customer does not get the admin pages', async ({ page }) => {
  const customer = await newCustomer('not-admin');
  await logIn(page, customer);
  await page.goto('/dashboard/manageallorder');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Manage All Orders' })).toHaveCount(0);
});
