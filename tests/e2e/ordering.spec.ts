import { fillAddress } from './support/orders';
import { expect, test, type Page } from '@playwright/test';
import { MESSAGES } from '../../common/src/messages';
import { logIn, newCustomer, toast } from './support/session';

// A seeded tool (scripts/seed/demo-data.ts); its stock is read from the page, so other tests' bookings do not matter.
const TOOL_ID = 'defrost-timer';

async function availableOnPage(page: Page): Promise<number> {
  const text = await page.getByTestId('tool-available').textContent();
  return Number(text);
}

test('booking by keyboard alone: the modal opens on Quantity, Escape gives focus back to Book Order, Tab walks the fields inside it, Enter books', async ({
  page,
}) => {
  const customer = await newCustomer('keyboard');
  await logIn(page, customer);
  await page.goto(`/purchaseorder/${TOOL_ID}`);
  await expect(page.getByTestId('tool-available')).toHaveText(/^\d+$/);
  const book = page.getByRole('button', { name: 'Book Order' });
  await book.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: /^Book / });
  await expect(dialog.getByLabel(/Quantity/)).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(book).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(dialog.getByLabel(/Quantity/)).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByLabel(/^Phone/)).toBeFocused();
  await page.keyboard.type('+1 555 010 9090');
  await page.keyboard.press('Tab');
  await expect(dialog.getByLabel(/^Address line 1/)).toBeFocused();
  await page.keyboard.type('3 Keyboard Row');
  // Line 2, City, State, Postal code, Country: the address's parts in reading order (decision 0076).
  await page.keyboard.press('Tab');
  await expect(dialog.getByLabel(/^Address line 2/)).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.type('Dayton');
  await page.keyboard.press('Tab');
  await page.keyboard.type('OH');
  await page.keyboard.press('Tab');
  await page.keyboard.type('45402');
  await page.keyboard.press('Tab');
  await expect(dialog.getByLabel(/^Country/)).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByLabel(/PO number/)).toBeFocused();
  // Ship complete (CONTRACT §14, decision 0080), unticked: what is ready ships first.
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('checkbox', { name: /^Ship complete/ })).toBeFocused();
  await expect(dialog.getByRole('checkbox', { name: /^Ship complete/ })).not.toBeChecked();
  // Then the shipping options, one radio group that Tab enters once (at its choice, the cheapest).
  await expect(dialog.getByRole('radio').first()).toBeChecked();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('radio').first()).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Book Now' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(toast(page, MESSAGES.bookingAdded)).toBeVisible();
  await expect(dialog).toBeHidden();
});

test('booking: a bad quantity is refused, a good one books and the stock shown goes down; cancel returns it', async ({ page }) => {
  const customer = await newCustomer('booking');
  await logIn(page, customer);
  await page.goto(`/purchaseorder/${TOOL_ID}`);
  await expect(page.getByTestId('tool-available')).toHaveText(/^\d+$/);
  const toolName = (await page.getByRole('heading', { level: 1 }).textContent())!.trim();
  const available = await availableOnPage(page);
  const minimum = Number(await page.getByTestId('tool-minimum').textContent());

  await page.getByRole('button', { name: 'Book Order' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('Name')).toHaveValue(customer.displayName);
  await expect(dialog.getByLabel('Name')).toHaveAttribute('readonly', '');
  await expect(dialog.getByLabel('Email')).toHaveValue(customer.email);
  await expect(dialog.getByLabel('Email')).toHaveAttribute('readonly', '');
  await expect(dialog.getByLabel(/Quantity/)).toHaveValue(String(minimum));

  // Too many: the error toast and a disabled submit until it is corrected.
  await dialog.getByLabel(/Quantity/).fill(String(available + 1));
  await expect(toast(page, MESSAGES.quantityOutOfRange)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Book Now' })).toBeDisabled();
  // Too few is refused the same way.
  await dialog.getByLabel(/Quantity/).fill(String(minimum - 1));
  await expect(dialog.getByRole('button', { name: 'Book Now' })).toBeDisabled();

  await dialog.getByLabel(/Quantity/).fill(String(minimum));
  await dialog.getByLabel(/Phone/).fill('+1 555 010 2030');
  await fillAddress(dialog, '12 Cold Storage Way', 'Springfield');
  await expect(dialog.getByRole('button', { name: 'Book Now' })).toBeEnabled();
  await dialog.getByRole('button', { name: 'Book Now' }).click();

  await expect(toast(page, MESSAGES.bookingAdded)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('tool-available')).toHaveText(String(available - minimum));

  // My Orders shows it, unpaid, with Pay and Cancel.
  await page.goto('/dashboard/myorder');
  await expect(page.getByRole('heading', { name: 'My Booking Order' })).toBeVisible();
  const row = page.getByTestId('booking-row').filter({ hasText: toolName });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(customer.email);
  await expect(row).toContainText('+1 555 010 2030');
  await expect(row).toContainText('12 Cold Storage Way, Springfield');
  const bookingHref = await row.getByRole('link', { name: /Pay for/ }).getAttribute('href');
  expect(bookingHref).toMatch(/^\/dashboard\/payment\/.+/);

  // Cancel asks first; "cancel" in the dialog keeps the booking.
  await row.getByRole('button', { name: /Cancel booking/ }).click();
  const confirm = page.getByRole('dialog', { name: MESSAGES.deleteConfirm });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'cancel', exact: true }).click();
  await expect(confirm).toBeHidden();
  await expect(row).toHaveCount(1);

  await row.getByRole('button', { name: /Cancel booking/ }).click();
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByTestId('booking-row')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Browse the catalogue' })).toBeVisible();

  // The stock came back, once.
  await page.goto(`/purchaseorder/${TOOL_ID}`);
  await expect(page.getByTestId('tool-available')).toHaveText(String(available));
});

