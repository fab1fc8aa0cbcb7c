import { expect, test, type Page } from '@playwright/test';
import { localOrigin, PROJECT_ID } from '../../common/src/local-stack';
import { MESSAGES } from '../../common/src/messages';
import { serveGapiStub } from './support/gapi-stub';
import { DEMO, logIn, newCustomer } from './support/session';

const accessToken = (page: Page) => page.evaluate(() => localStorage.getItem('accessToken'));

test.describe('login', () => {
  test('shows every validation message of SPEC §5', async ({ page }) => {
    await page.goto('/login');
    await expect(page).toHaveTitle('Login | FridgeParts');
    const login = page.getByRole('button', { name: 'Login', exact: true });
    await login.click();
    await expect(page.getByText(MESSAGES.emailRequired, { exact: true })).toBeVisible();
    await expect(page.getByText(MESSAGES.passwordRequired, { exact: true })).toBeVisible();

    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Password', { exact: true }).fill('12345');
    await login.click();
    await expect(page.getByText(MESSAGES.emailInvalid, { exact: true })).toBeVisible();
    await expect(page.getByText(MESSAGES.passwordTooShort, { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a wrong password shows the provider error in red under the form, in plain words', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Email').fill(DEMO.customer.email);
    await page.getByLabel('Password', { exact: true }).fill('wrong-password');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    const error = page.getByTestId('auth-error');
    await expect(error).toHaveText('The email or password is not correct.');
    // In red: the error alert's dark red text on its light red background.
    await expect(error).toHaveCSS('color', 'rgb(95, 33, 32)');
    await expect(error).toHaveCSS('background-color', 'rgb(253, 237, 237)');
    await expect(error).not.toContainText('auth/');
    await expect(page).toHaveURL(/\/login$/);
    expect(await accessToken(page)).toBeNull();
  });

  test('Reset Password without an email asks for one; with an email it sends the reset', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByRole('alert').filter({ hasText: MESSAGES.resetNeedsEmail })).toBeVisible();

    await page.getByLabel('Email').fill(DEMO.customer.email);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByRole('alert').filter({ hasText: MESSAGES.resetSent })).toBeVisible();
    // The Auth emulator really queued the reset email.
    const codes = (await (await fetch(`${localOrigin('auth')}/emulator/v1/projects/${PROJECT_ID}/oobCodes`)).json()) as {
      oobCodes: { email: string; requestType: string }[];
    };
    expect(codes.oobCodes.some((c) => c.email === DEMO.customer.email && c.requestType === 'PASSWORD_RESET')).toBe(true);
  });

  test('a protected page sends the visitor to /login and back there after sign-in; the shop gets the user', async ({ page }) => {
    const syncs: string[] = [];
    page.on('request', (r) => r.method() === 'PUT' && /\/user\//.test(r.url()) && syncs.push(r.url()));
    await page.goto('/dashboard/myprofile');
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('Email').fill(DEMO.customer.email);
    await page.getByLabel('Password', { exact: true }).fill(DEMO.customer.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\/myprofile$/);
    await expect(page.getByTestId('nav-user-name')).toHaveText(DEMO.customer.displayName);
    expect(syncs).toEqual([expect.stringContaining(`/user/${encodeURIComponent(DEMO.customer.email)}`)]);
    expect(await accessToken(page)).toBeTruthy();
  });

  test('login links to sign-up and back', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('link', { name: 'Create an account' }).click();
    await expect(page).toHaveURL(/\/signup$/);
    await page.locator('main').getByRole('link', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('logout signs out and removes the accessToken', async ({ page }) => {
    await logIn(page, DEMO.customer);
    expect(await accessToken(page)).toBeTruthy();
    await page.getByRole('button', { name: 'LogOut' }).click();
    await expect(page.getByRole('link', { name: 'Login' }).first()).toBeVisible();
    await expect(page.getByTestId('nav-user-name')).toHaveCount(0);
    expect(await accessToken(page)).toBeNull();
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('sign up', () => {
  test('shows every validation message of SPEC §5', async ({ page }) => {
    await page.goto('/signup');
    await expect(page).toHaveTitle('Sign Up | FridgeParts');
    const submit = page.getByRole('button', { name: 'SignUp', exact: true }).last();
    await submit.click();
    await expect(page.getByText(MESSAGES.nameRequired, { exact: true })).toBeVisible();
    await expect(page.getByText(MESSAGES.emailRequired, { exact: true })).toBeVisible();
    await expect(page.getByText(MESSAGES.passwordRequired, { exact: true })).toBeVisible();
    await page.getByLabel('Name').fill('Pat Buyer');
    await page.getByLabel('Email').fill('pat@');
    await page.getByLabel('Password', { exact: true }).fill('abc');
    await submit.click();
    await expect(page.getByText(MESSAGES.emailInvalid, { exact: true })).toBeVisible();
    await expect(page.getByText(MESSAGES.passwordTooShort, { exact: true })).toBeVisible();
    await expect(page.getByText(MESSAGES.nameRequired, { exact: true })).toHaveCount(0);
  });

  test('creates the account with its display name, records it with the shop and goes to /home', async ({ page }) => {
    const email = `signup-${Date.now().toString(36)}@example.test`;
    await page.goto('/signup');
    await page.getByLabel('Name').fill('Pat Buyer');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('pat-password-1');
    await page.locator('main').getByRole('button', { name: 'SignUp', exact: true }).click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByTestId('nav-user-name')).toHaveText('Pat Buyer');
    expect(await accessToken(page)).toBeTruthy();
  });

  test('an email already in use shows the provider error in plain words', async ({ page }) => {
    const existing = await newCustomer('dup');
    await page.goto('/signup');
    await page.getByLabel('Name').fill('Someone');
    await page.getByLabel('Email').fill(existing.email);
    await page.getByLabel('Password', { exact: true }).fill('another-pass');
    await page.locator('main').getByRole('button', { name: 'SignUp', exact: true }).click();
    await expect(page.getByTestId('auth-error')).toHaveText('An account with this email already exists. Log in instead.');
  });
});

test('Google Sign In through the Auth emulator page', async ({ page, context }) => {
  await serveGapiStub(context);
  const email = `google-${Date.now().toString(36)}@example.test`;
  await page.goto('/login');
  const popupPromise = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Google Sign In' }).click();
  const popup = await popupPromise;
  await popup.waitForLoadState('domcontentloaded');
  await popup.getByText('Add new account').click();
  await popup.locator('#email-input').fill(email);
  await popup.locator('#display-name-input').fill('Gale Google');
  await popup.locator('#sign-in').click();
  await expect(page.getByTestId('nav-user-name')).toHaveText('Gale Google');
  await expect(page).toHaveURL(/\/$/);
  expect(await accessToken(page)).toBeTruthy();
});

test.describe('dashboard', () => {
  test('a customer sees the customer menu and the welcome heading', async ({ page }) => {
    await logIn(page, DEMO.customer);
    await expect(page).toHaveURL(/\/$/);
    await page.getByRole('link', { name: 'DashBoard' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(MESSAGES.dashboardWelcome);
    const menu = page.getByRole('list', { name: 'Dashboard menu' });
    await expect(menu.getByRole('link')).toHaveText(['My Orders', 'Cart', 'Quick order', 'Add Reviews', 'My Profile']);
    await menu.getByRole('link', { name: 'My Profile' }).click();
    await expect(page).toHaveURL(/\/dashboard\/myprofile$/);
  });

  test('an admin sees the admin menu', async ({ page }) => {
    await logIn(page, DEMO.admin);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(MESSAGES.dashboardWelcome);
    await expect(page.getByRole('list', { name: 'Dashboard menu' }).getByRole('link')).toHaveText([
      'Manage Products',
      'Manage All Orders',
      'Add A Product',
      'Manage Models',
      'Companies',
      'Shipping',
      'Tax exemptions',
      'Returns',
      'Cart',
      'My Profile',
      'Make Admin',
    ]);
  });

  test('on a narrow screen the menu opens from a button', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await logIn(page, DEMO.customer, '/login');
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Dashboard menu' }).click();
    await page.getByRole('link', { name: 'My Orders' }).click();
    await expect(page).toHaveURL(/\/dashboard\/myorder$/);
  });

  test('an admin route refused to a customer signs them out and sends them to /login', async ({ page }) => {
    await logIn(page, DEMO.customer);
    await page.goto('/dashboard/alluser');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByTestId('nav-user-name')).toHaveCount(0);
    await expect.poll(() => accessToken(page)).toBeNull();
  });
});
