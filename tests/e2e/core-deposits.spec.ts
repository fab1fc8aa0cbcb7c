import { expect, test } from '@playwright/test';
import { API } from '../../common/src/api-paths';
import { expectStill, settledShifts } from './support/layout-shifts';
import { call, payAs } from './support/orders';
import { expectAccessible, expectNoSidewaysScroll } from './support/page-checks';
import { approveOnScreen, orderPageAt, refundOnScreen, requestedRma, returnsScreenAt } from './support/returns';
import { DEMO } from './support/session';
import { pageAt, shipAllAsAdmin } from './support/ship';
import { signedInAs } from './support/signed-in';

/**
 * Core deposits (CONTRACT §16, decision 0088) in the browser at desktop and phone widths: the seed's
 * compressor carries a $75.00 refundable deposit on its core. The demo customer's cart line says
 * so; an order of five (the deposit of five in its total) is paid and shipped (through the API, as
 * the admin's Ship dialog sends it); on the order page the line shows the deposit and the cores
 * owed, and the buyer sends the five cores back from the Return dialog's Return cores and is given
 * the RMA number; the admin approves the core return, receives it with every core Accepted and
 * refunds the deposit (its exact amount confirmed first); the buyer's order page then shows the
 * deposit back and no cores owed. axe and the layout-shift guard over the order page, the dialog,
 * the Returns screen and its Receive dialog.
 */

interface Line {
  lineTotal: number;
  coreDeposit: number;
  coresOwed: number;
}
interface Order {
  _id: string;
  orderNumber: string;
  total: number;
  lines: Line[];
  shipping: { amount: number } | null;
  tax: { amount: number } | null;
}

const COMPRESSOR = { partNumber: 'FP-CMP-134A-033', quantity: 5 };
const DEPOSIT = '$375.00';
const cents = (dollars: number) => Math.round(dollars * 100);

