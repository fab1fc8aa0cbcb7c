import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
// @ts-expect-error plain JS helper shared with npm start
import { LOCAL_CSP_SOURCES, ROOT } from '../../scripts/lib/stack.mjs';
import { DEMO, logIn } from './support/session';

const LOOPBACK = /https?:\/\/(127\.0\.0\.1|localhost|\[::1\])/i;

/** The sources a CSP directive lists. */
const sourcesOf = (csp: string, directive: string): string[] =>
  csp
    .split(';')
    .map((d) => d.trim().split(/\s+/))
    .find(([name]) => name === directive)
    ?.slice(1) ?? [];

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

test('production names no loopback address; the local stack adds only the emulators the app talks to (CONTRACT §9)', async ({ page }) => {
  const firebaseJson = JSON.parse(readFileSync(`${ROOT}/firebase.json`, 'utf8')) as { hosting: { headers: { headers: { key: string; value: string }[] }[] } };
  const production = firebaseJson.hosting.headers.flatMap((h) => h.headers).find((h) => h.key === 'Content-Security-Policy')!.value;
  expect(production).not.toMatch(LOOPBACK);

  const served = (await page.goto('/'))!.headers()['content-security-policy'];
  for (const [directive, local] of Object.entries(LOCAL_CSP_SOURCES as Record<string, string[]>)) {
    // Everything production allows, plus the local origins, and no other loopback address.
    expect(sourcesOf(served, directive)).toEqual([...sourcesOf(production, directive), ...local]);
  }
  const otherLoopback = served
    .split(';')
    .filter((d) => !Object.keys(LOCAL_CSP_SOURCES as object).includes(d.trim().split(/\s+/)[0]))
    .join(';');
  expect(otherLoopback).not.toMatch(LOOPBACK);
});

test('an appliance model’s drawing is served under its own policy: nothing in it may run, load or be framed (decision 0051)', async ({ request }) => {
  const model = (await (await request.get('/models/NRT18F2W')).json()) as { sections: { diagram: string }[] };
  const drawing = await request.get(model.sections[0].diagram);
  expect(drawing.status()).toBe(200);
  expect(drawing.headers()['content-type']).toMatch(/^image\/svg\+xml/);
  expect(drawing.headers()['x-content-type-options']).toBe('nosniff');
  expect(drawing.headers()['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; sandbox");
});

test('npm start’s stack hands FRIDGEPARTS_RATE_LIMIT_SCALE to the function (decision 0036)', async ({ request }) => {
  // global-setup sets 10 unless the run gives its own value; the function multiplies its limits by it.
  const scale = Number(process.env.FRIDGEPARTS_RATE_LIMIT_SCALE ?? 1);
  const res = await request.get('/healthz');
  expect(res.status()).toBe(200);
  expect(res.headers()['ratelimit-policy']).toContain(`q=${1200 * scale};`);
});
