import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { MESSAGES } from '../../common/src/messages';
import { API } from '../../common/src/api-paths';
import { bookAs, call, findRow, payAs } from './support/orders';
import { logIn, newCustomer } from './support/session';
import { signedInAs } from './support/signed-in';
import { axeScan } from './support/axe';
import { settled } from './support/settled';

/**
 * Accessibility as a test (issue 16, STYLE 24): axe-core over every route of the shop at 1280 and
 * 390 px, each as its reader sees it (signed out for the public pages, a customer with an order
 * of their own or the demo admin for the dashboard), once the page's data has arrived, with WCAG 2.2 A and AA. The open booking
 * modal, the contact dialog, the catalogue's Filters sheet (390 px; its panel at 1280 px is part of
 * the page) and the delete confirmation are checked too. Each role signs in once
 * per width and walks its routes in that page; every route is checked before the test fails, and
 * the message names each violation's rule, impact, help and the nodes, so one run says all.
 * The routes are route-budget.spec.ts's.
 */
const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];

interface Finding {
  state: string;
  text: string;
}

/**
 * Runs axe over the page as it is now; returns one readable block per violation. What axe could
 * not decide (incomplete, e.g. contrast over an image) goes to reports/accessibility.json for a
 * person to look at, with the count of rules that passed.
 */
async function check(page: Page, state: string): Promise<Finding[]> {
  const { violations, incomplete, passes } = await axeScan(page);
  // A run that checked nothing (an empty page, axe not injected) must not read as clean.
  expect(passes.length, `${state}: axe passed no rule at all`).toBeGreaterThan(0);
  record(state, {
    passed: passes.length,
    violations: violations.map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.map((n) => n.target.join(' ')) })),
    incomplete: incomplete.map((v) => ({
      id: v.id,
      nodes: v.nodes.map((n) => ({ target: n.target.join(' '), why: [...n.any, ...n.all, ...n.none].map((c) => c.message).join('; ') })),
    })),
  });
  return violations.map((v) => ({
    state,
    text: [
      `${state}: ${v.id} (${v.impact ?? 'n/a'}): ${v.help} [${v.helpUrl}]`,
      ...v.nodes.map((n) => `    ${n.target.join(' ')}${n.failureSummary ? `\n      ${n.failureSummary.replace(/\s*\n\s*/g, ' | ')}` : ''}`),
    ].join('\n'),
  }));
}

/** Merged into the file state by state, as route-budget.spec.ts does with its figures. */
function record(state: string, result: unknown): void {
  const dir = path.resolve('reports');
  const file = path.join(dir, 'accessibility.json');
  mkdirSync(dir, { recursive: true });
  const all = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>) : {};
  writeFileSync(file, JSON.stringify({ ...all, [state]: result }, null, 2));
}

function report(width: number, findings: Finding[]): void {
  expect(findings.length, `axe (WCAG 2.2 A/AA) at ${width} px found ${findings.length} violation(s):\n${findings.map((f) => f.text).join('\n')}`).toBe(0);
}

/**
 * Opens a route as a person clicking through the shop does: the first one loads the page, the next
 * ones are client-side navigations of the app already running (as a link in the app does), which
 * spares a page load and the sign-in restore. `load` loads the page again: for data the test
 * changed behind the app's back (the cart put through the API), which the app's cache would not show.
 */
async function open(page: Page, path: string, load: boolean): Promise<void> {
  const appRunning = !load && (await page.evaluate(() => !!document.querySelector('#root h1')).catch(() => false));
  if (!appRunning) {
    await page.goto(path);
    return;
  }
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, path);
  await page.waitForURL((url) => `${url.pathname}${url.search}` === path);
  // A popstate is the router's Back, which keeps the scroll of the page before (519 px down from
  // the order page); a link opens the page at its top, as the visitor sees it first. Scrolled,
  // whatever lies under the sticky bar counts as obscured for axe's target-size (My Orders' Pay,
  // once its card's lines moved, issue 43): checked at the top, as opened.
  await page.evaluate(() => window.scrollTo(0, 0));
}

/** One route: open it, wait for its content, check it. */
async function visit(page: Page, findings: Finding[], width: number, name: string, path: string, content: (page: Page) => Locator, load = false) {
  await test.step(`${name} (${path})`, async () => {
    await open(page, path, load);
    await settled(page, content(page));
    findings.push(...(await check(page, `${name} at ${width} px`)));
  });
}

