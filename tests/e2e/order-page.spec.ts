import { expect, test, type Browser, type Page } from '@playwright/test';
import { API } from '../../common/src/api-paths';
import { call, findRow, payAs } from './support/orders';
import { DEMO } from './support/session';
import { signedInAs } from './support/signed-in';

/**
 * The order page (CONTRACT §8) in the browser, at desktop and phone widths: an order of several
 * lines is one row of My Orders with its line count, and its page shows every line and the
 * timeline; the admin opens it from Manage All Orders and ships it from there.
 */

interface Order {
  _id: string;
  orderNumber: string;
  total: number;
}

const LINES = [
  { partNumber: 'FP-CMP-134A-033', quantity: 5 },
  { partNumber: 'FP-THM-CC-036', quantity: 25 },
  { partNumber: 'FP-DFT-8H25', quantity: 20 },
];

async function pageAt(browser: Browser, width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: width < 600 ? 844 : 900 } });
  return context.newPage();
}

/** Every control of the page's action group is on screen: nothing is cut off at the right. */
async function expectActionsOnScreen(page: Page, width: number) {
  const actions = page.getByRole('group', { name: 'Order actions' }).locator('a, button');
  for (const action of await actions.all()) {
    const box = (await action.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(width);
  }
}

for (const width of [1280, 390]) {
  test(`an order of three lines at ${width} px: My Orders, its page and timeline; the admin ships it from the page`, async ({ browser }) => {
    const po = `OP-${width}-${Date.now().toString(36).toUpperCase()}`;
    const order = await call<Order>(DEMO.customer, 'POST', API.quickOrder, {
      lines: LINES,
      phone: '+1 555 010 4455',
      address: '9 Evaporator Road, Toledo',
      poNumber: po,
    });
    await payAs(DEMO.customer, order._id);

    // The customer: one row with the first item and the line count; its number opens the page.
    const customer = await pageAt(browser, width);
    await signedInAs(customer, 'customer');
    await customer.goto('/dashboard/myorder');
    const row = await findRow(customer, 'booking-row', order.orderNumber);
    await expect(row.getByTestId('order-items')).toHaveText(/\+ 2 more lines$/);
    await expect(row).toContainText(`PO ${po}`);
    await row.getByRole('link', { name: new RegExp(order.orderNumber) }).click();
    await expect(customer).toHaveURL(new RegExp(`/dashboard/order/${order._id}$`));
    await expect(customer.getByRole('heading', { level: 1 })).toHaveText(`Order ${order.orderNumber}`);
    await expect(customer).toHaveTitle(new RegExp(`^Order ${order.orderNumber}`));
    const lines = customer.getByTestId('order-line');
    await expect(lines).toHaveCount(3);
    for (const [i, line] of LINES.entries()) await expect(lines.nth(i)).toContainText(line.partNumber);
    await expect(customer.getByTestId('order-po')).toHaveText(po);
    await expect(customer.getByText('9 Evaporator Road, Toledo')).toBeVisible();
    await expect(customer.getByTestId('order-state')).toHaveText('Paid');
    await expect(customer.getByTestId('transaction-id')).toHaveText(/^pi_/);
    const timeline = customer.getByTestId('order-timeline').getByRole('listitem');
    await expect(timeline).toHaveCount(2);
    await expect(timeline.nth(0)).toContainText('Booked');
    await expect(timeline.nth(1)).toContainText('Paid');
    await expect(customer.getByRole('button', { name: 'Ship…' })).toHaveCount(0);
    await expect(customer.getByRole('button', { name: /Invoice \(PDF\)/ })).toBeVisible();
    await expectActionsOnScreen(customer, width);

    // The admin: from Manage All Orders to the same page, with the buyer and Ship… (every line, all left, by UPS).
    const admin = await pageAt(browser, width);
    await signedInAs(admin, 'admin');
    await admin.goto('/dashboard/manageallorder');
    const adminRow = await findRow(admin, 'order-row', order.orderNumber);
    await expect(adminRow.getByTestId('order-items')).toHaveText(/\+ 2 more lines$/);
    await adminRow.getByRole('link', { name: new RegExp(order.orderNumber) }).click();
    await expect(admin).toHaveURL(new RegExp(`/dashboard/order/${order._id}$`));
    await expect(admin.getByTestId('order-buyer')).toContainText(DEMO.customer.email);
    await expect(admin.getByTestId('order-line')).toHaveCount(3);
    await expectActionsOnScreen(admin, width);
    await admin.getByRole('button', { name: 'Ship…' }).click();
    const dialog = admin.getByRole('dialog', { name: `Ship order ${order.orderNumber}` });
    await dialog.getByRole('textbox', { name: 'Tracking numbers' }).fill(`1ZOP${width}`);
    await dialog.getByRole('button', { name: 'Ship', exact: true }).click();
    await expect(dialog).toHaveCount(0);
    await expect(admin.getByTestId('order-state')).toHaveText('Shipped');
    await expect(admin.getByTestId('shipment')).toHaveCount(1);
    const adminTimeline = admin.getByTestId('order-timeline').getByRole('listitem');
    await expect(adminTimeline).toHaveCount(3);
    await expect(adminTimeline.nth(2)).toContainText('Shipped');
    await expect(adminTimeline.nth(2).locator('time')).toHaveCount(1);
    await expect(admin.getByRole('button', { name: 'Ship…' })).toHaveCount(0);

    // The customer sees the shipment in the timeline too.
    await customer.reload();
    await expect(customer.getByTestId('order-timeline').getByRole('listitem')).toHaveCount(3);
    await expect(customer.getByTestId('order-state')).toHaveText('Shipped');
    await customer.context().close();
    await admin.context().close();
  });
}

test("a customer opening someone else's order is told there is no such order", async ({ browser }) => {
  // An order of another account: the demo admin's own reservation is not the customer's.
  const others = await call<Order>(DEMO.admin, 'POST', API.quickOrder, { lines: [LINES[0]], phone: '+1 555 010 4455', address: '9 Evaporator Road, Toledo' });
  const page = await pageAt(browser, 1280);
  await signedInAs(page, 'customer');
  await page.goto(`/dashboard/order/${others._id}`);
  await expect(page.getByText('Order not found')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to My Orders' })).toBeVisible();
  await expect(page.getByTestId('order-line')).toHaveCount(0);
  // Signed in still: a foreign order does not end the session.
  await expect(page.getByTestId('nav-user-name')).toHaveText(DEMO.customer.displayName);
  await call(DEMO.admin, 'DELETE', API.deleteOrder(others._id));
  await page.context().close();
});
