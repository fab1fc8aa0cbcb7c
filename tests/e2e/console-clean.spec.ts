import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { DEMO_COMPANY } from '../../common/src/constants';
import { localOrigin, SHOP_URL } from '../../common/src/local-stack';
import { ROUTES, fill, type RouteName } from '../../web/src/lib/infra/paths';
import { atMostAtOnce } from './support/at-most';
import { bookAs } from './support/orders';
import { DEMO } from './support/session';
import { signedInContext, signedInOnce } from './support/signed-in';

/**
 * Every page, opened by every kind of visitor at 1280 px, leaves the console clean and asks for
 * nothing that fails (issue 43): no console error or warning, no uncaught exception, no request
 * that fails on the network, and no answer of 400 or more from the shop or its API. Such an error
 * is noise a person never sees, until it is the one that says why a page is wrong; a page that
 * logs one on every visit (GET /me/company's 404 for a person in no company) hides the real ones.
 *
 * The pages come from the router's own patterns (web/src/lib/paths.ts, what app/routes.tsx
 * routes): PAGES is typed as a record of every route name, so a new page fails the typecheck
 * until it is listed here, and the test below fails too if one is missing at run time.
 */

type Role = 'anonymous' | 'customer' | 'buyer' | 'companyAdmin' | 'admin';
const ROLES: readonly Role[] = ['anonymous', 'customer', 'buyer', 'companyAdmin', 'admin'];

/** The ids the seed (and this spec's beforeAll) gives the dynamic routes. */
interface Ids {
  /** An unpaid order of the demo customer (booked in beforeAll; the shop admin reads it too). */
  order: string;
}

interface PageSpec {
  /** The address to open, its parameters filled in (the catch-all: a made-up path). */
  path: (ids: Ids) => string;
  /**
   * Who opens it: `all`; `signed-in` (anonymous visitors are sent to the login page, which is a
   * page of its own here); `admin` (the guard signs anyone else out, so only the shop admin
   * opens it); `owner` (the demo customer's order, which only they and the shop admin may read);
   * `payer` (the order's Payment page: only its owner pays, the shop admin is refused the payment).
   */
  who: 'all' | 'signed-in' | 'admin' | 'owner' | 'payer';
}

const TOOL = 'condenser-fan-motor';
const MODEL = 'NRT18F2W';
const COMPANY = DEMO_COMPANY.id;

