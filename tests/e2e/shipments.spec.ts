import { expect, test } from '@playwright/test';
import { API } from '../../common/src/api-paths';
import { expectStill, recordShifts, settledShifts } from './support/layout-shifts';
import { call, payAs } from './support/orders';
import { expectAccessible, expectNoSidewaysScroll } from './support/page-checks';
import { newCustomer } from './support/session';
import { pageAt, shipFromOrderPage } from './support/ship';
import { signedInAs, signedInOnce } from './support/signed-in';

/**
 * Shipments (CONTRACT §14, decision 0079) in the browser, at desktop and phone widths: the admin
 * ships a new customer's paid order of two lines in two boxes from the order page's Ship dialog
 * (one line and part of the other by UPS, then the rest), and the buyer's order page shows both
 * shipments with their tracking links to ups.com, accessible and without layout shifts. The admin
 * corrects the first box's tracking number in the Edit tracking dialog (accessible, nothing moving)
 * and the buyer's link follows the new number.
 */

interface Order {
  _id: string;
  orderNumber: string;
}

const LINES = [
  { partNumber: 'FP-THM-CC-036', quantity: 25 },
  { partNumber: 'FP-DFT-8H25', quantity: 20 },
];

for (const width of [1280, 390]) {
  test(`the admin ships an order in two boxes at ${width} px; the buyer follows both to ups.com`, async ({ browser }) => {
    const buyer = await newCustomer(`ship${width}`);
    const order = await call<Order>(buyer, 'POST', API.quickOrder, { lines: LINES, phone: '+1 555 010 4456', address: '12 Compressor Way, Dayton' });
    await payAs(buyer, order._id);
    const stamp = Date.now().toString(36).toUpperCase();
    const first = `1Z${stamp}A${width}`;
    const second = `1Z${stamp}B${width}`;
    // The number the first box really went by, corrected after shipping (medusa#14554).
    const corrected = `1Z${stamp}C${width}`;

    // The admin: nothing shipped yet, so no Shipments section; the first box takes the first line and 5 of the second.
    const admin = await pageAt(browser, width);
    await signedInAs(admin, 'admin');
    await admin.goto(`/dashboard/order/${order._id}`);
    await expect(admin.getByTestId('order-state')).toHaveText('Paid');
    await expect(admin.getByRole('heading', { name: 'Shipments' })).toHaveCount(0);
    await shipFromOrderPage(admin, [null, '5'], first);
    await expect(admin.getByTestId('order-state')).toHaveText('Partially shipped');
    await expect(admin.getByTestId('shipment')).toHaveCount(1);
    await expect(admin.getByTestId('shipped-progress')).toContainText('5 of 20 shipped');

    // The second box: only the 15 left of the second line is offered, all by default.
    await shipFromOrderPage(admin, [null], second);
    await expect(admin.getByTestId('order-state')).toHaveText('Shipped');
    await expect(admin.getByTestId('shipment')).toHaveCount(2);
    await expect(admin.getByRole('button', { name: 'Ship…' })).toHaveCount(0);
    await expect(admin.getByTestId('shipment').nth(1).getByTestId('shipment-line')).toHaveText([/^15 ×/]);
    // Read fresh (no toast fading in): axe over the admin's page with both shipments and their actions.
    await recordShifts(admin);
    await admin.reload();
    await expect(admin.getByTestId('shipment')).toHaveCount(2);
    await expectAccessible(admin, `order page with shipments (admin, ${width} px)`);

    // Edit tracking: the dialog opens on the shipment as it is; the corrected number replaces the
    // link, and focus comes back to the button that opened it.
    const edit = admin.getByRole('button', { name: 'Edit tracking: shipment 1' });
    await edit.click();
    const dialog = admin.getByRole('dialog', { name: 'Edit tracking of shipment 1' });
    const numbers = dialog.getByRole('textbox', { name: 'Tracking numbers' });
    await expect(numbers).toHaveValue(first);
    await expect(dialog.getByRole('combobox', { name: 'Carrier' })).toHaveValue('ups');
    await expectAccessible(admin, `Edit tracking dialog (${width} px)`);
    await numbers.fill(`${corrected}!`);
    await dialog.getByRole('button', { name: 'Save tracking' }).click();
    await expect(numbers).toHaveAccessibleDescription(/letters, digits and dashes/);
    await expect(numbers).toBeFocused();
    await numbers.fill(corrected);
    await dialog.getByRole('button', { name: 'Save tracking' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(edit).toBeFocused();
    const box = admin.getByTestId('shipment').nth(0);
    await expect(box.getByRole('link', { name: new RegExp(`^${corrected}`) })).toHaveAttribute('href', `https://www.ups.com/track?tracknum=${corrected}`);
    await expect(box.getByRole('link', { name: new RegExp(`^${first}`) })).toHaveCount(0);
    expectStill(await settledShifts(admin), `order page with the Edit tracking dialog opened and saved (${width} px)`);
    await admin.context().close();

    // The buyer: both shipments, each tracking number a link to UPS's page in a new tab.
    const page = await pageAt(browser, width);
    await signedInOnce(page, buyer);
    await recordShifts(page);
    await page.goto(`/dashboard/order/${order._id}`);
    const shipments = page.getByTestId('shipment');
    await expect(shipments).toHaveCount(2);
    await expect(page.getByTestId('order-state')).toHaveText('Shipped');
    for (const [i, number] of [corrected, second].entries()) {
      const box = shipments.nth(i);
      await expect(box.getByTestId('shipment-carrier')).toHaveText('UPS');
      await expect(box.getByTestId('shipment-delivery')).toHaveText('In transit');
      const link = box.getByRole('link', { name: new RegExp(`^${number}`) });
      await expect(link).toHaveAttribute('href', `https://www.ups.com/track?tracknum=${number}`);
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', 'noreferrer');
      await expect(box.getByRole('button', { name: `Packing slip (PDF) of shipment ${i + 1}` })).toBeVisible();
      await expect(box.getByRole('button', { name: /Mark delivered|Cancel shipment/ })).toHaveCount(0);
    }
    await expect(shipments.nth(0).getByTestId('shipment-line')).toHaveText([/^25 ×/, /^5 ×/]);
    await expect(shipments.nth(0).getByRole('link', { name: new RegExp(`^${first}`) })).toHaveCount(0);
    expectStill(await settledShifts(page), `order page with shipments (${width} px)`);
    await expectAccessible(page, `order page with shipments (buyer, ${width} px)`);
    await expectNoSidewaysScroll(page, `order page with shipments (${width} px)`);
    await page.context().close();
  });
}
