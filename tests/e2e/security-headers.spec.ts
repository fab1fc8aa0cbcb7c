import { expect, test, type Page } from '@playwright/test';
import { DEMO, logIn } from './support/session';

/** Collects Content-Security-Policy violations the page reports (issue 8: the app works under the CSP). */
async function watchCsp(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (msg) => {
    if (/Content Security Policy/i.test(msg.text())) violations.push(msg.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => console.error(`Content Security Policy violation: ${e.violatedDirective} ${e.blockedURI}`));
  });
  return violations;
}

test('the SPA is served with a CSP, HSTS and no framing', async ({ page }) => {
  const res = await page.goto('/');
  const headers = res!.headers();
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['content-security-policy']).toContain("object-src 'none'");
  expect(headers['content-security-policy']).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  expect(headers['strict-transport-security']).toContain('max-age=');
  expect(headers['permissions-policy']).toContain('camera=()');
  expect(headers['x-powered-by']).toBeUndefined();
});

test('home, catalogue, login, dashboard and the payment page run without CSP violations', async ({ page }) => {
  const violations = await watchCsp(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await page.goto('/purchaseorder');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await logIn(page, DEMO.customer);
  await page.goto('/dashboard/myorder');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  expect(violations).toEqual([]);
});
