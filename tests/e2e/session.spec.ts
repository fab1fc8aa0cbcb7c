import { expect, test } from '@playwright/test';
import { SHOP_URL } from '../../common/src/local-stack';
import { MESSAGES } from '../../common/src/messages';
import { disableAccount, logIn, newCustomer, toast } from './support/session';

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
  await disableAccount(customer);

  // Inside the running app (a reload would let the Auth SDK notice the disabled account first).
  await page.evaluate(() => {
    history.pushState({}, '', '/dashboard/myorder');
    dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page).toHaveURL(`${SHOP_URL}/`);
  await expect(toast(page, MESSAGES.sessionEnded)).toBeVisible();
  await expect(page.getByTestId('nav-user-name')).toHaveCount(0);
});