test('a review appears first on the home page with the reviewer name', async ({ page }) => {
  const customer = await newCustomer('review');
  await logIn(page, customer);
  await page.goto('/dashboard/review');
  await expect(page.getByRole('heading', { name: 'Give Review' })).toBeVisible();
  const text = `Fast delivery and the parts fit first time (${Date.now()}).`;

  // All fields are required: an empty form is not sent.
  await page.getByRole('button', { name: 'Add Review' }).click();
  await expect(page.getByText('Image is required')).toBeVisible();

  await page.getByLabel(/Image URL/).fill('/images/reviewers/3.svg');
  await page.getByLabel(/Rating/).fill('4');
  await page.getByLabel(/Description/).fill(text);
  await page.getByRole('button', { name: 'Add Review' }).click();
  await expect(toast(page, MESSAGES.reviewAdded)).toBeVisible();
  await expect(page.getByLabel(/Description/)).toHaveValue('');
  await expect(page.getByLabel(/Image URL/)).toHaveValue('');

  await page.goto('/');
  const first = page.getByTestId('review-list').locator('li').first();
  await expect(first).toContainText(text);
  await expect(first).toContainText(customer.displayName);
});

test('the profile saves, shows, and the form keeps the saved values (also after a reload)', async ({ page }) => {
  const customer = await newCustomer('profile');
  await logIn(page, customer);
  await page.goto('/dashboard/myprofile');
  await expect(page.getByText(customer.email)).toBeVisible();
  await expect(page.getByText('No profile information yet. Add it below.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Add Your Profile Information' })).toBeVisible();

  await page.getByLabel(/Education/).fill('BSc Mechanical Engineering');
  await page.getByLabel(/Location/).fill('Dayton, Ohio');
  await page.getByLabel(/Phone number/).fill('+1 555 010 4455');
  await page.getByLabel(/Linkedin profile/).fill('https://www.linkedin.com/in/e2e-profile');
  await page.getByRole('button', { name: 'Add Profile Information' }).click();

  const saved = page.getByTestId('saved-profile');
  await expect(saved).toContainText('Education');
  await expect(saved).toContainText('BSc Mechanical Engineering');
  await expect(saved).toContainText('Location');
  await expect(saved).toContainText('Dayton, Ohio');
  await expect(saved).toContainText('Linkedln Profile');
  await expect(saved).toContainText('https://www.linkedin.com/in/e2e-profile');
  await expect(saved).toContainText('Phone');
  await expect(saved).toContainText('+1 555 010 4455');
  await expect(page.getByLabel(/Education/)).toHaveValue('BSc Mechanical Engineering');
  await page.reload();
  await expect(page.getByLabel(/Education/)).toHaveValue('BSc Mechanical Engineering');
  await expect(page.getByLabel(/Phone number/)).toHaveValue('+1 555 010 4455');

  // One profile per user: saving again replaces it.
  await page.getByLabel(/Education/).fill('MSc Refrigeration');
  await page.getByLabel(/Location/).fill('Dayton, Ohio');
  await page.getByLabel(/Phone number/).fill('+1 555 010 4455');
  await page.getByLabel(/Linkedin profile/).fill('https://www.linkedin.com/in/e2e-profile');
  await page.getByRole('button', { name: 'Add Profile Information' }).click();
  await expect(saved).toContainText('MSc Refrigeration');
  await page.reload();
  await expect(page.getByTestId('saved-profile')).toContainText('MSc Refrigeration');
  await expect(page.getByTestId('saved-profile')).not.toContainText('BSc Mechanical Engineering');
});
