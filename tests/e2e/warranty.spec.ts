import { expect, test } from '@playwright/test';
import { API } from '../../common/src/api-paths';
import { expectStill, settledShifts } from './support/layout-shifts';
import { call, findRow, payAs } from './support/orders';
import { expectAccessible, expectNoSidewaysScroll } from './support/page-checks';
import { approveOnScreen, orderPageAt, requestedRma, returnsScreenAt } from './support/returns';
import { DEMO } from './support/session';
import { shipAllAsAdmin } from './support/ship';

/**
 * Warranty claims (CONTRACT §16's Warranty bullet, issue 47, decision 0087) in the browser at
 * desktop and phone widths: the demo customer's paid order is shipped (through the API, as the
 * admin's Ship dialog sends it); on the order page the buyer claims warranty on one compressor
 * from the Return dialog (the appliance's model, serial and install day, what failed) and is given
 * the RMA number; the admin approves it on the Returns screen, and the replacement order at $0.00
 * is linked both ways (the claim names it, it names the claim and its original order), with the
 * day the failed part is due; the admin receives the failed part and the claim is closed, on the
 * screen and on the buyer's order page. axe and the layout-shift guard over the dialog and the screen.
 */

interface Order {
  _id: string;
  orderNumber: string;
}

const LINES = [{ partNumber: 'FP-CMP-134A-033', quantity: 5 }];
const APPLIANCE = { model: 'RF28R7351SR', serial: '0B7K4AB123456', installedOn: '2025-06-01' };
const DAY = 86_400_000;

/** The approval's UTC day plus the 30 days the failed part has (WARRANTY_RETURN_DAYS), as the claim prints it. */
const dueDay = (): string => new Date(Date.now() + 30 * DAY).toISOString().slice(0, 10);

