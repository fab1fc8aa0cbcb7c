import { expect, type Page } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../../../common/src/constants';
import { localOrigin, PROJECT_ID } from '../../../common/src/local-stack';

export const DEMO = DEMO_ACCOUNTS;

/** The toast saying exactly `text` (react-toastify's container). */
export const toast = (page: Page, text: string) => page.locator('.Toastify').getByText(text, { exact: true });

/** Logs in through the real login form and waits until the navigation bar shows the user. */
export async function logIn(page: Page, account: { email: string; password: string; displayName: string }, from = '/login') {
  await page.goto(from);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByTestId('nav-user-name')).toHaveText(account.displayName);
  // The name shows as soon as Firebase has the user; the page moves on once the shop has recorded
  // them, and that navigation closes a menu opened meanwhile (a phone test's next click): wait for it.
  await expect(page).not.toHaveURL(/\/login(?:[?#]|$)/);
  // The stored Bearer is what the next page load restores the session from.
  expect(await page.evaluate(() => localStorage.getItem('accessToken')), 'signed in, but no accessToken stored').not.toBeNull();
}

/**
 * A fresh, unique customer signed up through the Auth emulator REST API (no UI), with the email
 * address verified (ordering needs it, CONTRACT §9) unless `verified: false`.
 */
export async function newCustomer(prefix = 'e2e', opts: { verified?: boolean } = {}): Promise<{ email: string; password: string; displayName: string }> {
  const email = `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.test`;
  const password = 'e2e-password-1';
  const displayName = `E2E ${prefix}`;
  const res = await fetch(`${localOrigin('auth')}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password, displayName, returnSecureToken: true }),
  });
  if (!res.ok) throw new Error(`sign-up failed: ${res.status}`);
  if (opts.verified ?? true) await markVerified(((await res.json()) as { localId: string }).localId);
  return { email, password, displayName };
}

/** Sets emailVerified on the account in the Auth emulator, as its owner opening the link would. */
async function markVerified(localId: string): Promise<void> {
  const res = await fetch(`${localOrigin('auth')}/identitytoolkit.googleapis.com/v1/projects/${PROJECT_ID}/accounts:update`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: 'Bearer owner' },
    body: JSON.stringify({ localId, emailVerified: true }),
  });
  if (!res.ok) throw new Error(`marking ${localId} verified failed: ${res.status}`);
}

/** Disables the account in the Auth emulator behind the browser's back: its next API call answers 401. */
export async function disableAccount(account: { email: string; password: string }): Promise<void> {
  const auth = `${localOrigin('auth')}/identitytoolkit.googleapis.com/v1`;
  const signIn = await fetch(`${auth}/accounts:signInWithPassword?key=demo-api-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: account.email, password: account.password, returnSecureToken: true }),
  });
  const { localId } = (await signIn.json()) as { localId: string };
  const disabled = await fetch(`${auth}/projects/${PROJECT_ID}/accounts:update`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: 'Bearer owner' },
    body: JSON.stringify({ localId, disableUser: true }),
  });
  expect(disabled.ok).toBe(true);
}
