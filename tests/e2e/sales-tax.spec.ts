import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import { API } from '../../common/src/api-paths';
import { call, fillAddress, findRow } from './support/orders';
import { expectAccessible, expectNoSidewaysScroll } from './support/page-checks';
import { expectStill, recordShifts, settledShifts } from './support/layout-shifts';
import { logIn, newCustomer } from './support/session';

/**
 * CONTRACT §15 in the browser, at a laptop's and a phone's width: a new customer in California
 * sees the sales tax of each line and of the order in the cart's checkout once the address is
 * typed (before it: that it is calculated then), none for an Oregon address ("No sales tax
 * collected for OR"), pays the total with the tax on the Payment page, and finds the same tax on
 * the order page, in My Orders' total and in the order's PDF. axe and the layout-shift guard on
 * the checkout with its tax. Expected amounts are computed from the cart's prices: 7.25% of each
 * line, rounded half away from zero per line (the declared rate of the Stripe double, its README);
 * shipping is untaxed in California.
 */

// Seeded (scripts/seed/demo-data.ts): a defrost heater ($28.90, at least 10, 680 in stock) and an
// evaporator fan motor ($31.50, at least 10); both ship by parcel and carry no core deposit (the
// compressor's deposit, decision 0088, is an amount and a tax line of its own, in a row of its own).
const HEATER = 'defrost-heater';
const FAN = 'evaporator-fan-motor';
const CA_BP = 725;

interface CartAnswer {
  lines: { toolId: string; name: string; lineTotal: number }[];
  total: number;
}

const cents = (dollars: number) => Math.round(dollars * 100);
/** round(amount x bp / 10000), half away from zero, in integer arithmetic (amounts here are positive). */
const taxCents = (amountCents: number, bp: number) => Math.floor((amountCents * bp + 5000) / 10000);
const usd = (c: number) => (c / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD' });

async function pdfText(buf: Buffer): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(buf));
  const { text } = await extractText(pdf, { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

async function typeOregon(page: Page) {
  await page.getByLabel(/^City/).fill('Portland');
  await page.getByLabel(/^State or region/).fill('OR');
  await page.getByLabel(/^Postal code/).fill('97204');
}

for (const width of [1280, 390]) {
  test(`at ${width} px: a California buyer sees the sales tax in checkout, pays it, and finds it on the order page and its PDF; Oregon none`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    const buyer = await newCustomer(`tax${width}`);
    const cart = await call<CartAnswer>(buyer, 'PUT', API.cart, {
      lines: [
        { toolId: HEATER, quantity: 10 },
        { toolId: FAN, quantity: 10 },
      ],
    });
    const lineTax = cart.lines.map((l) => taxCents(cents(l.lineTotal), CA_BP));
    const partsCents = cents(cart.total);
    const taxTotal = lineTax.reduce((s, t) => s + t, 0);

    await logIn(page, buyer);
    await recordShifts(page);
    await page.goto('/dashboard/cart');
    await expect(page.getByTestId('cart-line')).toHaveCount(2);
    const summary = page.getByTestId('checkout-total');
    // Before an address: no invented amount.
    await expect(summary.getByTestId('amount-tax-label')).toHaveText('Sales tax');
    await expect(summary.getByTestId('amount-tax')).toHaveText('once the address is entered');

    await page.getByLabel(/^Phone/).fill('+1 555 010 4646');
    await fillAddress(page, '1200 Harbor Blvd', 'Oakland');
    await expect(page.getByRole('radio', { name: /UPS Ground/ })).toBeChecked();
    await expect(summary.getByTestId('amount-tax-label')).toHaveText('Sales tax (CA 7.25%)');
    await expect(summary.getByTestId('amount-tax')).toHaveText(usd(taxTotal));
    await expect(summary.getByTestId('amount-parts')).toHaveText(usd(partsCents));
    await expect(summary.getByTestId('amount-shipping')).toHaveText('Free');
    await expect(summary.getByTestId('checkout-total-amount')).toHaveText(usd(partsCents + taxTotal));
    await expect(page.getByTestId('cart-line').getByTestId('line-tax')).toHaveText(lineTax.map(usd));
    expectStill(await settledShifts(page), `The checkout with its sales tax at ${width} px`);
    await expectAccessible(page, `The checkout with its sales tax at ${width} px`);
    await expectNoSidewaysScroll(page, `The checkout with its sales tax at ${width} px`);

    // Oregon: a state the shop does not collect in.
    await typeOregon(page);
    await expect(summary.getByTestId('amount-tax-label')).toHaveText('No sales tax collected for OR');
    await expect(summary.getByTestId('checkout-total-amount')).toHaveText(usd(partsCents));
    await expect(page.getByTestId('cart-line').getByTestId('line-tax')).toHaveText([usd(0), usd(0)]);

    // Back to California, and the order is placed and paid with its tax.
    await fillAddress(page, '1200 Harbor Blvd', 'Oakland');
    await expect(summary.getByTestId('amount-tax-label')).toHaveText('Sales tax (CA 7.25%)');
    await expect(summary.getByTestId('checkout-total-amount')).toHaveText(usd(partsCents + taxTotal));
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(page).toHaveURL(/\/dashboard\/payment\/[\w-]+$/);
    const bookingId = page.url().split('/').pop()!;
    const amounts = page.getByTestId('payment-amounts');
    await expect(amounts.getByTestId('amount-tax-label')).toHaveText('Sales tax (CA 7.25%)');
    await expect(amounts.getByTestId('amount-tax')).toHaveText(usd(taxTotal));
    await expect(page.getByTestId('payment-total')).toHaveText(usd(partsCents + taxTotal));
    await expect(page.getByTestId('payment-line').getByTestId('line-tax')).toHaveText(lineTax.map(usd));
    const pay = page.getByRole('button', { name: 'Pay', exact: true });
    await expect(pay).toBeEnabled();
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry (MM/YY)').fill('12/34');
    await page.getByLabel('CVC').fill('123');
    await pay.click();
    await expect(page.getByText('Congrats! Your payment is completed.')).toBeVisible();

    // The order page: each line's tax and the Sales tax row between shipping and total.
    await page.goto(`/dashboard/order/${bookingId}`);
    const orderTotal = page.getByTestId('order-total');
    await expect(orderTotal.locator('dt')).toHaveText(['Parts', 'Shipping', 'Sales tax (CA 7.25%)', 'Total']);
    await expect(orderTotal.getByTestId('amount-tax')).toHaveText(usd(taxTotal));
    await expect(orderTotal.locator('strong')).toHaveText(usd(partsCents + taxTotal));
    await expect(page.getByTestId('order-line').getByTestId('line-tax')).toHaveText(lineTax.map(usd));
    const orderNumber = ((await page.getByRole('heading', { level: 1 }).textContent()) ?? '').match(/FP-\d{4}-\d{6}/)![0];

    // Its PDF says the same tax and total.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: /Invoice \(PDF\)/ }).click();
    const text = await pdfText(readFileSync((await (await download).path())!));
    expect(text).toContain(usd(taxTotal));
    expect(text).toContain(usd(partsCents + taxTotal));
    expect(text).toMatch(/sales tax/i);

    // My Orders' total includes it.
    await page.goto('/dashboard/myorder');
    const row = await findRow(page, 'booking-row', orderNumber);
    await expect(row).toContainText(usd(partsCents + taxTotal));
  });
}
