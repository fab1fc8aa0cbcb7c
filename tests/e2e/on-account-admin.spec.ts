import { expect, test } from '@playwright/test';
import { API } from '../../common/src/api-paths';
import type { Booking } from '../../common/src/booking';
import { DEMO_COMPANY } from '../../common/src/constants';
import { SHOP_URL } from '../../common/src/local-stack';
import { call, findRow } from './support/orders';
import { expectAccessible } from './support/page-checks';
import { toast } from './support/session';
import { signedInContext } from './support/signed-in';

/**
 * The shop admin's side of companies on account (issue 43, decision 0066), in the `own` lane:
 * editing the demo company saves (it sent a bare If-Match and was refused silently), and a
 * confirmed on-account order is stopped by voiding its invoice from Manage All Orders, which
 * releases the order and puts its stock back.
 */

const SHOP_ADMIN = { email: 'admin@fridgeparts.test', password: 'admin-demo-2026' };
// Seeded (scripts/seed/demo-data.ts): $145.00 each, at least 2, 40 in stock; no other spec books it,
// so its stock is this spec's to count exactly.
const LEAK_DETECTOR = 'electronic-refrigerant-leak-detector';
const DEMO_CREDIT_LIMIT = DEMO_COMPANY.creditLimitCents / 100;

const stockOf = async (toolId: string): Promise<number> =>
  ((await (await fetch(`${SHOP_URL}${API.tool(toolId)}`, { cache: 'no-store' })).json()) as { availableQuantity: number }).availableQuantity;

test.describe('the shop admin and orders on account', () => {
  // The net30 checkout spec of this lane reads the demo company's $25,000 limit: put it back whatever happened.
  test.afterAll(async () => {
    await call(SHOP_ADMIN, 'PATCH', API.company(DEMO_COMPANY.id), { creditLimit: DEMO_CREDIT_LIMIT });
  });

  test('edits the demo company’s credit limit, saves, and reads it back after a reload', async ({ browser }) => {
    const admin = await (await signedInContext(browser, 'admin', { viewport: { width: 1280, height: 900 } })).newPage();
    await admin.goto(`/dashboard/companies/${DEMO_COMPANY.id}`);
    await expect(admin.getByRole('heading', { level: 1, name: DEMO_COMPANY.name })).toBeVisible();
    const limit = admin.getByLabel(/^Credit limit/);
    await expect(limit).toHaveValue('25000.00');
    await limit.fill('26500.25');
    await admin.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(toast(admin, 'Company saved.')).toBeVisible();
    // Nothing refused and unsaid: no form-level error.
    await expect(admin.getByTestId('form-error')).toHaveCount(0);

    await admin.reload();
    await expect(admin.getByRole('heading', { level: 1, name: DEMO_COMPANY.name })).toBeVisible();
    await expect(admin.getByLabel(/^Credit limit/)).toHaveValue('26500.25');
    expect((await call<{ creditLimit: number }>(SHOP_ADMIN, 'GET', API.company(DEMO_COMPANY.id))).creditLimit).toBe(26500.25);

    // Back to the seed's limit, through the form again (saved with the new version).
    await admin.getByLabel(/^Credit limit/).fill(DEMO_CREDIT_LIMIT.toFixed(2));
    await admin.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(toast(admin, 'Company saved.')).toBeVisible();
    await admin.reload();
    await expect(admin.getByLabel(/^Credit limit/)).toHaveValue('25000.00');
  });

  test('voids a confirmed on-account order’s invoice from Manage All Orders: the order is released and its stock is back', async ({ browser }) => {
    // The company admin has no spending limit, so the order is confirmed on account at once, its invoice issued.
    const order = await call<Booking>(DEMO_COMPANY.companyAdmin, 'POST', API.booking, {
      toolId: LEAK_DETECTOR,
      quantity: 2,
      phone: '+1 555 010 6262',
      shipToId: 's1',
    });
    expect(order).toMatchObject({ state: 'confirmed', payment: { status: 'open' } });
    const invoiceNumber = order.payment!.number!;
    expect(invoiceNumber).toBeTruthy();
    const stock = await stockOf(LEAK_DETECTOR);

    const admin = await (await signedInContext(browser, 'admin', { viewport: { width: 1280, height: 900 } })).newPage();
    await admin.goto('/dashboard/manageallorder');
    const row = await findRow(admin, 'order-row', order.orderNumber);
    await expect(row.getByText('On account')).toBeVisible();
    // No Cancel the server would refuse: Ship and Void invoice instead.
    await expect(row.getByRole('button', { name: /^Cancel order/ })).toHaveCount(0);
    await expect(row.getByRole('button', { name: /^Ship: mark/ })).toBeVisible();
    await row.getByRole('button', { name: `Void invoice of order ${order.orderNumber} for ${DEMO_COMPANY.companyAdmin.email}` }).click();
    const dialog = admin.getByRole('dialog', { name: "Void this order's invoice?" });
    await expect(dialog).toContainText(`invoice ${invoiceNumber} is voided at Stripe`);
    await expectAccessible(admin, 'The void confirmation');
    await dialog.getByRole('button', { name: 'Void invoice' }).click();
    await expect(toast(admin, 'Invoice voided. The order is released and its items are back on sale.')).toBeVisible();
    await expect(row.getByText('Released')).toBeVisible();
    await expect(row.getByRole('button', { name: /Void invoice|^Ship/ })).toHaveCount(0);
    expect(await stockOf(LEAK_DETECTOR)).toBe(stock + 2);

    // The order page says so, with the invoice's number in place of a card transaction id.
    await admin.goto(`/dashboard/order/${order._id}`);
    await expect(admin.getByTestId('order-state')).toHaveText('Released');
    await expect(admin.getByTestId('order-payment-state')).toHaveText('On account; invoice voided');
    await expect(admin.getByTestId('order-invoice-number')).toHaveText(invoiceNumber);
    await expect(admin.getByTestId('transaction-id')).toHaveCount(0);
    await expect(admin.getByRole('button', { name: 'Void invoice' })).toHaveCount(0);
    expect(await stockOf(LEAK_DETECTOR)).toBe(stock + 2);
  });
});
