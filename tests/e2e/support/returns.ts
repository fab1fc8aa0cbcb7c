import { expect, type Browser, type Locator, type Page } from '@playwright/test';
import { recordShifts } from './layout-shifts';
import { findRow } from './orders';
import { expectAccessible } from './page-checks';
import { pageAt } from './ship';
import { signedInAs } from './signed-in';

/**
 * Returns, warranty claims and core returns in the browser (CONTRACT §16): the buyer's order page,
 * the RMA the Return dialog gives, and the admin's Returns screen with its Approve and Refund steps,
 * so each spec says only what its kind of return shows.
 */

/** The order page of `orderId` in a page of its own at `width` px, signed in as the demo customer; `shifts` records layout shifts from the start. */
export async function orderPageAt(browser: Browser, width: number, orderId: string, opts: { shifts?: boolean } = {}): Promise<Page> {
  const page = await pageAt(browser, width);
  await signedInAs(page, 'customer');
  if (opts.shifts) await recordShifts(page);
  await page.goto(`/dashboard/order/${orderId}`);
  return page;
}

/** The RMA number the Return dialog's answer gives (checked for its form and by axe), once its dialog is closed. */
export async function requestedRma(buyer: Page, label: string): Promise<string> {
  const requested = buyer.getByRole('dialog', { name: /^Return RMA-\d{4}-\d{6}$/ });
  const rma = (await requested.getByTestId('return-rma').textContent()) ?? '';
  expect(rma).toMatch(/^RMA-\d{4}-\d{6,}$/);
  await expectAccessible(buyer, label);
  await requested.getByRole('button', { name: 'Close' }).click();
  return rma;
}

/**
 * The admin's Returns screen in a page of its own at `width` px, layout shifts recorded, on its
 * Requested tab: the page and the row of return `rma`, of order `orderNumber`.
 */
export async function returnsScreenAt(browser: Browser, width: number, rma: string, orderNumber: string): Promise<{ admin: Page; row: Locator }> {
  const admin = await pageAt(browser, width);
  await signedInAs(admin, 'admin');
  await recordShifts(admin);
  await admin.goto('/dashboard/returns');
  await expect(admin.getByRole('tab', { name: 'Requested' })).toHaveAttribute('aria-selected', 'true');
  const row = await findRow(admin, 'return-row', rma);
  await expect(row.getByTestId('return-order')).toHaveText(orderNumber);
  return { admin, row };
}

/** Approves return `rma` from its row: `check` looks at the Approve dialog first; the row then says Approved. */
export async function approveOnScreen(admin: Page, row: Locator, rma: string, check: (dialog: Locator) => Promise<void>): Promise<void> {
  await row.getByRole('button', { name: `Approve ${rma}` }).click();
  const approve = admin.getByRole('dialog', { name: `Approve ${rma}` });
  await check(approve);
  await approve.getByRole('button', { name: 'Approve' }).click();
  await expect(approve).toHaveCount(0);
  await expect(row.getByTestId('return-state')).toHaveText(/^Approved/);
}

/**
 * Refunds return `rma` from its row at the amount its confirmation shows (`check` looks at the
 * confirmation first; checked for its form and by axe): the row then says it went back to the card.
 * The total refunded.
 */
export async function refundOnScreen(admin: Page, row: Locator, rma: string, label: string, check: (confirm: Locator) => Promise<void>): Promise<string> {
  await row.getByRole('button', { name: `Refund ${rma}` }).click();
  const confirm = admin.getByRole('dialog', { name: `Refund ${rma}?` });
  await check(confirm);
  const total = (await confirm.getByTestId('refund-total').textContent()) ?? '';
  expect(total).toMatch(/^\$\d[\d,]*\.\d\d$/);
  await expectAccessible(admin, label);
  await confirm.getByRole('button', { name: `Refund ${total}` }).click();
  await expect(confirm).toHaveCount(0);
  await expect(row.getByTestId('return-state')).toHaveText('Refunded');
  await expect(row.getByTestId('return-refunded')).toHaveText(`Refunded ${total} to the card`);
  return total;
}
