import { expect, test, type Locator, type Page } from '@playwright/test';
import { MESSAGES } from '../../common/src/messages';
import { CARD_MESSAGES } from '../../web/src/features/payment/api/test-mode-card';
import { logIn, newCustomer } from './support/session';
import { SIGNED_IN } from './support/signed-in';
import { bookAs, findRow, payAs } from './support/orders';
import { expectNoSidewaysScroll } from './support/page-checks';

// Seeded tools (scripts/seed/demo-data.ts).
const TOOL = 'defrost-timer';
const OTHER_TOOL = 'run-capacitor';
const RED = 'rgb(211, 47, 47)'; // the shop's error red

const PHONE = { width: 390, height: 844 };

async function fillCard(page: Page, number: string) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
}

/** A real paste (clipboard, Ctrl/Cmd+V) into an emptied field, as a password manager's copy is pasted. */
async function pasteInto(page: Page, field: Locator, text: string) {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await field.fill('');
  await field.focus();
  await page.evaluate((t) => navigator.clipboard.writeText(t), text);
  await page.keyboard.press('ControlOrMeta+V');
}

test('pay by card: a decline shows in red, then 4242 pays; My Orders shows Paid and the transaction id, no Cancel', async ({ page }) => {
  const customer = await newCustomer('pay');
  const booking = await bookAs(customer, TOOL);
  await logIn(page, customer);

  await page.goto('/dashboard/myorder');
  const row = await findRow(page, 'booking-row', booking.name);
  await row.getByRole('link', { name: /Pay for/ }).click();
  await expect(page).toHaveURL(`/dashboard/payment/${booking._id}`);

  await expect(page.getByText(`Hello, ${customer.displayName}`)).toBeVisible();
  await expect(page.getByTestId('payment-item')).toHaveText(booking.name);
  await expect(page.getByTestId('payment-quantity')).toHaveText(String(booking.quantity));
  await expect(page.getByTestId('payment-total')).toHaveText(`$${booking.total.toFixed(2)}`);
  await expect(page.getByText('TEST MODE')).toBeVisible();
  const pay = page.getByRole('button', { name: 'Pay', exact: true });
  await expect(pay).toBeEnabled(); // the card form is ready and the client secret has arrived

  await fillCard(page, '4000 0000 0000 0002');
  await pay.click();
  const error = page.getByRole('alert').filter({ hasText: MESSAGES.cardDeclined });
  await expect(error).toHaveText(MESSAGES.cardDeclined);
  await expect(error).toHaveCSS('color', RED);
  await expect(pay).toBeEnabled();

  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  // An expiry pasted with spaces is taken and shown as MM/YY (issue 17).
  const expiry = page.getByLabel('Expiry (MM/YY)');
  await pasteInto(page, expiry, '12 / 34');
  await expect(expiry).toHaveValue('12/34');
  await pay.click();
  await expect(page.getByText('Congrats! Your payment is completed.')).toBeVisible();
  await expect(error).toHaveCount(0);
  const transactionId = (await page.getByTestId('transaction-id').textContent())!.trim();
  expect(transactionId).toMatch(/^pi_\w+$/);

  await page.getByRole('link', { name: 'Go to My Orders' }).click();
  const paid = await findRow(page, 'booking-row', booking.name);
  await expect(paid.getByText('Paid', { exact: true })).toBeVisible();
  await expect(paid.getByTestId('transaction-id')).toHaveText(transactionId);
  await expect(paid.getByRole('button', { name: /Cancel/ })).toHaveCount(0);
  await expect(paid.getByRole('link', { name: /Pay/ })).toHaveCount(0);

  // Coming back to the page does not offer to pay again.
  await page.goto(`/dashboard/payment/${booking._id}`);
  await expect(page.getByText('This order is already paid.')).toBeVisible();
  await expect(page.getByLabel('Card number')).toHaveCount(0);
});

test('on a phone (390 px) the Payment page fits the screen and pays; insufficient funds is explained', async ({ page }) => {
  await page.setViewportSize(PHONE);
  const customer = await newCustomer('pay-phone');
  const booking = await bookAs(customer, OTHER_TOOL);
  await logIn(page, customer);
  await page.goto(`/dashboard/payment/${booking._id}`);
  await expect(page.getByText(`Hello, ${customer.displayName}`)).toBeVisible();
  await expect(page.getByLabel('Card number')).toBeVisible();
  await expect(page.getByLabel('Card number')).toHaveAttribute('inputmode', 'numeric');
  await expect(page.getByLabel('Card number')).toHaveAttribute('autocomplete', 'cc-number');
  await expectNoSidewaysScroll(page, 'the Payment page');

  await fillCard(page, '4000 0000 0000 9995');
  const pay = page.getByRole('button', { name: 'Pay', exact: true });
  await pay.click();
  await expect(page.getByRole('alert').filter({ hasText: 'Your card has insufficient funds.' })).toHaveCSS('color', RED);

  await page.getByLabel('Card number').fill('4242424242424242');
  // A month that does not exist is named, on the expiry field, before anything is sent.
  const expiry = page.getByLabel('Expiry (MM/YY)');
  await expiry.fill('13/34');
  await pay.click();
  await expect(page.getByRole('alert').filter({ hasText: CARD_MESSAGES.expiryMonthInvalid })).toBeVisible();
  await expect(expiry).toHaveAttribute('aria-invalid', 'true');
  await expect(expiry).toBeFocused();
  await expiry.fill('12/34');
  await pay.click();
  await expect(page.getByText('Congrats! Your payment is completed.')).toBeVisible();
  await expect(page.getByTestId('transaction-id')).toHaveText(/^pi_\w+$/);
  await expectNoSidewaysScroll(page, 'the Payment page');
});

