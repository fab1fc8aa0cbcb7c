import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_COMPANY } from '../../common/src/constants';
import { SHOP_URL } from '../../common/src/local-stack';
import { bookAs, payAs } from './support/orders';
import { shipAllAsAdmin } from './support/ship';
import { DEMO } from './support/session';
import { signedInAs, signedInOnce } from './support/signed-in';

/**
 * JS per route (issue 9): every script a page fetches from the shop until the network is quiet
 * after opening it, gzipped (what Hosting's CDN sends), against the budget: the home page at most
 * 190 KB, every other page at most 200 KB. Lazy parts a person must ask for (the booking dialog,
 * a card form after Pay) are not "before interaction" and are not counted. The figures are written
 * to reports/route-js.json; `npm run bench:bundle` prints them.
 */
// The e2e tier enforces the budget on every route, so a change that puts a heavy library or an SDK
// back into a first load fails the tests; `npm run bench:bundle` runs the same spec and prints the
// figures.

const HOME_BUDGET_KB = 190;
const PAGE_BUDGET_KB = 200;

interface Route {
  path: string | (() => Promise<string>);
  as?: 'customer' | 'admin';
  /** Another account, signed in through the login form (the demo company's admin, whose pages a plain customer can not see). */
  account?: { email: string; password: string; displayName: string };
}

const ROUTES: Record<string, Route> = {
  home: { path: '/' },
  catalogue: { path: '/purchaseorder' },
  // Issue 27: the catalogue as a search leaves it, a query with a category and a spec filter applied.
  'catalogue (search and filters)': { path: '/purchaseorder?q=fan+motor&category=fan-motors&spec.voltage=115' },
  // Issue 28: Find by model and a model's page with its drawing and parts list.
  'find by model': { path: '/appliance-models' },
  'model page': { path: '/appliance-models/NRT18F2W' },
  login: { path: '/login' },
  signup: { path: '/signup' },
  blogs: { path: '/blogs' },
  'tool page (signed in)': { path: '/purchaseorder/condenser-fan-motor', as: 'customer' },
  dashboard: { path: '/dashboard', as: 'customer' },
  'my orders': { path: '/dashboard/myorder', as: 'customer' },
  'quick order': { path: '/dashboard/quickorder', as: 'customer' },
  cart: { path: '/dashboard/cart', as: 'customer' },
  'add review': { path: '/dashboard/review', as: 'customer' },
  'my profile': { path: '/dashboard/myprofile', as: 'customer' },
  payment: { path: async () => `/dashboard/payment/${(await bookAs(DEMO.customer, 'filter-drier'))._id}`, as: 'customer' },
  // The order page (CONTRACT §8): the customer's own order, and an admin reading it.
  'order page': { path: async () => `/dashboard/order/${(await bookAs(DEMO.customer, 'filter-drier'))._id}`, as: 'customer' },
  'order page (admin)': { path: async () => `/dashboard/order/${(await bookAs(DEMO.customer, 'filter-drier'))._id}`, as: 'admin' },
  // A shipped order (CONTRACT §16): its Returns section loads with it.
  'order page (shipped, with returns)': { path: async () => `/dashboard/order/${await shippedOrder()}`, as: 'customer' },
  'manage all orders': { path: '/dashboard/manageallorder', as: 'admin' },
  'manage products': { path: '/dashboard/manageproduct', as: 'admin' },
  'add product': { path: '/dashboard/addnewitem', as: 'admin' },
  'make admin': { path: '/dashboard/alluser', as: 'admin' },
  'manage models': { path: '/dashboard/managemodels', as: 'admin' },
  // Companies (CONTRACT §10): the shop admin's list, a new one, the seed's demo company; My company (the customer is in none).
  companies: { path: '/dashboard/companies', as: 'admin' },
  'new company': { path: '/dashboard/companies/new', as: 'admin' },
  'company page': { path: `/dashboard/companies/${DEMO_COMPANY.id}`, as: 'admin' },
  // Pay on account (decision 0063): a company's invoices, its own lazy route.
  'company invoices': { path: `/dashboard/companies/${DEMO_COMPANY.id}/invoices`, as: 'admin' },
  // Its contract prices (decision 0062), a route of their own.
  'company prices': { path: `/dashboard/companies/${DEMO_COMPANY.id}/prices`, as: 'admin' },
  // The shop's shipping methods (decision 0078).
  shipping: { path: '/dashboard/shipping', as: 'admin' },
  // Tax exemption certificates to review (CONTRACT §15).
  'tax exemptions': { path: '/dashboard/exemptions', as: 'admin' },
  // The shop admin's returns (CONTRACT §16).
  returns: { path: '/dashboard/returns', as: 'admin' },
  'my company': { path: '/dashboard/company', as: 'customer' },
  // A company admin's approvals and the company's orders (decision 0061), as the demo company's admin.
  approvals: { path: '/dashboard/company/approvals', account: DEMO_COMPANY.companyAdmin },
  'company orders': { path: '/dashboard/company/orders', account: DEMO_COMPANY.companyAdmin },
  'about (signed in)': { path: '/about', as: 'customer' },
  portfolio: { path: '/myportfolio2' },
  legal: { path: '/legal/terms' },
  'not found': { path: '/no-such-page' },
};

