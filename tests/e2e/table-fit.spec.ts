import { expect, test, type Page } from '@playwright/test';
import { API } from '../../common/src/api-paths';
import { DEMO_COMPANY } from '../../common/src/constants';
import { call, findRow } from './support/orders';
import { signedInContext, signedInOnce } from './support/signed-in';

/**
 * Issue 43: at 1280 px, beside the dashboard's menu, the order tables hid content under their sticky
 * right-hand columns ("Waiting for appr", a sliver of Address, Approvals' Expires off screen,
 * "Minimur quantit" on Manage All Orders). At that width each table fits its box (no sideways
 * scrolling), no cell's content reaches past the cell, and no cell lies under a sticky column.
 */
test.use({ viewport: { width: 1280, height: 900 } });

/** What overflows in the page's first table, as readable lines (empty when it fits). */
async function tableProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const table = document.querySelector('table')!;
    const box = table.parentElement!;
    if (box.scrollWidth > box.clientWidth + 1) problems.push(`the table scrolls sideways: ${box.scrollWidth} px in ${box.clientWidth} px`);
    for (const row of Array.from(table.querySelectorAll('tr'))) {
      const cells = Array.from(row.children) as HTMLElement[];
      const sticky = cells.find((c) => getComputedStyle(c).position === 'sticky');
      const stickyLeft = sticky ? sticky.getBoundingClientRect().left : Infinity;
      for (const cell of cells) {
        const r = cell.getBoundingClientRect();
        const name = `${cell.dataset.label ?? cell.textContent?.trim()} ("${cell.textContent?.trim().slice(0, 30)}")`;
        if (getComputedStyle(cell).position !== 'sticky' && r.right > stickyLeft + 1) problems.push(`${name} lies under the sticky column`);
        if (cell.scrollWidth > cell.clientWidth + 1) problems.push(`${name} is wider than its cell`);
        for (const el of Array.from(cell.querySelectorAll<HTMLElement>('*'))) {
          const e = el.getBoundingClientRect();
          // Visually hidden text (1 px boxes) is for screen readers, not the eye.
          if (e.width <= 1 || e.height <= 1) continue;
          if (e.right > r.right + 1 || el.scrollWidth > el.clientWidth + 1)
            problems.push(`${name}: its ${el.tagName.toLowerCase()} "${el.textContent?.trim().slice(0, 30)}" is clipped`);
        }
      }
    }
    return problems;
  });
}

test('at 1280 px My Orders, Approvals and Manage All Orders fit their columns: nothing clipped, nothing under the sticky columns', async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  // An order over the demo buyer's limit, of two lines, to a long address: the widest row each table has
  // (a "Waiting for approval" chip, a line list, a "—" per line). Declined at the end, so its stock
  // comes back for the other specs.
  const order = await call<{ _id: string; orderNumber: string; state: string }>(DEMO_COMPANY.buyer, 'POST', API.quickOrder, {
    lines: [
      { partNumber: 'FP-SRO-KIT-01', quantity: 40 },
      { partNumber: 'FP-TL-LKD-HS', quantity: 2 },
    ],
    phone: '+1 555 010 4242',
    shipToId: 's2',
  });
  try {
    expect(order.state).toBe('awaiting-approval');

    await signedInOnce(page, DEMO_COMPANY.buyer);
    await page.goto('/dashboard/myorder');
    await expect((await findRow(page, 'booking-row', order.orderNumber)).getByText('Waiting for approval')).toBeVisible();
    expect(await tableProblems(page), 'My Orders').toEqual([]);

    const office = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await signedInOnce(office, DEMO_COMPANY.companyAdmin);
    await office.goto('/dashboard/company/approvals');
    await expect((await findRow(office, 'approval-row', order.orderNumber)).getByTestId('approval-expires')).toBeVisible();
    expect(await tableProblems(office), 'Approvals').toEqual([]);
    await office.context().close();

    const adminContext = await signedInContext(browser, 'admin', { viewport: { width: 1280, height: 900 } });
    const admin = await adminContext.newPage();
    await admin.goto('/dashboard/manageallorder');
    await expect((await findRow(admin, 'order-row', order.orderNumber)).getByText('Waiting for approval')).toBeVisible();
    expect(await tableProblems(admin), 'Manage All Orders').toEqual([]);
    await adminContext.close();
  } finally {
    await call(DEMO_COMPANY.companyAdmin, 'POST', API.declineBooking(order._id), { note: 'Only a layout check (table-fit.spec)' });
  }
});