for (const viewport of WIDTHS) {
  const w = viewport.width;
  test.describe(`at ${w} px`, () => {
    test.use({ viewport });

    test(`public pages signed out, the contact dialog open: no WCAG 2.2 A/AA violation at ${w} px`, async ({ page }) => {
      const findings: Finding[] = [];
      await visit(page, findings, w, 'home', '/', (p) => p.getByTestId('newest-tool-spotlight'));
      await test.step('home: contact dialog open', async () => {
        await page.getByRole('button', { name: 'Contact Supplier' }).click();
        await expect(page.getByRole('dialog', { name: 'Contact Supplier' }).getByRole('link', { name: 'Email sales' })).toBeVisible();
        findings.push(...(await check(page, `home, contact dialog open at ${w} px`)));
        await page.keyboard.press('Escape');
      });
      await visit(page, findings, w, 'catalogue', '/purchaseorder', (p) => p.getByTestId('catalog-grid'));
      // The catalogue's filters: a panel beside the results at 1280 px, a sheet behind a button at 390 px.
      if (w < 1024) {
        await test.step('catalogue: Filters sheet open', async () => {
          await page.getByRole('button', { name: /^Filters/ }).click();
          const sheet = page.getByRole('dialog', { name: 'Filters' });
          await expect(sheet.getByRole('checkbox').first()).toBeFocused();
          await expect(sheet.getByRole('button', { name: /^Show \d+ parts?$/ })).toBeVisible();
          findings.push(...(await check(page, `catalogue, Filters sheet open at ${w} px`)));
          await page.keyboard.press('Escape');
          await expect(sheet).toBeHidden();
        });
      } else {
        await expect(page.getByRole('complementary', { name: 'Filters' }).getByRole('checkbox').first()).toBeVisible();
      }
      // Finding by appliance model (CONTRACT §12): the drawing's callouts are named controls.
      await visit(page, findings, w, 'find by model', '/appliance-models', (p) => p.getByTestId('model-browse-results'));
      await visit(page, findings, w, 'model page', '/appliance-models/NRT18F2W', (p) => p.getByRole('button', { name: /^Callout 1: / }));
      await visit(page, findings, w, 'login', '/login', (p) => p.getByRole('button', { name: 'Login', exact: true }));
      await visit(page, findings, w, 'signup', '/signup', (p) => p.getByRole('heading', { name: /Sign ?up/i }));
      await visit(page, findings, w, 'blogs', '/blogs', (p) => p.getByRole('heading', { level: 1 }));
      await visit(page, findings, w, 'about', '/about', (p) => p.getByRole('heading', { level: 1 }));
      await visit(page, findings, w, 'portfolio', '/myportfolio2', (p) => p.getByRole('heading', { level: 1 }));
      await visit(page, findings, w, 'legal', '/legal/terms', (p) => p.getByRole('heading', { level: 1 }));
      await visit(page, findings, w, 'not found', '/no-such-page', (p) => p.getByRole('heading', { name: 'Page not found' }));
      report(w, findings);
    });

    // Its own test: the customer's pages below already take most of the time a test is given.
    test(`a discontinued tool's page (CONTRACT §11): no WCAG 2.2 A/AA violation at ${w} px`, async ({ page }) => {
      const findings: Finding[] = [];
      await signedInAs(page, 'customer');
      await visit(page, findings, w, 'discontinued tool page', '/purchaseorder/defrost-timer-6h', (p) => p.getByTestId('tool-replaced-by'));
      report(w, findings);
    });

    test(`the customer's pages, the booking modal and a confirm dialog open: no WCAG 2.2 A/AA violation at ${w} px`, async ({ page }) => {
      const findings: Finding[] = [];
      // A customer of its own: the demo customer's cart and orders belong to the specs of the other
      // lane (playwright.config.ts), which run at the same time.
      const buyer = await newCustomer('a11y-buyer');
      const booking = await bookAs(buyer, 'filter-drier');
      await logIn(page, buyer);
      await visit(page, findings, w, 'tool page', '/purchaseorder/condenser-fan-motor', (p) => p.getByTestId('tool-available').filter({ hasText: /^\d+$/ }));
      await test.step('tool page: booking modal open', async () => {
        await page.getByRole('button', { name: 'Book Order' }).click();
        const dialog = page.getByRole('dialog', { name: /^Book / });
        await expect(dialog.getByLabel(/Quantity/)).toBeFocused();
        findings.push(...(await check(page, `tool page, booking modal open at ${w} px`)));
        await page.keyboard.press('Escape');
        await expect(dialog).toBeHidden();
      });
      await visit(page, findings, w, 'dashboard', '/dashboard', (p) => p.getByRole('heading', { name: MESSAGES.dashboardWelcome }));
      await visit(page, findings, w, 'quick order', '/dashboard/quickorder', (p) => p.getByRole('heading', { name: 'Quick order' }));
      // The cart with a line on it (and its checkout form); emptied again after.
      await call(buyer, 'PUT', API.cart, { lines: [{ toolId: 'condenser-fan-motor', quantity: 10 }] });
      await visit(page, findings, w, 'cart', '/dashboard/cart', (p) => p.getByRole('button', { name: 'Place order' }), true);
      await call(buyer, 'PUT', API.cart, { lines: [] });
      await visit(page, findings, w, 'add review', '/dashboard/review', (p) => p.getByRole('heading', { name: 'Give Review' }));
      await visit(page, findings, w, 'my profile', '/dashboard/myprofile', (p) => p.getByRole('heading', { name: 'Add Your Profile Information' }));
      await visit(page, findings, w, 'about (signed in)', '/about', (p) => p.getByRole('heading', { level: 1 }));
      await visit(page, findings, w, 'payment', `/dashboard/payment/${booking._id}`, (p) => p.getByTestId('payment-total'));
      await visit(page, findings, w, 'order page', `/dashboard/order/${booking._id}`, (p) => p.getByTestId('order-timeline'));
      await visit(page, findings, w, 'my orders', '/dashboard/myorder', (p) => p.getByTestId('booking-row'));
      await test.step('my orders: cancel confirmation open', async () => {
        // The order booked above: the question is asked about it, and Delete then cancels it.
        const row = await findRow(page, 'booking-row', booking.orderNumber);
        await row.getByRole('button', { name: /Cancel booking/ }).click();
        const confirm = page.getByRole('dialog', { name: MESSAGES.deleteConfirm });
        await expect(confirm.getByRole('button', { name: 'cancel', exact: true })).toBeFocused();
        findings.push(...(await check(page, `my orders, cancel confirmation open at ${w} px`)));
        await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
        await expect(confirm).toBeHidden();
      });
      report(w, findings);
    });

    test(`the admin's pages: no WCAG 2.2 A/AA violation at ${w} px`, async ({ page }) => {
      const findings: Finding[] = [];
      // A paid order of a customer: the order page shows the admin's Ship… and Refund.
      const buyer = await newCustomer('a11y');
      const paid = await bookAs(buyer, 'filter-drier');
      await payAs(buyer, paid._id);
      await signedInAs(page, 'admin');
      await visit(page, findings, w, 'manage all orders', '/dashboard/manageallorder', (p) => p.getByRole('heading', { name: 'Manage All Orders' }));
      await visit(page, findings, w, 'manage products', '/dashboard/manageproduct', (p) => p.getByTestId('product-row'));
      await visit(page, findings, w, 'add product', '/dashboard/addnewitem', (p) => p.getByRole('heading', { name: 'Add A Product' }));
      await visit(page, findings, w, 'make admin', '/dashboard/alluser', (p) => p.getByTestId('user-row'));
      // CONTRACT §12: the models' import and list (the seed's four models listed).
      await visit(page, findings, w, 'manage models', '/dashboard/managemodels', (p) => p.getByTestId('model-row').first());
      // CONTRACT §10: the companies (the seed's demo company listed) and the demo company's page with its people.
      await visit(page, findings, w, 'companies', '/dashboard/companies', (p) => p.getByTestId('company-row').first());
      await visit(page, findings, w, 'company page', '/dashboard/companies/demo-northwind', (p) => p.getByTestId('member-row').first());
      await visit(page, findings, w, 'company prices', '/dashboard/companies/demo-northwind/prices', (p) => p.getByTestId('company-price-row').first());
      // CONTRACT §15: the certificates waiting for review (rows, or the empty state).
      await visit(page, findings, w, 'tax exemptions', '/dashboard/exemptions', (p) =>
        p.getByRole('tabpanel').getByTestId('exemption-row').or(p.getByText('No certificates waiting for review')).first(),
      );
      // CONTRACT §16: the returns' tabs, with the requested ones or none.
      await visit(page, findings, w, 'returns', '/dashboard/returns', (p) =>
        p.getByTestId('return-row').or(p.getByText('No return is waiting for approval.')).first(),
      );
      await visit(page, findings, w, 'order page (admin)', `/dashboard/order/${paid._id}`, (p) => p.getByRole('button', { name: 'Ship…' }));
      await test.step('order page (admin): refund confirmation open', async () => {
        await page.getByRole('button', { name: 'Refund' }).click();
        const confirm = page.getByRole('dialog', { name: 'Refund this order?' });
        await expect(confirm.getByRole('button', { name: 'Keep the order' })).toBeFocused();
        findings.push(...(await check(page, `order page (admin), refund confirmation open at ${w} px`)));
        await confirm.getByRole('button', { name: 'Keep the order' }).click();
        await expect(confirm).toBeHidden();
      });
      report(w, findings);
    });
  });
}
