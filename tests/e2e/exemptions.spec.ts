import { expect, test, type Browser, type Page } from '@playwright/test';
import { API } from '../../common/src/api-paths';
import { EXEMPTION_API } from '../../common/src/tax/exemption.paths';
import type { Company } from '../../common/src/company.answers';
import { DEMO_ACCOUNTS, DEMO_COMPANY } from '../../common/src/constants';
import { call, findRow } from './support/orders';
import { expectAccessible, expectNoSidewaysScroll } from './support/page-checks';
import { expectStill, recordShifts, settledShifts } from './support/layout-shifts';
import { toast } from './support/session';
import { signedInContext, signedInOnce } from './support/signed-in';

/**
 * Tax exemption certificates in the browser (CONTRACT §15), at a laptop's and a phone's width: the
 * demo company's admin sends a resale certificate (a small generated PDF) for its Texas ship-to from
 * My company; the shop admin finds it waiting on Tax exemptions and approves it; the company's
 * buyer then checks out to that ship-to and the tax row says "Exempt: resale certificate ... (TX)".
 * axe and the layout-shift guard on the review screen, its Reject dialog and the Add tax
 * certificate dialog. Each certificate is revoked at the end, so the Texas ship-to is taxed again
 * for whatever runs next, and the Texas ship-to the test added is removed again.
 */

const DALLAS = { label: 'Dallas branch', address: { line1: '1500 Marilla St', line2: '', city: 'Dallas', region: 'TX', postalCode: '75201', country: 'US' } };
// Seeded (scripts/seed/demo-data.ts): $129.00 each, at least 3; only put in the buyer's cart here, never ordered.
const MANIFOLD = 'refrigerant-gauge-manifold-4-valve';

const viewportOf = (width: number) => ({ width, height: width < 600 ? 844 : 900 });
const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

/**
 * The demo company's Texas ship-to: one it has (reused, and kept), or the test's own Dallas branch,
 * added through the API (the company page's own form adds it the same way) and `ours`, so the test
 * removes it at the end. One an earlier run left (before it cleaned up) is the test's own too. So
 * repeated runs against one stack leave the company as the seed made it, and no ship-to gathers
 * the test's certificates (at most 10 a ship-to, any status: the 6th run on one would get a 409).
 */
async function texasShipTo(): Promise<{ id: string; label: string; ours: boolean }> {
  const company = await call<Company>(DEMO_ACCOUNTS.admin, 'GET', API.company(DEMO_COMPANY.id));
  const found = company.shipTo.find((s) => s.address.region === 'TX');
  if (found) return { ...found, ours: found.label === DALLAS.label };
  const saved = await call<Company>(DEMO_ACCOUNTS.admin, 'PATCH', API.company(DEMO_COMPANY.id), {
    shipTo: [...company.shipTo, DALLAS],
    version: company.version,
  });
  return { ...saved.shipTo.find((s) => s.address.region === 'TX')!, ours: true };
}

/** Removes the test's ship-to (its certificate already revoked), leaving the company's other locations as they are. */
async function removeShipTo(id: string): Promise<void> {
  const company = await call<Company>(DEMO_ACCOUNTS.admin, 'GET', API.company(DEMO_COMPANY.id));
  if (!company.shipTo.some((s) => s.id === id)) return;
  await call<Company>(DEMO_ACCOUNTS.admin, 'PATCH', API.company(DEMO_COMPANY.id), {
    shipTo: company.shipTo.filter((s) => s.id !== id),
    version: company.version,
  });
}

async function openDashboardPage(browser: Browser, width: number, who: 'admin' | typeof DEMO_COMPANY.companyAdmin | typeof DEMO_COMPANY.buyer): Promise<Page> {
  const viewport = viewportOf(width);
  if (who === 'admin') return (await signedInContext(browser, 'admin', { viewport })).newPage();
  const page = await (await browser.newContext({ viewport })).newPage();
  await signedInOnce(page, who);
  return page;
}

// Whatever happened in the tests, none of their ship-tos is left on the company (runs against one stack stay clean).
test.afterAll(async () => {
  const company = await call<Company>(DEMO_ACCOUNTS.admin, 'GET', API.company(DEMO_COMPANY.id));
  expect(company.shipTo.map((s) => s.label)).not.toContain(DALLAS.label);
});