for (const width of [1280, 390]) {
  test(`a buyer orders a compressor with its core deposit, returns the cores and gets the deposit back at ${width} px`, async ({ browser }) => {
    test.slow();
    // The cart line says the deposit before the order is placed; the cart is left empty again.
    await call(DEMO.customer, 'PUT', API.cart, { lines: [] });
    await call(DEMO.customer, 'POST', API.cartLines, { lines: [COMPRESSOR] });
    const cart = await pageAt(browser, width);
    await signedInAs(cart, 'customer');
    await cart.goto('/dashboard/cart');
    const cartLine = cart.getByTestId('cart-line').filter({ hasText: 'Compressor' });
    await expect(cartLine.getByTestId('cart-line-core-deposit')).toHaveText(`Core deposit, refundable: ${DEPOSIT}`);
    // The checkout counts it in a row of its own, in the total the order then charges.
    await expect(cart.getByTestId('checkout-total').getByTestId('amount-core-deposits')).toHaveText(DEPOSIT);
    await cart.context().close();
    await call(DEMO.customer, 'PUT', API.cart, { lines: [] });

    // The order: the deposit is its own amount on the line, in the total beside the parts, shipping and tax.
    const order = await call<Order>(DEMO.customer, 'POST', API.quickOrder, {
      lines: [COMPRESSOR],
      phone: '+1 555 010 4457',
      address: '14 Compressor Way, Dayton',
    });
    const line = order.lines[0]!;
    expect(line.coreDeposit).toBe(375);
    expect(cents(order.total)).toBe(cents(line.lineTotal) + cents(375) + cents(order.shipping?.amount ?? 0) + cents(order.tax?.amount ?? 0));
    await payAs(DEMO.customer, order._id);
    await shipAllAsAdmin(order._id, [5]);

    // The buyer: the line's deposit and the cores owed; Return cores.
    const buyer = await orderPageAt(browser, width, order._id, { shifts: true });
    await expect(buyer.getByTestId('order-state')).toHaveText('Shipped');
    const orderLine = buyer.getByTestId('order-line');
    await expect(orderLine.getByTestId('order-line-core-deposit')).toHaveText(`Core deposit, refundable: ${DEPOSIT}`);
    // The day they are due: CORE_RETURN_DAYS (60) after the shipment.
    await expect(orderLine.getByTestId('order-line-cores')).toHaveText(/^Cores owed: 5 \(return by \w{3} \d{1,2}\)$/);
    const returnCores = buyer.getByRole('button', { name: 'Return cores' });
    await expect(returnCores).toBeVisible();
    expectStill(await settledShifts(buyer), `order page with its cores owed (${width} px)`);
    await returnCores.click();
    const dialog = buyer.getByRole('dialog', { name: `Return cores of order ${order.orderNumber}` });
    await expect(dialog).toBeVisible();
    const lines = dialog.getByTestId('return-line');
    await expect(lines).toHaveCount(1);
    const quantity = lines.nth(0).getByRole('textbox', { name: 'Cores to return' });
    await expect(quantity).toHaveValue('5');
    await expect(quantity).toHaveAccessibleDescription(/^0 to 5; deposit \$75\.00 each/);
    await expectAccessible(buyer, `Return cores dialog (${width} px)`);
    await expectNoSidewaysScroll(buyer, `Return cores dialog (${width} px)`);
    await quantity.fill('6');
    await dialog.getByRole('button', { name: 'Request core return' }).click();
    await expect(quantity).toHaveAccessibleDescription('At most 5 can be returned');
    await quantity.fill('5');
    await dialog.getByRole('button', { name: 'Request core return' }).click();
    await expect(buyer.getByRole('dialog', { name: /^Return RMA-\d{4}-\d{6}$/ }).getByTestId('return-requested')).toContainText('(5 cores)');
    const rma = await requestedRma(buyer, `Core return requested (${width} px)`);
    const card = buyer.getByTestId('order-return').filter({ hasText: rma });
    await expect(card.getByTestId('order-return-state')).toHaveText('Requested');
    await expect(card.getByTestId('order-return-line')).toContainText('5 × Hermetic Reciprocating Compressor');
    await expect(card.getByTestId('order-return-line')).toContainText('Core return (deposit $75.00 each)');
    // Every core owed is in the open core return: nothing more to send.
    await expect(returnCores).toHaveCount(0);
    expectStill(await settledShifts(buyer), `order page after the Return cores dialog (${width} px)`);
    await buyer.context().close();

    // The admin: approve the core return, receive it with its cores inspected, refund the deposit.
    const { admin, row } = await returnsScreenAt(browser, width, rma, order.orderNumber);
    await expect(row.getByTestId('return-line')).toContainText('Core return');
    expectStill(await settledShifts(admin), `Returns screen with a core return (${width} px)`);
    await approveOnScreen(admin, row, rma, async (approve) => {
      // No restocking fee on a core return: the deposit comes back by the inspection.
      await expect(approve.getByRole('textbox', { name: 'Restocking fee (%)' })).toHaveCount(0);
    });

    await row.getByRole('button', { name: `Receive ${rma}` }).click();
    const receive = admin.getByRole('dialog', { name: `Receive ${rma}` });
    const receiveLine = receive.getByTestId('receive-line');
    await expect(receiveLine).toContainText(`deposit ${DEPOSIT}`);
    await expect(receiveLine.getByRole('radio', { name: 'Accepted' })).toBeChecked();
    // Partial asks the amount, at most the deposit; Accepted is recorded.
    await receiveLine.getByRole('radio', { name: 'Partial' }).check();
    await expect(receiveLine.getByRole('textbox', { name: 'Amount credited ($)' })).toHaveAccessibleDescription(`At most ${DEPOSIT}`);
    await expectAccessible(admin, `Receive dialog of a core return (${width} px)`);
    await expectNoSidewaysScroll(admin, `Receive dialog of a core return (${width} px)`);
    await receiveLine.getByRole('radio', { name: 'Accepted' }).check();
    await receive.getByRole('button', { name: 'Record inspection' }).click();
    await expect(receive).toHaveCount(0);
    await expect(row.getByTestId('return-inspection')).toHaveText('(inspected: Accepted)');

    const total = await refundOnScreen(admin, row, rma, `Refund confirmation of a core return (${width} px)`, async (confirm) => {
      await expect(confirm.getByTestId('refund-parts')).toHaveText(DEPOSIT);
      // The receipt's toast still fading in would be judged at half its contrast: axe once it has settled.
      await admin.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
    });
    expectStill(await settledShifts(admin), `Returns screen with the core return's dialogs (${width} px)`);
    await admin.context().close();

    // The buyer: the deposit back, no cores owed any more.
    const after = await orderPageAt(browser, width, order._id);
    const refunded = after.getByTestId('order-return').filter({ hasText: rma });
    await expect(refunded.getByTestId('order-return-state')).toHaveText('Refunded');
    await expect(refunded.getByRole('heading', { name: 'Deposit back' })).toBeVisible();
    await expect(refunded.getByTestId('refund-parts')).toHaveText(DEPOSIT);
    await expect(refunded.getByTestId('refund-total')).toHaveText(total);
    await expect(refunded.getByTestId('order-return-inspection')).toContainText('Accepted');
    await expect(after.getByTestId('order-line').getByTestId('order-line-core-deposit')).toHaveText(`Core deposit, refundable: ${DEPOSIT}`);
    await expect(after.getByTestId('order-line').getByTestId('order-line-cores')).toHaveCount(0);
    await expectAccessible(after, `order page with the deposit back (${width} px)`);
    await after.context().close();
  });
}
