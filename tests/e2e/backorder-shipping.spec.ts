import { expect, test } from '@playwright/test';
import { API } from '../../common/src/api-paths';
import { call, fillAddress, findRow, payAs } from './support/orders';
import { expectStill, recordShifts, settledShifts } from './support/layout-shifts';
import { expectAccessible, expectNoSidewaysScroll } from './support/page-checks';
import { calendarDay, pageAt, shipFromOrderPage } from './support/ship';
import { DEMO, newCustomer } from './support/session';
import { signedInAs, signedInOnce } from './support/signed-in';

/**
 * A backorder from the booking modal to the buyer's door (CONTRACT §14, decisions 0079 and 0080),
 * at desktop and phone widths: a buyer books more of a part than is in stock, ticking "Backorder
 * the rest"; their order page shows the backordered units with the day expected; the admin adds
 * stock on the product form, which goes to the backorder; the buyer's order page no longer shows
 * anything waiting; the admin ships the whole line and the buyer sees the shipment.
 *
 * In the shared lane: it adds a product of its own (deleted at the end), which changes the
 * catalogue's count that other specs of that lane read.
 */

interface Order {
  _id: string;
  orderNumber: string;
  lines: { quantity: number; backorderedQuantity: number; expectedOn: string | null }[];
}

const IN_STOCK = 3;
const WANTED = 5;

const made: string[] = [];
test.afterEach(async () => {
  for (const id of made.splice(0)) await call(DEMO.admin, 'DELETE', `/manage/${id}`);
});