for (const width of [1280, 390]) {
  test(`at ${width} px: the company admin sends a Texas resale certificate, the shop admin approves it, and the buyer's checkout to that ship-to is exempt`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const shipTo = await texasShipTo();
    const number = `E2E-${width}-${Date.now().toString(36)}`;
    const words = `Resale certificate ${number} (TX)`;
    let exemptionId: string | null = null;
    try {
      // ---- The company admin sends it from My company.
      const office = await openDashboardPage(browser, width, DEMO_COMPANY.companyAdmin);
      await recordShifts(office);
      await office.goto('/dashboard/company');
      const place = office.getByTestId('ship-to-certificates').filter({ hasText: shipTo.label });
      const add = place.getByRole('button', { name: `Add tax certificate for ${shipTo.label}` });
      await expect(add).toBeEnabled();
      expectStill(await settledShifts(office), `My company with its certificates at ${width} px`);
      await add.click();
      const dialog = office.getByRole('dialog', { name: `Add tax certificate: ${shipTo.label}` });
      await expect(dialog.getByLabel('State')).toHaveValue('TX');
      await expectAccessible(office, `The Add tax certificate dialog at ${width} px`);
      await dialog.getByLabel('Certificate (PDF, at most 2 MB)').setInputFiles({
        name: 'resale-certificate.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.from(`%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% ${number}\n%%EOF\n`),
      });
      await expect(dialog.getByText(/resale-certificate\.pdf, 1 KB/)).toBeVisible();
      await dialog.getByLabel('Kind of certificate').selectOption('resale');
      await dialog.getByLabel('Certificate number').fill(number);
      await dialog.getByLabel('Signed on').fill(day(-10));
      await dialog.getByLabel('Expires on').fill(day(365));
      await dialog.getByRole('button', { name: 'Send for review' }).click();
      await expect(dialog).toBeHidden();
      await expect(toast(office, `${words} sent for review.`)).toBeVisible();
      const sent = place.getByTestId('certificate-row').filter({ hasText: words });
      await expect(sent).toContainText('Waiting for review');
      expectStill(await settledShifts(office), `My company after sending a certificate at ${width} px`);
      await expectNoSidewaysScroll(office, `My company with its certificates at ${width} px`);
      const listed = await call<{ exemptions: { id: string; number: string }[] }>(
        DEMO_COMPANY.companyAdmin,
        'GET',
        EXEMPTION_API.companyExemptions(DEMO_COMPANY.id),
      );
      exemptionId = listed.exemptions.find((e) => e.number === number)!.id;
      await office.context().close();

      // ---- The shop admin finds it waiting, looks at the Reject dialog, and approves it.
      const admin = await openDashboardPage(browser, width, 'admin');
      await recordShifts(admin);
      await admin.goto('/dashboard/exemptions');
      await expect(admin).toHaveTitle('Tax exemptions | FridgeParts');
      await expect(admin.getByRole('tab', { name: 'Waiting for review' })).toHaveAttribute('aria-selected', 'true');
      const row = await findRow(admin, 'exemption-row', number);
      await expect(row).toContainText('Northwind Refrigeration Service');
      await expect(row).toContainText(shipTo.label);
      expectStill(await settledShifts(admin), `Tax exemptions at ${width} px`);
      await expectAccessible(admin, `Tax exemptions at ${width} px`);
      await expectNoSidewaysScroll(admin, `Tax exemptions at ${width} px`);
      if (width >= 1280) {
        // Every column in view beside the menu: the table does not scroll sideways.
        const overflow = await admin.evaluate(() => {
          const box = document.querySelector('table')!.parentElement!;
          return box.scrollWidth - box.clientWidth;
        });
        expect(overflow, 'the review table scrolls sideways at 1280 px').toBeLessThanOrEqual(1);
      }
      const download = admin.waitForEvent('download');
      await row.getByRole('button', { name: `View PDF: ${words}` }).click();
      expect((await download).suggestedFilename()).toBe(`certificate-${number}.pdf`);

      await row.getByRole('button', { name: `Reject ${words} for Northwind Refrigeration Service, ${shipTo.label}` }).click();
      const reject = admin.getByRole('dialog', { name: `Reject ${words}` });
      await expect(reject.getByLabel('Why it is rejected')).toBeVisible();
      await expectAccessible(admin, `The Reject dialog at ${width} px`);
      await reject.getByRole('button', { name: 'Reject' }).click();
      // The reason is required: said at its field, nothing sent.
      await expect(reject.getByLabel('Why it is rejected')).toHaveAttribute('aria-invalid', 'true');
      await expect(reject.getByLabel('Why it is rejected')).toBeFocused();
      await reject.getByRole('button', { name: 'Cancel' }).click();
      await expect(reject).toBeHidden();

      await row.getByRole('button', { name: `Approve ${words} for Northwind Refrigeration Service, ${shipTo.label}` }).click();
      await expect(toast(admin, `Approved: ${words} for Northwind Refrigeration Service, ${shipTo.label}.`)).toBeVisible();
      await expect(admin.getByTestId('exemption-row').filter({ hasText: number })).toHaveCount(0);
      expectStill(await settledShifts(admin), `Tax exemptions with the Reject dialog opened and an approval at ${width} px`);
      await admin.getByRole('tab', { name: 'Approved' }).click();
      await expect(await findRow(admin, 'exemption-row', number)).toContainText('Approved');
      await admin.context().close();

      // ---- The buyer's checkout to the Texas ship-to is exempt.
      await call(DEMO_COMPANY.buyer, 'PUT', API.cart, { lines: [{ toolId: MANIFOLD, quantity: 3 }] });
      const buyer = await openDashboardPage(browser, width, DEMO_COMPANY.buyer);
      await buyer.goto('/dashboard/cart');
      await expect(buyer.getByTestId('cart-line')).toHaveCount(1);
      await buyer.getByLabel(/^Ship to/).selectOption(shipTo.id);
      const summary = buyer.getByTestId('checkout-total');
      await expect(summary.getByTestId('amount-tax-label')).toHaveText(`Exempt: resale certificate ${number} (TX)`);
      await expect(summary.getByTestId('amount-tax')).toHaveText('$0.00');
      await expect(buyer.getByTestId('cart-line').getByTestId('line-tax')).toHaveText('Exempt');
      await expectAccessible(buyer, `The exempt checkout at ${width} px`);
      await buyer.context().close();
    } finally {
      // Revoked, so the Texas ship-to is taxed again; the buyer's cart emptied; the test's own ship-to removed.
      if (exemptionId)
        await call(DEMO_ACCOUNTS.admin, 'POST', EXEMPTION_API.rejectExemption(DEMO_COMPANY.id, shipTo.id, exemptionId), {
          reason: 'Revoked after the browser test',
        });
      await call(DEMO_COMPANY.buyer, 'PUT', API.cart, { lines: [] });
      if (shipTo.ours) await removeShipTo(shipTo.id);
    }
  });
}