for (const width of [1280, 390]) {
  test(`a buyer claims warranty on a part; the admin approves it, a $0.00 replacement is linked both ways, and the failed part closes it at ${width} px`, async ({
    browser,
  }) => {
    test.slow();
    const order = await call<Order>(DEMO.customer, 'POST', API.quickOrder, { lines: LINES, phone: '+1 555 010 4457', address: '14 Compressor Way, Dayton' });
    await payAs(DEMO.customer, order._id);
    await shipAllAsAdmin(order._id, [5]);

    // The buyer: Return parts, the reason Warranty, and the appliance's fields it opens.
    const buyer = await orderPageAt(browser, width, order._id, { shifts: true });
    await expect(buyer.getByTestId('order-state')).toHaveText('Shipped');
    const returnParts = buyer.getByRole('button', { name: 'Return parts' });
    await expect(returnParts).toBeVisible();
    await returnParts.click();
    const dialog = buyer.getByRole('dialog', { name: `Return parts of order ${order.orderNumber}` });
    await expect(dialog).toBeVisible();
    const line = dialog.getByTestId('return-line');
    await expect(line).toHaveCount(1);
    const reason = line.getByRole('combobox', { name: 'Reason' });
    await expect(reason.locator('option', { hasText: /^Warranty \(until \w{3} \d{1,2}\)$/ })).toHaveCount(1);
    await line.getByRole('textbox', { name: 'Quantity to return' }).fill('1');
    // From the keyboard, as a buyer picks it (Warranty is the last reason): the appliance's fields
    // then open under the buyer's own input, which the layout-shift guard rightly does not count.
    await reason.press('End');
    await expect(reason).toHaveValue('warranty');
    const fields = dialog.getByTestId('warranty-fields');
    await expect(fields).toBeVisible();
    await fields.getByRole('textbox', { name: 'Model number' }).fill(APPLIANCE.model);
    await fields.getByRole('textbox', { name: 'Serial number' }).fill(APPLIANCE.serial);
    await fields.getByLabel('Installed on').fill(APPLIANCE.installedOn);
    await fields.getByRole('textbox', { name: 'What failed' }).fill('Compressor hums but does not start; the cabinet is warm.');
    await expectAccessible(buyer, `Return dialog with a warranty claim (${width} px)`);
    await expectNoSidewaysScroll(buyer, `Return dialog with a warranty claim (${width} px)`);
    expectStill(await settledShifts(buyer), `Return dialog with a warranty claim (${width} px)`);
    await dialog.getByRole('button', { name: 'Request return' }).click();
    const rma = await requestedRma(buyer, `Warranty claim requested (${width} px)`);
    await expect(buyer.getByRole('dialog', { name: /^Return RMA-\d{4}-\d{6,}$/ })).toHaveCount(0);
    // The order page as the buyer finds it again, with the claim among its returns.
    await buyer.goto(`/dashboard/order/${order._id}`);
    const card = buyer.getByTestId('order-return').filter({ hasText: rma });
    await expect(card.getByTestId('order-return-state')).toHaveText('Requested');
    await expect(card.getByTestId('order-return-warranty')).toContainText(
      `Model ${APPLIANCE.model}, serial ${APPLIANCE.serial}, installed ${APPLIANCE.installedOn}`,
    );
    expectStill(await settledShifts(buyer), `order page with the warranty claim (${width} px)`);
    await buyer.context().close();

    // The admin: the claim among the requested returns, with its appliance.
    const { admin, row } = await returnsScreenAt(browser, width, rma, order.orderNumber);
    await expect(row.getByTestId('return-line')).toContainText('Warranty');
    await expect(row.getByTestId('return-warranty')).toContainText(APPLIANCE.serial);
    await expect(row.getByTestId('return-warranty-replacement-pending')).toHaveText('Sent when approved');
    expectStill(await settledShifts(admin), `Returns screen with a warranty claim (${width} px)`);
    await expectAccessible(admin, `Returns screen with a warranty claim (${width} px)`);
    await expectNoSidewaysScroll(admin, `Returns screen with a warranty claim (${width} px)`);

    // Approve: the replacement is made with it, and the claim names it and the failed part's due day.
    await approveOnScreen(admin, row, rma, () => expectAccessible(admin, `Approve dialog of a warranty claim (${width} px)`));
    const replacementLink = row.getByTestId('return-warranty-replacement');
    await expect(replacementLink).toHaveText(/^Order FP-\d{4}-\d{6}$/);
    const replacementNumber = ((await replacementLink.textContent()) ?? '').replace('Order ', '');
    await expect(row.getByTestId('return-warranty-due')).toHaveText(dueDay());
    await expectAccessible(admin, `Returns screen with an approved warranty claim (${width} px)`);
    expectStill(await settledShifts(admin), `Returns screen after the approval (${width} px)`);

    // The replacement's order page: $0.00, naming the claim and linking back to the original order.
    await replacementLink.click();
    await expect(admin.getByTestId('order-page-number')).toHaveText(replacementNumber);
    await expect(admin.getByTestId('order-replacement-for')).toContainText(`Warranty replacement for ${rma}: sent at no charge.`);
    await expect(admin.getByTestId('order-total').locator('strong')).toHaveText('$0.00');
    await admin.getByRole('link', { name: 'See the original order' }).click();
    await expect(admin.getByTestId('order-page-number')).toHaveText(order.orderNumber);

    // Receive the failed part (damaged): the claim is closed, with nothing to pay.
    await admin.goto('/dashboard/returns');
    await admin.getByRole('tab', { name: 'Awaiting receipt' }).click();
    const approved = await findRow(admin, 'return-row', rma);
    await expect(approved.getByTestId('return-warranty-due')).toHaveText(dueDay());
    await approved.getByRole('button', { name: `Receive ${rma}` }).click();
    const receive = admin.getByRole('dialog', { name: `Receive ${rma}` });
    await receive.getByTestId('receive-resaleable').fill('0');
    await receive.getByTestId('receive-damaged').fill('1');
    await expectAccessible(admin, `Receive dialog of a warranty claim (${width} px)`);
    await receive.getByRole('button', { name: 'Record receipt' }).click();
    await expect(receive).toHaveCount(0);
    await expect(approved.getByTestId('return-state')).toHaveText('Closed');
    await expect(approved.getByTestId('return-warranty-due')).toHaveCount(0);
    await expect(approved.getByTestId('return-warranty-replacement')).toHaveText(`Order ${replacementNumber}`);
    expectStill(await settledShifts(admin), `Returns screen with its dialogs (${width} px)`);
    await admin.getByRole('tab', { name: 'Closed claims' }).click();
    const closed = await findRow(admin, 'return-row', rma);
    await expect(closed.getByTestId('return-state')).toHaveText('Closed');
    await expectAccessible(admin, `Closed claims (${width} px)`);
    await admin.context().close();

    // The buyer's order page: the claim closed, its replacement linked.
    const after = await orderPageAt(browser, width, order._id);
    const done = after.getByTestId('order-return').filter({ hasText: rma });
    await expect(done.getByTestId('order-return-state')).toHaveText('Closed');
    await expect(done.getByTestId('order-return-warranty-replacement')).toHaveText(`Order ${replacementNumber}`);
    await expect(done.getByTestId('order-return-next')).toHaveText('The failed part arrived: the warranty claim is closed, with nothing to pay.');
    await expectAccessible(after, `order page with a closed warranty claim (${width} px)`);
    await after.context().close();
  });
}