for (const width of [1280, 390]) {
  test(`a buyer backorders beyond the stock from the booking modal; stock arrives on the product form and the line ships at ${width} px`, async ({
    browser,
  }) => {
    // Two roles, the booking modal, the product form and a shipment on two shared cores.
    test.setTimeout(120_000);
    const name = `E2E Backorder Relay ${width} ${Date.now()}`;
    const tool = await call<{ _id: string }>(DEMO.admin, 'POST', '/addItem', {
      image: '/images/tools/defrost-timer.svg',
      name,
      description: 'Start relay for the backorder test.',
      price: '12.00',
      minimumQuantity: '1',
      availableQuantity: String(IN_STOCK),
      weight: '0.25',
    });
    made.push(tool._id);

    // The buyer: more than is in stock is refused until they tick "Backorder the rest".
    const buyer = await newCustomer(`backorder${width}`);
    const page = await pageAt(browser, width);
    await signedInOnce(page, buyer);
    await page.goto(`/purchaseorder/${tool._id}`);
    await expect(page.getByTestId('tool-available')).toHaveText(String(IN_STOCK));
    await page.getByRole('button', { name: 'Book Order' }).click();
    const dialog = page.getByRole('dialog', { name: /^Book / });
    await expect(dialog.getByLabel(/Quantity/)).toBeFocused();
    await expect(dialog.getByRole('checkbox', { name: 'Backorder the rest' })).toHaveCount(0);
    await dialog.getByLabel(/Quantity/).fill(String(WANTED));
    await expect(dialog.getByRole('button', { name: 'Book Now' })).toBeDisabled();
    await dialog.getByRole('checkbox', { name: 'Backorder the rest' }).check();
    await expect(dialog.getByTestId('booking-backordered')).toHaveText(new RegExp(`^${WANTED - IN_STOCK} backordered, expected [A-Z][a-z]{2} \\d{1,2}$`));
    const promised = (await dialog.getByTestId('booking-backordered').textContent())!.replace(/^.*expected /, '');
    await dialog.getByLabel(/Phone/).fill('+1 555 010 6610');
    await fillAddress(dialog, '8 Evaporator Court', 'Dayton');
    await expect(dialog.getByRole('radio').first()).toBeChecked();
    await expect(dialog.getByRole('button', { name: 'Book Now' })).toBeEnabled();
    await expectAccessible(page, `booking modal with the backorder tick (${width} px)`);
    const answered = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname.endsWith(API.booking));
    await dialog.getByRole('button', { name: 'Book Now' }).click();
    const res = await answered;
    expect(res.status()).toBe(201);
    expect(res.request().postDataJSON()).toMatchObject({ toolId: tool._id, quantity: WANTED, backorder: true });
    const booked = (await res.json()) as Order;
    await expect(dialog).toBeHidden();
    // What is on the shelf is reserved; the rest waits.
    await expect(page.getByTestId('tool-available')).toHaveText('0');
    await payAs(buyer, booked._id);

    // Its order page: the backordered units and the day they are expected, the one the modal said.
    const placed = await call<Order>(buyer, 'GET', API.myBooking(booked._id));
    expect(placed.lines[0]).toMatchObject({
      quantity: WANTED,
      backorderedQuantity: WANTED - IN_STOCK,
      expectedOn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    expect(calendarDay(placed.lines[0]!.expectedOn!)).toBe(promised);
    await recordShifts(page);
    await page.goto(`/dashboard/order/${booked._id}`);
    const waiting = page.getByTestId('order-backorders');
    await expect(waiting).toContainText(`${name} ${WANTED - IN_STOCK} of ${WANTED} backordered, expected ${promised}`);
    await expect(waiting).toContainText('What is in stock ships first');
    await expect(page.getByTestId('order-state')).toHaveText('Paid');
    expectStill(await settledShifts(page), `order page with a backordered line (${width} px)`);
    await expectAccessible(page, `order page with a backordered line (${width} px)`);
    await expectNoSidewaysScroll(page, `order page with a backordered line (${width} px)`);

    // The admin: the delivery goes on the product form's Add stock.
    const admin = await pageAt(browser, width);
    await signedInAs(admin, 'admin');
    await admin.goto('/dashboard/manageproduct');
    const row = await findRow(admin, 'product-row', name);
    await row.getByRole('button', { name: /^Edit/ }).click();
    const form = admin.getByRole('dialog', { name: `Edit ${name}` });
    await form.getByLabel('Add stock').fill('10');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form).toBeHidden();

    // The buyer: nothing waits any more; the whole line is ready and the order still to ship.
    await page.reload();
    await expect(page.getByTestId('order-state')).toHaveText('Paid');
    await expect(page.getByRole('heading', { name: `1 line` })).toBeVisible();
    await expect(page.getByTestId('order-backorders')).toHaveCount(0);
    const ready = await call<Order>(buyer, 'GET', API.myBooking(booked._id));
    expect(ready.lines[0]).toMatchObject({ quantity: WANTED, backorderedQuantity: 0, expectedOn: null });
    // The backorder took its 2 first; the rest of the delivery is on the shelf.
    await page.goto(`/purchaseorder/${tool._id}`);
    await expect(page.getByTestId('tool-available')).toHaveText(String(10 - (WANTED - IN_STOCK)));

    // The admin ships the whole line from the order page; the buyer sees the shipment.
    await admin.goto(`/dashboard/order/${booked._id}`);
    await expect(admin.getByTestId('order-state')).toHaveText('Paid');
    const number = `1Z${Date.now().toString(36).toUpperCase()}BO${width}`;
    await shipFromOrderPage(admin, [null], number);
    await expect(admin.getByTestId('order-state')).toHaveText('Shipped');
    await admin.context().close();

    await page.goto(`/dashboard/order/${booked._id}`);
    await expect(page.getByTestId('order-state')).toHaveText('Shipped');
    const shipment = page.getByTestId('shipment');
    await expect(shipment).toHaveCount(1);
    await expect(shipment.getByTestId('shipment-line')).toHaveText([new RegExp(`^${WANTED} ×`)]);
    await expect(shipment.getByRole('link', { name: new RegExp(`^${number}`) })).toHaveAttribute('href', `https://www.ups.com/track?tracknum=${number}`);
    await page.context().close();
  });
}
