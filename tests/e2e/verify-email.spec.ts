import { fillAddress } from './support/orders';
import { expect, test, type Page } from '@playwright/test';
import { localOrigin, PROJECT_ID } from '../../common/src/local-stack';
import { axeScan } from './support/axe';

/**
 * CONTRACT §9 in the browser: a new account is asked to verify its address, can resend the link,
 * is refused an order until then with a message saying what to do, and once the link is opened
 * elsewhere the dashboard notices on its own (no new sign-in) and the order goes through.
 */

interface OobCode {
  email: string;
  requestType: string;
  oobLink: string;
}

/** The verification links the Auth emulator holds for `email` (it lists them instead of mailing them). */
async function verificationLinks(email: string): Promise<OobCode[]> {
  const res = await fetch(`${localOrigin('auth')}/emulator/v1/projects/${PROJECT_ID}/oobCodes`);
  expect(res.ok).toBe(true);
  const { oobCodes } = (await res.json()) as { oobCodes: OobCode[] };
  return oobCodes.filter((c) => c.email === email && c.requestType === 'VERIFY_EMAIL');
}

async function fillQuickOrder(page: Page) {
  await page.getByLabel('Lines: part number and quantity').fill('FP-CMP-134A-033 5');
  await expect(page.getByTestId('quick-order-line').getByText('OK')).toHaveCount(1);
  await page.getByLabel(/^Phone/).fill('+1 555 010 4455');
  await fillAddress(page, '9 Evaporator Road', 'Toledo');
}

for (const width of [1280, 390]) {
  test(`at ${width} px: sign up, verify from the link, and order without signing in again`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    const email = `verify-${width}-${Date.now().toString(36)}@example.test`;

    await page.goto('/signup');
    await page.getByLabel('Name').fill('Vera Verify');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('vera-password-1');
    await page.locator('main').getByRole('button', { name: 'SignUp', exact: true }).click();
    await expect(page).toHaveURL(/\/home$/);
    // Sign-up sent Firebase Auth's verification email.
    await expect.poll(async () => (await verificationLinks(email)).length).toBe(1);

    await page.goto('/dashboard/quickorder');
    const banner = page.getByRole('note').filter({ hasText: 'Verify your email address' });
    await expect(banner).toBeVisible();
    await expect(banner).toContainText(email);

    await banner.getByRole('button', { name: 'Resend' }).click();
    await expect(banner.getByRole('status')).toHaveText(`We sent a new link to ${email}.`);
    await expect.poll(async () => (await verificationLinks(email)).length).toBe(2);
    // The banner passes axe as accessibility.spec.ts holds every page (its demo users are verified, so it never sees it).
    const { violations } = await axeScan(page);
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

    // Until verified, the order is refused and the page says what to do.
    await fillQuickOrder(page);
    await page.getByRole('button', { name: 'Book 1 line' }).click();
    await expect(page.locator('.Toastify').getByText(/Verify your email address first: open the link we sent to/)).toBeVisible();
    await expect(page.getByTestId('quick-order-done')).toHaveCount(0);

    // The link opened elsewhere (another device): the emulator verifies and redirects to the dashboard.
    await page.evaluate(() => ((window as unknown as { stayedHere: boolean }).stayedHere = true));
    const links = await verificationLinks(email);
    const opened = await fetch(links.at(-1)!.oobLink, { redirect: 'manual' });
    expect(opened.status, 'the emulator accepted the link').toBe(303);
    expect(opened.headers.get('location')).toMatch(/\/dashboard$/);

    // Back on this tab, the banner goes by itself (focus, or the next check within 10 s).
    await page.bringToFront();
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await expect(banner).toHaveCount(0, { timeout: 15_000 });
    expect(await page.evaluate(() => (window as unknown as { stayedHere?: boolean }).stayedHere), 'no reload, no new sign-in').toBe(true);

    await page.getByRole('button', { name: 'Book 1 line' }).click();
    await expect(page.getByTestId('quick-order-done')).toContainText(/order FP-\d{4}-\d{6} with 1 line/);
    const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
    expect(scroll).toBeLessThanOrEqual(client);
  });
}