const PAGES = {
  home: { path: () => ROUTES.home, who: 'all' },
  homeAlias: { path: () => ROUTES.homeAlias, who: 'all' },
  catalog: { path: () => ROUTES.catalog, who: 'all' },
  tool: { path: () => fill(ROUTES.tool, { id: TOOL }), who: 'signed-in' },
  applianceModels: { path: () => ROUTES.applianceModels, who: 'all' },
  applianceModel: { path: () => fill(ROUTES.applianceModel, { modelKey: MODEL }), who: 'all' },
  login: { path: () => ROUTES.login, who: 'all' },
  signup: { path: () => ROUTES.signup, who: 'all' },
  blogs: { path: () => ROUTES.blogs, who: 'all' },
  blogPortfolio: { path: () => ROUTES.blogPortfolio, who: 'all' },
  blogLiveLinks: { path: () => ROUTES.blogLiveLinks, who: 'all' },
  dashboard: { path: () => ROUTES.dashboard, who: 'signed-in' },
  myOrders: { path: () => ROUTES.myOrders, who: 'signed-in' },
  quickOrder: { path: () => ROUTES.quickOrder, who: 'signed-in' },
  addReview: { path: () => ROUTES.addReview, who: 'signed-in' },
  myProfile: { path: () => ROUTES.myProfile, who: 'signed-in' },
  cart: { path: () => ROUTES.cart, who: 'signed-in' },
  payment: { path: (ids) => fill(ROUTES.payment, { id: ids.order }), who: 'payer' },
  order: { path: (ids) => fill(ROUTES.order, { id: ids.order }), who: 'owner' },
  makeAdmin: { path: () => ROUTES.makeAdmin, who: 'admin' },
  manageOrders: { path: () => ROUTES.manageOrders, who: 'admin' },
  manageProducts: { path: () => ROUTES.manageProducts, who: 'admin' },
  addProduct: { path: () => ROUTES.addProduct, who: 'admin' },
  manageModels: { path: () => ROUTES.manageModels, who: 'admin' },
  manageCompanies: { path: () => ROUTES.manageCompanies, who: 'admin' },
  newCompany: { path: () => ROUTES.newCompany, who: 'admin' },
  manageCompany: { path: () => fill(ROUTES.manageCompany, { id: COMPANY }), who: 'admin' },
  companyInvoices: { path: () => fill(ROUTES.companyInvoices, { id: COMPANY }), who: 'admin' },
  companyPrices: { path: () => fill(ROUTES.companyPrices, { id: COMPANY }), who: 'admin' },
  myCompany: { path: () => ROUTES.myCompany, who: 'signed-in' },
  companyApprovals: { path: () => ROUTES.companyApprovals, who: 'signed-in' },
  companyOrders: { path: () => ROUTES.companyOrders, who: 'signed-in' },
  shipping: { path: () => ROUTES.shipping, who: 'admin' },
  exemptions: { path: () => ROUTES.exemptions, who: 'admin' },
  returns: { path: () => ROUTES.returns, who: 'admin' },
  about: { path: () => ROUTES.about, who: 'signed-in' },
  portfolio: { path: () => ROUTES.portfolio, who: 'all' },
  legal: { path: () => fill(ROUTES.legal, { doc: 'terms' }), who: 'all' },
  notFound: { path: () => '/no-such-page', who: 'all' },
} satisfies Record<RouteName, PageSpec>;

/**
 * Pages as a search leaves them, which the server prerenders differently from the bare page: a
 * mismatch there is React's hydration error #418 in the console (issue 43).
 */
const SEARCHES: { name: string; path: string }[] = [
  { name: 'catalogue search with a category', path: `${ROUTES.catalog}?q=gasket&category=gaskets` },
  { name: 'model search', path: `${ROUTES.applianceModels}?q=ARB` },
];

/** The pages `role` opens, in the table's order. */
function pagesOf(role: Role, ids: Ids): { name: string; path: string }[] {
  const opens = (who: PageSpec['who']) =>
    who === 'all' ||
    // Anonymous: a signed-in page is the login page it sends to (the redirect must be clean too); an admin page likewise.
    role === 'anonymous' ||
    who === 'signed-in' ||
    (who === 'owner' && (role === 'customer' || role === 'admin')) ||
    (who === 'payer' && role === 'customer') ||
    (who === 'admin' && role === 'admin');
  const pages = (Object.entries(PAGES) as [RouteName, PageSpec][])
    .filter(([, spec]) => opens(spec.who))
    .map(([name, spec]) => ({ name, path: spec.path(ids) }));
  return [...pages, ...SEARCHES];
}

/** The origins whose answers count: the shop (Hosting rewrites the API to the function) and the function's own. */
const OWN_ORIGINS = new Set([new URL(SHOP_URL).origin, localOrigin('functions')]);

/** What went wrong while `page` was open: each console error or warning, uncaught exception, failed request and 4xx/5xx answer. */
function watch(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error' || msg.type() === 'warning') {
      const at = msg.location();
      problems.push(`console.${msg.type()}: ${msg.text()}${at.url ? ` (${at.url}:${at.lineNumber})` : ''}`);
    }
  });
  page.on('pageerror', (err) => problems.push(`uncaught: ${err.message}`));
  page.on('requestfailed', (req) => {
    const why = req.failure()?.errorText ?? 'no reason';
    // The app's own cancellation (TanStack Query aborts a read whose page or query key went away,
    // as when a form is remade once the membership is known) is not a failure; anything else is.
    if (why !== 'net::ERR_ABORTED') problems.push(`request failed: ${req.method()} ${req.url()} (${why})`);
  });
  page.on('response', (res) => {
    if (res.status() >= 400 && OWN_ORIGINS.has(new URL(res.url()).origin)) problems.push(`${res.status()}: ${res.request().method()} ${res.url()}`);
  });
  return problems;
}

