import { randomUUID } from 'node:crypto';
import { expect, type Browser, type Page } from '@playwright/test';
import { API } from '../../../common/src/api-paths';
import { call } from './orders';
import { DEMO } from './session';

/** A page of its own context at `width` px (a phone's height below 600 px), for one role of a test. */
export async function pageAt(browser: Browser, width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: width < 600 ? 844 : 900 } });
  return context.newPage();
}

/**
 * On the order page: opens the Ship dialog, sets each line's quantity (null leaves the default,
 * all that is left), a UPS tracking number, and ships; the dialog closes.
 */
export async function shipFromOrderPage(admin: Page, quantities: (string | null)[], trackingNumber: string): Promise<void> {
  await admin.getByRole('button', { name: 'Ship…' }).click();
  const dialog = admin.getByRole('dialog', { name: /^Ship order / });
  await expect(dialog).toBeVisible();
  const inputs = dialog.getByTestId('ship-quantity');
  await expect(inputs).toHaveCount(quantities.length);
  for (const [i, q] of quantities.entries()) if (q !== null) await inputs.nth(i).fill(q);
  await expect(dialog.getByRole('combobox', { name: 'Carrier' })).toHaveValue('ups');
  await dialog.getByRole('textbox', { name: 'Tracking numbers' }).fill(trackingNumber);
  await dialog.getByRole('button', { name: 'Ship', exact: true }).click();
  await expect(dialog).toHaveCount(0);
}

/** A shop calendar day (YYYY-MM-DD) as the order page and the booking modal print it: "Dec 14". */
export const calendarDay = (day: string): string =>
  new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));

/** Ships every unit of an order's lines (each line's quantity, by position) in one UPS box through the API, as the admin's Ship dialog sends it. */
export async function shipAllAsAdmin(orderId: string, quantities: number[]): Promise<void> {
  await call(
    DEMO.admin,
    'POST',
    API.shipments(orderId),
    {
      lines: quantities.map((quantity, i) => ({ lineId: String(i), quantity })),
      carrier: 'ups',
      trackingNumbers: [`1Z${randomUUID().slice(0, 8).toUpperCase()}`],
    },
    { 'Idempotency-Key': randomUUID() },
  );
}
