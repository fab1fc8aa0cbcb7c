import { expect, test } from '@playwright/test';
import { localOrigin, PROJECT_ID, SHOP_URL } from '../../common/src/local-stack';
import { MESSAGES } from '../../common/src/messages';
import { logIn, newCustomer, toast } from './support/session';

const AUTH = `${localOrigin('auth')}/identitytoolkit.googleapis.com/v1`;

test('a signed-in customer opening /login or /signup is sent on', async ({ page }) => {
  const customer = await newCustomer('arrive');
  await logIn(page, customer);
  await page.goto('/login');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Login' })).toHaveCount(0);
  await page.goto('/signup');
  await expect(page).toHaveURL(/\/home$/);
});

test('when the shop rejects the session, the customer is signed out, sent to / and told why', async ({ page }) => {
  const customer = await newCustomer('ended');
  await logIn(page, customer);
  // The account is disabled behind the browser's back: the next API call answers 401.
  const signIn = await fetch(`${AUTH}/accounts:signInWithPassword?key=demo-api-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: customer.email, password: customer.password, returnSecureToken: true }),
  });
  const { localId } = (await signIn.json()) as { localId: string };
  const disabled = await fetch(`${AUTH}/projects/${PROJECT_ID}/accounts:update`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: 'Bearer owner' },
    body: JSON.stringify({ localId, disableUser: true }),
  });
  expect(disabled.ok).toBe(true);

  // Inside the running app (a reload would let the Auth SDK notice the disabled account first).
  await page.evaluate(() => {
    history.pushState({}, '', '/dashboard/myorder');
    dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page).toHaveURL(`${SHOP_URL}/`);
  await expect(toast(page, MESSAGES.sessionEnded)).toBeVisible();
  await expect(page.getByTestId('nav-user-name')).toHaveCount(0);
});