/**
 * Opens `path` in a page of its own (so a request the last page left in flight, aborted when it
 * closed, is not blamed on this one) and waits until it has drawn and its reads have come back.
 */
async function problemsOf(context: BrowserContext, path: string): Promise<string[]> {
  const page = await context.newPage();
  const problems = watch(page);
  try {
    await page.goto(path);
    // React has taken over the page (its h1 carries React's own keys) and nothing is loading.
    await page
      .waitForFunction(
        () => {
          const h1 = document.querySelector('#root h1');
          const busy = document.querySelector('[aria-busy="true"], [aria-label^="Loading"]');
          return !!h1 && Object.keys(h1).some((k) => k.startsWith('__react')) && !busy;
        },
        undefined,
        { timeout: 10_000 },
      )
      .catch(() => problems.push(`not settled within 10 s (no hydrated h1, or still loading) at ${page.url()}`));
    // Reads that start after the first paint (the company, contract prices, live stock), then a breath for their errors to log.
    await page.waitForLoadState('networkidle', { timeout: 3_000 }).catch(() => undefined);
    await page.waitForTimeout(250);
  } finally {
    await page.close();
  }
  return problems;
}

/**
 * Pages opened at once by one role: each waits about a second on the network going quiet and the
 * breath after it, which one page at a time spent with the cores idle (207 s for the five roles).
 */
const PAGES_AT_ONCE = 3;

async function contextOf(browser: Browser, role: Role): Promise<BrowserContext> {
  const viewport = { width: 1280, height: 900 };
  if (role === 'customer' || role === 'admin') return signedInContext(browser, role, { viewport });
  const context = await browser.newContext({ viewport });
  if (role === 'buyer' || role === 'companyAdmin') {
    // The company's people: through the form once in this worker, then from that state (support/signed-in.ts).
    const page = await context.newPage();
    await signedInOnce(page, role === 'buyer' ? DEMO_COMPANY.buyer : DEMO_COMPANY.companyAdmin);
    await page.close();
  }
  return context;
}

test.describe('every page of every role: a clean console and no failed request (1280 px)', () => {
  let ids: Ids;

  test.beforeAll(async () => {
    // An unpaid order of the demo customer, for the order and payment pages (the seed books none).
    ids = { order: (await bookAs(DEMO.customer, 'filter-drier'))._id };
  });

  test('the table lists every route of the app', () => {
    expect(Object.keys(PAGES).sort()).toEqual(Object.keys(ROUTES).sort());
  });

  for (const role of ROLES) {
    test(`${role}: every page opens without a console error or warning, or a failed request`, async ({ browser }) => {
      test.setTimeout(180_000);
      const context = await contextOf(browser, role);
      let found: string[];
      try {
        // PAGES_AT_ONCE pages at a time, each in a page of its own with its own listeners (problemsOf),
        // so what one logs is never blamed on another; the list stays in the table's order.
        const perPage = await atMostAtOnce(pagesOf(role, ids), PAGES_AT_ONCE, ({ name, path }) =>
          test.step(`${name} ${path}`, async () => (await problemsOf(context, path)).map((problem) => `${path} (${name}): ${problem}`)),
        );
        found = perPage.flat();
      } finally {
        await context.close();
      }
      // All of them at once, so one run names every page and request that needs mending.
      expect(found, `${role}: what the pages logged or failed to load:\n  ${found.join('\n  ')}`).toEqual([]);
    });
  }
});
