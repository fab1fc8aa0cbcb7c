import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, expect, type Browser, type BrowserContext, type Page, type PlaywrightTestOptions } from '@playwright/test';
import { DEMO, logIn } from './session';

/**
 * Signed in once per role (STYLE 23): the global setup signs the demo customer and the demo admin
 * in through the login form, and saves each browser state with its IndexedDB, where Firebase Auth
 * keeps the session (the refresh token); local storage holds the app's Bearer (accessToken). A spec
 * that only needs a signed-in user starts from that state; specs about signing in keep the form.
 */
export type Role = keyof typeof DEMO;

const DIR = fileURLToPath(new URL('../../../.tmp/e2e-auth/', import.meta.url));

/** The saved state of each role, for `test.use({ storageState: SIGNED_IN.admin })`. */
export const SIGNED_IN: Record<Role, string> = { customer: path.join(DIR, 'customer.json'), admin: path.join(DIR, 'admin.json') };

/** The role's saved session in this page's context (for tests that pick the role as they go). */
export async function signedInAs(page: Page, role: Role): Promise<void> {
  await page.context().setStorageState(SIGNED_IN[role]);
}

/** A new context (and page) of the browser, signed in as the role. */
export async function signedInContext(browser: Browser, role: Role, options: Parameters<Browser['newContext']>[0] = {}): Promise<BrowserContext> {
  return browser.newContext({ ...options, storageState: SIGNED_IN[role] });
}

/** A page the role's session opens on: signed in, and the API answers its Bearer. */
const HOME: Record<Role, string> = { customer: '/dashboard/myorder', admin: '/dashboard/manageallorder' };

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/**
 * The state with its ID token expired, as it is an hour into a run: a restored session must renew
 * it from the refresh token (the SDK does) before it calls the API. Playwright saves IndexedDB
 * records encoded (`{ o: [{ k, v }] }` for an object), so the user's stsTokenManager is found as
 * the entry `{ k: 'stsTokenManager' }`.
 */
function withExpiredIdToken(state: StorageState): StorageState {
  let found = 0;
  const past = Date.now() - 60_000;
  const expire = (value: unknown, inTokens = false): unknown => {
    if (Array.isArray(value)) return value.map((v) => expire(v, inTokens));
    if (!value || typeof value !== 'object') return value;
    const entry = value as { k?: unknown; v?: unknown };
    if (inTokens && entry.k === 'expirationTime') {
      found++;
      return { ...entry, v: past };
    }
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, expire(v, inTokens || entry.k === 'stsTokenManager')]));
  };
  const expired = expire(state) as StorageState;
  if (found === 0) throw new Error('the saved state holds no Firebase Auth user in IndexedDB (was it saved with indexedDB: true?)');
  return expired;
}

/** Opens the role's page from the state; the nav bar shows the user and the API answers 200 to the Bearer sent. */
async function expectSessionWorks(browser: Browser, baseURL: string, role: Role, state: StorageState, staleToken?: string): Promise<void> {
  const context = await browser.newContext({ baseURL, storageState: state });
  try {
    const page = await context.newPage();
    const answered = page.waitForResponse((r) => /^Bearer /.test(r.request().headers().authorization ?? ''));
    await page.goto(HOME[role]);
    await expect(page.getByTestId('nav-user-name'), `the ${role}'s restored session shows them signed in`).toHaveText(DEMO[role].displayName);
    const res = await answered;
    expect(res.status(), `the API answers the ${role}'s restored Bearer (${res.url()})`).toBe(200);
    if (staleToken) expect(res.request().headers().authorization, 'an expired ID token is renewed, not sent').not.toBe(`Bearer ${staleToken}`);
  } finally {
    await context.close();
  }
}

function idTokenOf(state: StorageState): string {
  // The Firebase Auth user's ID token in IndexedDB (encoded entry accessToken), not the app's local storage entry.
  const match = /\{"k":"accessToken","v":"([^"]+)"\}/.exec(JSON.stringify(state.origins));
  if (!match) throw new Error('the saved state holds no ID token in IndexedDB');
  return match[1];
}

/** Signs each role in through the form once and saves its state; checks it restores, also with the ID token expired. */
export async function saveSignedInStates(
  use: Partial<PlaywrightTestOptions> & { baseURL?: string; launchOptions?: Parameters<typeof chromium.launch>[0] },
): Promise<void> {
  const baseURL = use.baseURL!;
  mkdirSync(DIR, { recursive: true });
  const browser = await chromium.launch(use.launchOptions);
  try {
    for (const role of Object.keys(DEMO) as Role[]) {
      const context = await browser.newContext({ baseURL });
      await logIn(await context.newPage(), DEMO[role]);
      await context.storageState({ path: SIGNED_IN[role], indexedDB: true });
      await context.close();
      const state = JSON.parse(readFileSync(SIGNED_IN[role], 'utf8')) as StorageState;
      await expectSessionWorks(browser, baseURL, role, state);
      // Twice: a renewal in one test's browser must not end the session the next test restores.
      for (let i = 0; i < 2; i++) await expectSessionWorks(browser, baseURL, role, withExpiredIdToken(state), idTokenOf(state));
    }
  } finally {
    await browser.close();
  }
}

/** Each account's state once it has signed in through the form in this worker (signedInOnce). */
const savedThisWorker = new Map<string, StorageState>();

/**
 * Signs `account` in for a test that needs it signed in but does not test signing in: through the
 * login form the first time this worker signs it in (logIn), from the state saved then afterwards,
 * as SIGNED_IN does for the demo roles (restoring it, with its ID token renewed once expired, is
 * what saveSignedInStates checks). For the demo company's people, whom several specs of a lane sign
 * in, each paying for the login page and the form. The page is left blank: the caller opens the page
 * it needs, which shows the account signed in.
 */
export async function signedInOnce(page: Page, account: { email: string; password: string; displayName: string }): Promise<void> {
  const saved = savedThisWorker.get(account.email);
  if (saved) {
    await page.context().setStorageState(saved);
    return;
  }
  await logIn(page, account);
  savedThisWorker.set(account.email, await page.context().storageState({ indexedDB: true }));
  await page.goto('about:blank');
}
