import { expect, type Page } from '@playwright/test';
import { localOrigin, SHOP_URL } from '../../../common/src/local-stack';

const AUTH = `${localOrigin('auth')}/identitytoolkit.googleapis.com/v1`;
const STRIPE_DOUBLE = localOrigin('stripe');

interface Account {
  email: string;
  password: string;
}

async function idToken(account: Account): Promise<string> {
  const res = await fetch(`${AUTH}/accounts:signInWithPassword?key=demo-api-key`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: account.email, password: account.password, returnSecureToken: true }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { idToken: string }).idToken;
}

/** One authenticated call to the shop's API as `account`, expecting success. */
export async function call<T>(account: Account, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
  const res = await fetch(`${SHOP_URL}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${await idToken(account)}`, ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  expect(res.ok, `${method} ${path}: ${res.status} ${text}`).toBe(true);
  return JSON.parse(text) as T;
}

/** Books the tool's minimum quantity as `account` through the API, as the booking modal does. */
export async function bookAs(account: Account, toolId: string): Promise<{ _id: string; orderNumber: string; name: string; total: number; quantity: number }> {
  const tool = (await (await fetch(`${SHOP_URL}/tool/${toolId}`)).json()) as { minimumQuantity: number };
  return call(account, 'POST', '/booking', { toolId, quantity: tool.minimumQuantity, phone: '+1 555 010 7788', address: '4 Chiller Lane, Akron' });
}

/**
 * Pays a booking the way the Payment page does, without the page: PaymentIntent from the shop,
 * confirm at the local Stripe double with Stripe's test Visa, then record it at the shop.
 */
export async function payAs(account: Account, bookingId: string): Promise<string> {
  const { clientSecret } = await call<{ clientSecret: string }>(account, 'POST', '/create-payment-intent', { bookingId });
  const id = clientSecret.slice(0, clientSecret.indexOf('_secret_'));
  const confirm = await fetch(`${STRIPE_DOUBLE}/v1/payment_intents/${id}/confirm`, {
    method: 'POST',
    headers: { Authorization: 'Bearer pk_test_local_double', 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ payment_method: 'pm_card_visa', client_secret: clientSecret }).toString(),
  });
  expect(confirm.status, await confirm.clone().text()).toBe(200);
  await call(account, 'PATCH', `/cardBooking/${bookingId}`, { transactionId: id });
  return id;
}

/** The row of `testId` holding every one of `texts`, clicking "Load more" until it shows (lists are paginated). */
export async function findRow(page: Page, testId: string, ...texts: string[]) {
  const rows = page.getByTestId(testId);
  let row = rows;
  for (const t of texts) row = row.filter({ hasText: t });
  await expect(rows.first()).toBeVisible();
  for (let i = 0; i < 30 && (await row.count()) === 0; i++) {
    const more = page.getByRole('button', { name: 'Load more' });
    if ((await more.count()) === 0) break;
    await more.click();
    await expect(page.getByRole('button', { name: 'Loading…' })).toHaveCount(0);
  }
  await expect(row).toHaveCount(1);
  return row;
}

/** The order number the order page shows, once it shows one. */
export async function orderPageNumber(page: Page): Promise<string> {
  const number = page.getByTestId('order-page-number');
  await expect(number).toHaveText(/^FP-/);
  return (await number.textContent()) ?? '';
}

/**
 * The company's bank transfer for a whole open invoice arrives at the Stripe double (its test
 * control, scripts/stripe-double/README.md), which then sends `invoice.paid` to the shop's webhook.
 * `hostedInvoiceUrl` is the order page's invoice link, which names the invoice.
 */
export async function receiveBankTransfer(hostedInvoiceUrl: string): Promise<void> {
  const id = /\/_double\/hosted-invoices\/([^/?#]+)/.exec(hostedInvoiceUrl)?.[1];
  expect(id, `an invoice id in ${hostedInvoiceUrl}`).toBeTruthy();
  const res = await fetch(`${STRIPE_DOUBLE}/_double/invoices/${id}/bank-transfer`, { method: 'POST' });
  expect(res.status, await res.clone().text()).toBe(200);
}

/** Cities the specs ship to, with their state and ZIP (the demo's methods serve the US). */
const PLACES: Record<string, { region: string; postalCode: string }> = {
  Toledo: { region: 'OH', postalCode: '43604' },
  Akron: { region: 'OH', postalCode: '44308' },
  Dayton: { region: 'OH', postalCode: '45402' },
  Springfield: { region: 'IL', postalCode: '62701' },
  Oakland: { region: 'CA', postalCode: '94607' },
  Dallas: { region: 'TX', postalCode: '75201' },
};

/**
 * Types a shipping address into an order form's parts (CONTRACT §14, decision 0076): `street` and
 * a city of PLACES, whose state and ZIP it fills in.
 */
export async function fillAddress(scope: Pick<Page, 'getByLabel'>, street: string, city: keyof typeof PLACES & string): Promise<void> {
  const place = PLACES[city]!;
  await scope.getByLabel(/^Address line 1/).fill(street);
  await scope.getByLabel(/^City/).fill(city);
  await scope.getByLabel(/^State or region/).fill(place.region);
  await scope.getByLabel(/^Postal code/).fill(place.postalCode);
}
