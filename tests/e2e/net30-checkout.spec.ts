import { expect, test } from '@playwright/test';
import { API } from '../../common/src/api-paths';
import { DEMO_COMPANY } from '../../common/src/constants';
import { call, orderPageNumber } from './support/orders';
import { expectAccessible, expectNoSidewaysScroll } from './support/page-checks';
import { toast } from './support/session';
import { signedInContext, signedInOnce } from './support/signed-in';

/**
 * Pay on account (CONTRACT §10, decision 0063), at a laptop's and a phone's width: the seed's demo
 * buyer of Northwind (Net 30) checks out under their spending limit without a card, lands on the
 * order page confirmed on account with the invoice's link, and opens the hosted invoice the Stripe
 * double serves; the shop admin finds that invoice among the company's open invoices. axe on the
 * checkout on account, the order page and the invoices page (the layout-shift spec holds the
 * invoices page still).
 */

// Seeded (scripts/seed/demo-data.ts): $219.00 each, at least 2, 95 in stock; no other spec books
// it. 2 of them ($438.00) stay under the demo buyer's limit ($500, or the $600 / $650 the
// companies spec sets in the same lane) and far under the company's $25,000 of credit.
const PUMP = { id: 'two-stage-rotary-vacuum-pump', name: '2-Stage Rotary Vane Vacuum Pump 6 CFM' };
const MAIN_SHOP = 's1';

for (const width of [1280, 390]) {
  test(`at ${width} px: the demo buyer orders on account, opens the invoice, and the shop admin sees it open`, async ({ page, browser }) => {
    const viewport = { width, height: width < 600 ? 844 : 900 };
    await page.setViewportSize(viewport);
    // The buyer's cart is kept on the server and shared with the lane's other specs: start from this order's line alone.
    await call(DEMO_COMPANY.buyer, 'PUT', API.cart, { lines: [{ toolId: PUMP.id, quantity: 2 }] });
    await signedInOnce(page, DEMO_COMPANY.buyer);

    await page.goto('/dashboard/cart');
    await expect(page.getByRole('link', { name: PUMP.name })).toBeVisible();
    // No card step: the order goes on the company's account, with the credit left.
    await expect(page.getByRole('note').filter({ hasText: `Pay on account: Net 30 invoice to ${DEMO_COMPANY.name}` })).toBeVisible();
    await expect(page.getByTestId('on-account-credit')).toContainText('credit left');
    await page.getByLabel(/^Phone/).fill('+1 555 010 4141');
    await page.getByLabel(/^Ship to/).selectOption(MAIN_SHOP);
    await expectAccessible(page, `The checkout on account at ${width} px`);
    await expectNoSidewaysScroll(page, `The checkout on account at ${width} px`);
    await page.getByRole('button', { name: 'Place order on account' }).click();

    // The order page, not Payment: confirmed on account, its invoice linked.
    await expect(page).toHaveURL(/\/dashboard\/order\/[^/]+$/);
    const number = await orderPageNumber(page);
    await expect(toast(page, `Order ${number} confirmed on account: 1 line. Its invoice goes to your company.`)).toBeVisible();
    await expect(page.getByTestId('order-state')).toHaveText('Confirmed, on account');
    await expect(page.getByRole('status').filter({ hasText: 'Confirmed on account' })).toBeVisible();
    const invoiceLink = page.getByTestId('order-on-account-invoice');
    await expect(invoiceLink).toBeVisible();
    await expect(page.getByRole('group', { name: 'Order actions' }).getByRole('link', { name: /^Pay/ })).toHaveCount(0);
    const total = (await page.getByTestId('order-total').locator('strong').textContent()) ?? '';
    expect(total).toMatch(/^\$\d/);
    await expectAccessible(page, `The order confirmed on account at ${width} px`);
    await expectNoSidewaysScroll(page, `The order confirmed on account at ${width} px`);
    const hostedUrl = (await invoiceLink.getAttribute('href')) ?? '';

    // The hosted invoice (the double's stand-in for Stripe's page), in a new tab.
    const [invoice] = await Promise.all([page.waitForEvent('popup'), invoiceLink.click()]);
    await expect(invoice.getByRole('heading', { level: 1 })).toHaveText(/^Invoice /);
    await expect(invoice.getByText('Open: payment due')).toBeVisible();
    await expect(
      invoice
        .locator('dd')
        .filter({ hasText: new RegExp(`^${total.replace(/[$.]/g, '\\$&')}$`) })
        .first(),
    ).toBeVisible();
    await invoice.close();

    // The shop admin: the company's page links to its invoices; the new one is among the open ones.
    const admin = await signedInContext(browser, 'admin', { viewport });
    const adminPage = await admin.newPage();
    await adminPage.goto(`/dashboard/companies/${DEMO_COMPANY.id}`);
    await adminPage.getByRole('link', { name: 'Invoices and due dates' }).click();
    await expect(adminPage.getByRole('heading', { level: 1, name: 'Invoices' })).toBeVisible();
    await expect(adminPage.getByTestId('invoice-company')).toHaveText(DEMO_COMPANY.name);
    await expect(adminPage.getByLabel('Status')).toHaveValue('open');
    await expect(adminPage.getByTestId('invoice-open-total')).toHaveText(/^\$\d/);
    await expect(adminPage.getByTestId('invoice-credit-limit')).toHaveText('$25,000.00');
    // Newest first: the order just placed is on the first page.
    const row = adminPage.getByTestId('invoice-row').filter({ has: adminPage.getByRole('link', { name: number, exact: true }) });
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId('invoice-status')).toHaveText('Open');
    await expect(row.getByText(total, { exact: true })).toBeVisible();
    await expect(row.getByRole('link', { name: `Open invoice of order ${number}` })).toHaveAttribute('href', hostedUrl);
    await expectAccessible(adminPage, `The company's invoices at ${width} px`);
    await expectNoSidewaysScroll(adminPage, `The company's invoices at ${width} px`);
    await admin.close();
  });
}
