import { expect, test, type Page } from '@playwright/test';
import { API } from '../../common/src/api-paths';
import { call, findRow, payAs } from './support/orders';
import { expectAccessible, expectNoSidewaysScroll } from './support/page-checks';
import { pageAt, shipFromOrderPage } from './support/ship';
import { newCustomer } from './support/session';
import { signedInAs } from './support/signed-in';

/**
 * Manage All Orders' "To ship" queue (CONTRACT §14, decision 0079) at desktop and phone widths: a
 * new customer's paid order of three lines is in the queue; the admin opens it from there, ships
 * two lines, finds it back in the queue saying how much has gone, ships the rest from its row, and
 * the order is no longer in the queue.
 */

interface Order {
  _id: string;
  orderNumber: string;
}

const LINES = [
  { partNumber: 'FP-THM-CC-036', quantity: 25 },
  { partNumber: 'FP-DFT-8H25', quantity: 20 },
  { partNumber: 'FP-GSK-UNI-096', quantity: 20 },
];

/** Manage All Orders with "To ship" ticked and From today (UTC, as the filter's days are), so the queue holds this run's orders. */
async function openQueue(admin: Page): Promise<void> {
  await admin.goto('/dashboard/manageallorder');
  await expect(admin.getByRole('heading', { name: 'Manage All Orders' })).toBeVisible();
  await admin.getByTestId('to-ship').check();
  await expect(admin.getByRole('combobox', { name: 'State' })).toBeDisabled();
  const from = new Date().toISOString().slice(0, 10);
  const answered = admin.waitForResponse((r) => r.url().includes('toShip=true') && r.url().includes(`from=${from}`));
  await admin.getByLabel('From').fill(from);
  expect((await answered).status()).toBe(200);
  // The rows, or the empty queue's word, once the answer is shown.
  await expect(admin.getByTestId('order-row').first().or(admin.getByText('No orders yet.'))).toBeVisible();
}

for (const width of [1280, 390]) {
  test(`the admin ships two lines of an order, then the rest, from the To ship queue at ${width} px; the order leaves it`, async ({ browser }) => {
    // Two roles, three visits to the queue and two shipments on two shared cores.
    test.setTimeout(120_000);
    const buyer = await newCustomer(`queue${width}`);
    const order = await call<Order>(buyer, 'POST', API.quickOrder, { lines: LINES, phone: '+1 555 010 7720', address: '40 Condenser Road, Toledo' });
    await payAs(buyer, order._id);

    const admin = await pageAt(browser, width);
    await signedInAs(admin, 'admin');
    await openQueue(admin);
    let row = await findRow(admin, 'order-row', order.orderNumber);
    await expect(row.getByTestId('order-shipped')).toHaveCount(0);
    await expectAccessible(admin, `Manage All Orders, To ship (${width} px)`);
    await expectNoSidewaysScroll(admin, `Manage All Orders, To ship (${width} px)`);

    // From the queue to the order page: two lines in one box, the third left for later.
    await row.getByRole('link', { name: `Order ${order.orderNumber}: open its page` }).click();
    await expect(admin.getByTestId('order-page-number')).toHaveText(order.orderNumber);
    await expect(admin.getByTestId('order-state')).toHaveText('Paid');
    await shipFromOrderPage(admin, [null, null, '0'], `1Z${Date.now().toString(36).toUpperCase()}Q${width}`);
    await expect(admin.getByTestId('order-state')).toHaveText('Partially shipped');
    await expect(admin.getByTestId('shipped-progress').getByRole('listitem')).toHaveText([/ 25 of 25 shipped$/, / 20 of 20 shipped$/, / 0 of 20 shipped$/]);

    // Back in the queue, still there, saying how much has gone; its row ships the rest.
    await openQueue(admin);
    row = await findRow(admin, 'order-row', order.orderNumber);
    await expect(row.getByTestId('order-shipped')).toHaveText('2 of 3 lines shipped');
    await row.getByRole('button', { name: /^Ship rest: / }).click();
    await expect(row.getByText('Shipped', { exact: true })).toBeVisible();

    // Read again, the queue no longer holds it; the order page says Shipped with both boxes.
    await openQueue(admin);
    const more = admin.getByRole('button', { name: 'Load more' });
    while ((await more.count()) > 0) {
      await more.click();
      await expect(admin.getByRole('button', { name: 'Loading…' })).toHaveCount(0);
    }
    await expect(admin.getByTestId('order-row').filter({ hasText: order.orderNumber })).toHaveCount(0);
    await admin.goto(`/dashboard/order/${order._id}`);
    await expect(admin.getByTestId('order-state')).toHaveText('Shipped');
    await expect(admin.getByTestId('shipment')).toHaveCount(2);
    await expect(admin.getByTestId('shipment').nth(1).getByTestId('shipment-line')).toHaveText([/^20 ×/]);
    await admin.context().close();
  });
}
