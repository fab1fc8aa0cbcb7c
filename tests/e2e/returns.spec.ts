import { expect, test } from '@playwright/test';
import { API } from '../../common/src/api-paths';
import { expectStill, settledShifts } from './support/layout-shifts';
import { call, payAs } from './support/orders';
import { expectAccessible, expectNoSidewaysScroll } from './support/page-checks';
import { approveOnScreen, orderPageAt, refundOnScreen, requestedRma, returnsScreenAt } from './support/returns';
import { DEMO } from './support/session';
import { shipAllAsAdmin } from './support/ship';

/**
 * Returns (CONTRACT §16, issue 47 slice 1) in the browser at desktop and phone widths: the demo
 * customer's paid order is shipped (through the API, as the admin's Ship dialog sends it); on the
 * order page the buyer returns two units of a wrong part from the Return dialog and is given the
 * RMA number; the admin approves, receives and refunds it from the Returns screen (the refund's
 * exact amount confirmed first); the buyer's order page then shows the return refunded with the
 * same total. axe and the layout-shift guard over the order page's Returns, the dialog, the screen
 * and its dialogs.
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
  test(`a buyer returns a wrong part; the admin approves, receives and refunds it at ${width} px`, async ({ browser }) => {
    test.slow();
    const order = await call<Order>(DEMO.customer, 'POST', API.quickOrder, { lines: LINES, phone: '+1 555 010 4456', address: '12 Compressor Way, Dayton' });
    await payAs(DEMO.customer, order._id);
    await shipAllAsAdmin(order._id, [25, 20]);

    // The buyer: the order's Returns with Return parts; the dialog offers the open reasons with their last day.
    const buyer = await orderPageAt(browser, width, order._id, { shifts: true });
    await expect(buyer.getByTestId('order-state')).toHaveText('Shipped');
    const returnParts = buyer.getByRole('button', { name: 'Return parts' });
    await expect(returnParts).toBeVisible();
    expectStill(await settledShifts(buyer), `order page with its Returns (${width} px)`);
    await returnParts.click();
    const dialog = buyer.getByRole('dialog', { name: `Return parts of order ${order.orderNumber}` });
    await expect(dialog).toBeVisible();
    const lines = dialog.getByTestId('return-line');
    await expect(lines).toHaveCount(2);
    const reason = lines.nth(0).getByRole('combobox', { name: 'Reason' });
    await expect(reason.locator('option')).toHaveText([
      /^Wrong part \(until \w{3} \d{1,2}\)$/,
      /^Not needed \(until/,
      /^Defective \(until/,
      /^Damaged in transit \(until/,
      // A warranty claim (decision 0087) is the last reason.
      /^Warranty \(until/,
    ]);
    await expectAccessible(buyer, `Return dialog (${width} px)`);
    await expectNoSidewaysScroll(buyer, `Return dialog (${width} px)`);
    const quantity = lines.nth(0).getByRole('textbox', { name: 'Quantity to return' });
    await quantity.fill('26');
    await dialog.getByRole('button', { name: 'Request return' }).click();
    await expect(quantity).toHaveAccessibleDescription('At most 25 can be returned');
    await quantity.fill('2');
    await reason.selectOption('wrong-part');
    await lines.nth(0).getByRole('textbox', { name: 'Note (optional)' }).fill('Ordered the 36 in, got another');
    await dialog.getByRole('button', { name: 'Request return' }).click();
    const rma = await requestedRma(buyer, `Return requested (${width} px)`);
    const card = buyer.getByTestId('order-return').filter({ hasText: rma });
    await expect(card.getByTestId('order-return-state')).toHaveText('Requested');
    await expect(card.getByTestId('order-return-line')).toContainText('2 ×');
    await expect(card.getByRole('button', { name: `RMA slip (PDF) of ${rma}` })).toBeVisible();
    expectStill(await settledShifts(buyer), `order page after the Return dialog (${width} px)`);
    await buyer.context().close();

    // The admin: the Returns screen (title, menu, tabs), the request among the requested ones.
    const { admin, row } = await returnsScreenAt(browser, width, rma, order.orderNumber);
    await expect(admin).toHaveTitle('Returns | FridgeParts');
    await expect(row.getByTestId('return-line')).toContainText('Wrong part');
    expectStill(await settledShifts(admin), `Returns screen (${width} px)`);
    await expectAccessible(admin, `Returns screen (${width} px)`);
    await expectNoSidewaysScroll(admin, `Returns screen (${width} px)`);

    // Approve: no part is a not-needed one, so no restocking fee by default.
    await approveOnScreen(admin, row, rma, async (approve) => {
      await expect(approve.getByRole('textbox', { name: 'Restocking fee (%)' })).toHaveValue('0');
      await expectAccessible(admin, `Approve dialog (${width} px)`);
    });

    // Receive: one resaleable, one damaged.
    await row.getByRole('button', { name: `Receive ${rma}` }).click();
    const receive = admin.getByRole('dialog', { name: `Receive ${rma}` });
    await expect(receive.getByTestId('receive-resaleable')).toHaveValue('2');
    await receive.getByTestId('receive-resaleable').fill('1');
    await receive.getByTestId('receive-damaged').fill('1');
    await expectAccessible(admin, `Receive dialog (${width} px)`);
    await receive.getByRole('button', { name: 'Record receipt' }).click();
    await expect(receive).toHaveCount(0);
    await expect(row.getByTestId('return-line')).toContainText('1 resaleable, 1 damaged');

    // Refund: the server's amount, confirmed first.
    const total = await refundOnScreen(admin, row, rma, `Refund confirmation (${width} px)`, async (confirm) => {
      await expect(confirm.getByRole('button', { name: 'Not now' })).toBeFocused();
    });
    expectStill(await settledShifts(admin), `Returns screen with its dialogs (${width} px)`);
    await admin.context().close();

    // The buyer sees the refund on the order page.
    const after = await orderPageAt(browser, width, order._id);
    const refunded = after.getByTestId('order-return').filter({ hasText: rma });
    await expect(refunded.getByTestId('order-return-state')).toHaveText('Refunded');
    await expect(refunded.getByTestId('refund-total')).toHaveText(total);
    await expectAccessible(after, `order page with a refunded return (${width} px)`);
    await after.context().close();
  });
}