test("a booking that is not the caller's is not offered for payment", async ({ page }) => {
  const owner = await newCustomer('pay-owner');
  const booking = await bookAs(owner, TOOL);
  const other = await newCustomer('pay-other');
  await logIn(page, other);
  await page.goto(`/dashboard/payment/${booking._id}`);
  await expect(page.getByText('We could not find this order among your orders.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to My Orders' })).toBeVisible();
  await expect(page.getByLabel('Card number')).toHaveCount(0);
});

test.describe('as the demo admin, signed in once (support/signed-in.ts)', () => {
  test.use({ storageState: SIGNED_IN.admin });

  for (const viewport of [{ width: 1280, height: 900 }, PHONE]) {
    test(`admin at ${viewport.width} px ships one paid order (Pending -> Shipped) and refunds another; the customer sees Shipped and Refunded`, async ({
      page,
      browser,
    }) => {
      await page.setViewportSize(viewport);
      const customer = await newCustomer('lifecycle');
      const toShip = await bookAs(customer, TOOL);
      const toRefund = await bookAs(customer, OTHER_TOOL);
      const shipId = await payAs(customer, toShip._id);
      const refundId = await payAs(customer, toRefund._id);

      await page.goto('/dashboard/manageallorder');
      await expect(page.getByRole('heading', { name: 'Manage All Orders' })).toBeVisible();

      const shipRow = await findRow(page, 'order-row', customer.email, toShip.name);
      await expect(shipRow.getByText('Paid', { exact: true })).toBeVisible();
      await expect(shipRow.getByTestId('transaction-id')).toHaveText(shipId);
      await shipRow.getByRole('button', { name: /^Pending/ }).click();
      await expect(shipRow.getByText('Shipped', { exact: true })).toBeVisible();
      // No more order actions (the order's PDF stays available).
      await expect(shipRow.getByRole('button', { name: /^(Pending|Refund|Cancel)/ })).toHaveCount(0);

      const refundRow = await findRow(page, 'order-row', customer.email, toRefund.name);
      await expect(refundRow.getByTestId('transaction-id')).toHaveText(refundId);
      // The confirmation comes first; keeping the order changes nothing.
      await refundRow.getByRole('button', { name: /^Refund/ }).click();
      const dialog = page.getByRole('dialog', { name: 'Refund this order?' });
      await expect(dialog).toContainText(customer.email);
      await dialog.getByRole('button', { name: 'Keep the order' }).click();
      await expect(dialog).toBeHidden();
      await expect(refundRow.getByText('Paid', { exact: true })).toBeVisible();
      await refundRow.getByRole('button', { name: /^Refund/ }).click();
      await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
      await expect(dialog).toBeHidden();
      await expect(refundRow.getByText('Refunded', { exact: true })).toBeVisible();
      await expect(refundRow.getByRole('button', { name: /^(Pending|Refund|Cancel)/ })).toHaveCount(0);

      // The server kept both: a reload shows the same.
      await page.reload();
      await expect((await findRow(page, 'order-row', customer.email, toShip.name)).getByText('Shipped', { exact: true })).toBeVisible();
      await expect((await findRow(page, 'order-row', customer.email, toRefund.name)).getByText('Refunded', { exact: true })).toBeVisible();

      // The customer's own context, without the admin's state: they sign in through the form.
      const context = await browser.newContext({ viewport, storageState: undefined });
      const customerPage = await context.newPage();
      await logIn(customerPage, customer);
      await customerPage.goto('/dashboard/myorder');
      const shipped = await findRow(customerPage, 'booking-row', toShip.name);
      await expect(shipped.getByText('Shipped', { exact: true })).toBeVisible();
      await expect(shipped.getByTestId('transaction-id')).toHaveText(shipId);
      const refunded = await findRow(customerPage, 'booking-row', toRefund.name);
      await expect(refunded.getByText('Refunded', { exact: true })).toBeVisible();
      await expect(refunded.getByRole('button', { name: /Cancel/ })).toHaveCount(0);
      await expect(refunded.getByRole('link', { name: /Pay/ })).toHaveCount(0);
      await context.close();
    });
  }
});