/** A paid order of the demo customer, shipped whole: the order page then reads and shows its returns. */
async function shippedOrder(): Promise<string> {
  const order = await bookAs(DEMO.customer, 'filter-drier');
  await payAs(DEMO.customer, order._id);
  await shipAllAsAdmin(order._id, [order.quantity]);
  return order._id;
}

async function scriptsLoadedBy(page: Page, url: string): Promise<{ file: string; gzipKb: number }[]> {
  const seen = new Map<string, number>();
  const pending: Promise<void>[] = [];
  page.on('response', (res) => {
    if (res.request().resourceType() !== 'script' || !res.url().startsWith(`${SHOP_URL}/`)) return;
    pending.push(
      res.body().then(
        (body) => void seen.set(new URL(res.url()).pathname, gzipSync(body, { level: 9 }).length / 1024),
        () => undefined,
      ),
    );
  });
  // Every script from the network, none from the cache: signing in first opened a page of the shop,
  // and what it loaded would otherwise be served from the cache without a response to count.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await page.goto(url);
  await page.waitForLoadState('networkidle');
  await Promise.all(pending);
  return [...seen].map(([file, gzipKb]) => ({ file, gzipKb }));
}

type RouteFigures = { path: string; kb: number; budget: number; files: { file: string; gzipKb: number }[] };

/** Merged into the file test by test: a failed test restarts the worker, so nothing is kept in memory. */
function record(name: string, figures: RouteFigures): void {
  const dir = path.resolve('reports');
  const file = path.join(dir, 'route-js.json');
  mkdirSync(dir, { recursive: true });
  const all = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, RouteFigures>) : {};
  writeFileSync(file, JSON.stringify({ ...all, [name]: figures }, null, 2));
}

for (const [name, route] of Object.entries(ROUTES)) {
  test(`${name}: JS before interaction within budget`, async ({ page, browser }) => {
    const routePath = typeof route.path === 'string' ? route.path : await route.path();
    if (route.as) {
      // The role's session (signed in once, support/signed-in.ts), then a fresh load of the route.
      await signedInAs(page, route.as);
    }
    if (route.account) await signedInOnce(page, route.account);
    const who = route.account ?? (route.as ? DEMO[route.as] : null);
    const measured = who ? page : await browser.newPage();
    const scripts = await scriptsLoadedBy(measured, routePath);
    // The figures are the route's own: it was not sent elsewhere (a lost session lands on /login,
    // whose JS is smaller), and a signed-in route shows its reader signed in.
    expect(new URL(measured.url()).pathname, `${routePath} was measured where it was opened`).toBe(new URL(routePath, SHOP_URL).pathname);
    if (who) await expect(measured.getByTestId('nav-user-name'), `${routePath} measured signed in as ${who.email}`).toHaveText(who.displayName);
    const kb = scripts.reduce((sum, s) => sum + s.gzipKb, 0);
    const budget = routePath === '/' ? HOME_BUDGET_KB : PAGE_BUDGET_KB;
    const files = scripts.map((s) => ({ file: s.file, gzipKb: Math.round(s.gzipKb * 10) / 10 })).sort((a, b) => b.gzipKb - a.gzipKb);
    record(name, { path: routePath, kb: Math.round(kb * 10) / 10, budget, files });
    console.log(`${name.padEnd(24)} ${kb.toFixed(1).padStart(6)} KB gz in ${scripts.length} files (budget ${budget} KB)`);
    const largest = files
      .slice(0, 6)
      .map((f) => `${f.file} ${f.gzipKb}`)
      .join(', ');
    expect(kb, `${routePath} loads ${kb.toFixed(1)} KB of gzipped JS; largest: ${largest}`).toBeLessThanOrEqual(budget);
  });
}
