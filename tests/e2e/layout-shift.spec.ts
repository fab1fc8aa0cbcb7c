import { expect, test, type Browser, type Page } from '@playwright/test';
import { API } from '../../common/src/api-paths';
import { DEMO_COMPANY } from '../../common/src/constants';
import { bookAs, call, payAs } from './support/orders';
import { logIn, newCustomer } from './support/session';
import { signedInContext, type Role } from './support/signed-in';
import { expectStill, recordShifts, settledShifts } from './support/layout-shifts';

/**
 * Nothing moves under a signed-in reader (issue 21): every page a buyer or an admin works on is
 * opened fresh, at 390 and 1280 px, with an account that holds what real ones hold (orders unpaid
 * and paid, a review, profile records) and with an empty one; the layout shifts it makes (without
 * recent input) from the first byte until its data has arrived must add up to at most 0.02, the
 * bar Lighthouse's CLS is held to. A loading, empty or error state that does not take the space of
 * what it stands for fails here on every run, not only when someone runs the Lighthouse bench.
 */
const WIDTHS = [390, 1280] as const;

type Account = { email: string; password: string; displayName: string };

/** Opens `path` fresh, waits until its data has arrived and the page is still, and returns its shifts. */
async function shiftsOf(page: Page, path: string) {
  await page.goto(path);
  const shifts = await settledShifts(page);
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
  return shifts;
}

/** A demo role starts from its saved session; a fresh account signs in through the form. */
async function signedInPage(browser: Browser, account: Account | Role, width: number): Promise<Page> {
  const viewport = { width, height: width < 600 ? 844 : 900 };
  const context = typeof account === 'string' ? await signedInContext(browser, account, { viewport }) : await browser.newContext({ viewport });
  const page = await context.newPage();
  if (typeof account !== 'string') await logIn(page, account);
  await recordShifts(page);
  return page;
}

const CUSTOMER_PAGES = [
  '/purchaseorder/condenser-fan-motor',
  '/dashboard',
  '/dashboard/myorder',
  '/dashboard/review',
  '/dashboard/myprofile',
  '/dashboard/quickorder',
  '/dashboard/cart',
];
const ADMIN_PAGES = [
  '/dashboard/manageallorder',
  '/dashboard/manageproduct',
  '/dashboard/addnewitem',
  '/dashboard/alluser',
  '/dashboard/managemodels',
  // Companies (CONTRACT §10): the list and the seed's demo company with its people.
  '/dashboard/companies',
  '/dashboard/companies/demo-northwind',
  // Pay on account (decision 0063): the demo company's invoices (the open ones, by default).
  '/dashboard/companies/demo-northwind/invoices',
  // The demo company's contract prices (decision 0062).
  '/dashboard/companies/demo-northwind/prices',
  // The shop's shipping methods (decision 0078).
  '/dashboard/shipping',
  // Tax exemption certificates to review (CONTRACT §15).
  '/dashboard/exemptions',
  // The shop admin's returns (CONTRACT §16): the tabs and the requested ones.
  '/dashboard/returns',
  '/dashboard/cart',
];

test.describe('signed-in pages hold still while their data arrives', () => {
  let busy: Account;
  let empty: Account;
  let unpaidId: string;
  let paidId: string;

  test.beforeAll(async () => {
    busy = await newCustomer('busy');
    empty = await newCustomer('empty');
    // What a real buyer's account holds: a paid order, an unpaid one, a review and a profile.
    const paid = await bookAs(busy, 'filter-drier');
    await payAs(busy, paid._id);
    paidId = paid._id;
    unpaidId = (await bookAs(busy, 'condenser-fan-motor'))._id;
    await call(busy, 'POST', API.addReview, {
      image: 'https://example.test/me.jpg',
      review: 5,
      description: 'Parts arrived well packed and on time.',
      toolId: 'filter-drier',
    });
    // A cart of two lines, one of them below the tool's minimum (its problem shows on its line).
    await call(busy, 'PUT', API.cart, {
      lines: [
        { toolId: 'condenser-fan-motor', quantity: 10 },
        { toolId: 'filter-drier', quantity: 1 },
      ],
    });
    await call(busy, 'PUT', API.saveProfile, {
      education: 'BSc Mechanical Engineering',
      location: 'Springfield, IL',
      phone: '+1 555 010 2030',
      linkedlnProfile: 'https://www.linkedin.com/in/casey',
    });
  });

  for (const width of WIDTHS) {
    test(`the customer's pages at ${width} px, with orders, a review and a profile`, async ({ browser }) => {
      const page = await signedInPage(browser, busy, width);
      for (const path of [...CUSTOMER_PAGES, `/dashboard/payment/${unpaidId}`, `/dashboard/order/${paidId}`, `/dashboard/order/${unpaidId}`])
        expectStill(await shiftsOf(page, path), `${path} at ${width} px (busy account)`);
      await page.context().close();
    });

    test(`the customer's pages at ${width} px, with an empty account`, async ({ browser }) => {
      const page = await signedInPage(browser, empty, width);
      for (const path of CUSTOMER_PAGES) expectStill(await shiftsOf(page, path), `${path} at ${width} px (empty account)`);
      await page.context().close();
    });

    test(`the admin's pages at ${width} px`, async ({ browser }) => {
      const page = await signedInPage(browser, 'admin', width);
      for (const path of [...ADMIN_PAGES, `/dashboard/order/${paidId}`]) expectStill(await shiftsOf(page, path), `${path} at ${width} px (admin)`);
      await page.context().close();
    });
  }
});

// A company admin's pages (CONTRACT §10, decision 0061): My company, its approvals and its orders,
// as the seed's demo company admin, whose company has orders waiting (company-checkout.spec's).
const COMPANY_ADMIN_PAGES = ['/dashboard/company', '/dashboard/company/approvals', '/dashboard/company/orders'];

for (const width of WIDTHS) {
  test(`the company admin's pages at ${width} px`, async ({ browser }) => {
    const page = await signedInPage(browser, DEMO_COMPANY.companyAdmin, width);
    for (const path of COMPANY_ADMIN_PAGES) expectStill(await shiftsOf(page, path), `${path} at ${width} px (company admin)`);
    await page.context().close();
  });
}

// Finding by appliance model (CONTRACT §12) is public: its pages are opened signed out, as a
// technician arriving from a search engine would, and hold still while the models, the model and
// its drawing arrive (a drawing's frame keeps its shape from the first paint).
const PUBLIC_PAGES = ['/appliance-models', '/appliance-models/NRT18F2W', '/appliance-models/NRT18F2W?section=machine-compartment&callout=4'];

for (const width of WIDTHS) {
  test(`Find by model and a model's page at ${width} px, signed out`, async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width, height: width < 600 ? 844 : 900 } });
    const page = await context.newPage();
    await recordShifts(page);
    for (const path of PUBLIC_PAGES) expectStill(await shiftsOf(page, path), `${path} at ${width} px (signed out)`);
    await context.close();
  });
}
