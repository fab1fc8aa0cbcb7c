// Lighthouse (mobile preset) on the running shop's pages, in Debian's Chromium.
//   npm run bench:lighthouse                  every page below (starts the local stack if none is up)
//   npm run bench:lighthouse -- / /login      only these paths (the payment page: /dashboard/payment,
//                                             the order page: /dashboard/order)
// Runs each page several times and judges the median, as Lighthouse's docs advise: one run varies
// by several points with whatever else the machine does. Every signed-in page is measured for the
// role that sees it, in a Chromium profile where that account logged in through the real login
// form (Playwright), with Lighthouse told to keep that storage: the demo customer, holding what a
// real buyer holds (a paid order, an unpaid one, a review, profile records), an empty new
// customer, and the demo admin (issue 21). A run that ends anywhere but on its page (a redirect
// to /login) is a failed run, not a score. Writes reports/lighthouse/<page>.json (median runs)
// and reports/lighthouse/summary.json. Targets: performance >= 95 and CLS <= 0.02.
//
// The CPU slowdown is calibrated to the host, as Lighthouse's throttling guide advises
// (docs/throttling.md, "Calibrating the CPU slowdown"): its default 4x turns a high-end desktop
// into a mid-tier phone, and makes a slower host a slower phone than that. Three runs of the home
// page first measure the host's benchmarkIndex (their median); the multiplier is the one the Lighthouse team's
// calculator gives for it (lighthouse-cpu-throttling-calculator: 800 -> 2x, 1300 -> 3x, then one
// more per 233, so 1533 -> 4x and 2000 -> 6x), the same phone on any host. Both figures are
// printed and written to the summary. LIGHTHOUSE_CPU_MULTIPLIER=4 runs with Lighthouse's default.
// Decision 0026.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { chromium } from '@playwright/test';
import { HOSTING_URL, ROOT } from '../lib/stack.mjs';
import { withStack } from './with-stack.mjs';
import { API } from '../../common/src/api-paths.ts';
import { DEMO_COMPANY } from '../../common/src/constants.ts';
import { bookAs, call, payAs } from '../../tests/e2e/support/orders.ts';
import { DEMO, newCustomer } from '../../tests/e2e/support/session.ts';

const SHOP = HOSTING_URL;
const TARGET = 95;
const MAX_CLS = 0.02;
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const CHROME = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The payment page of the demo customer's unpaid order (made by holdsWhatRealAccountsHold). */
const PAYMENT = '/dashboard/payment';
/** The order page (CONTRACT §8) of the demo customer's paid order, for the customer and for the admin. */
const ORDER = '/dashboard/order';
const PAGES = [
  { path: '/' },
  { path: '/purchaseorder' },
  // The catalogue as a search leaves it: a query with a category and a spec filter (issue 27).
  { path: '/purchaseorder?q=fan+motor&category=fan-motors&spec.voltage=115' },
  // Issue 28: Find by model and a model's page.
  { path: '/appliance-models' },
  { path: '/appliance-models/NRT18F2W' },
  { path: '/login' },
  { path: '/signup' },
  { path: '/blogs' },
  ...[
    '/purchaseorder/condenser-fan-motor',
    '/dashboard',
    '/dashboard/myorder',
    '/dashboard/review',
    '/dashboard/myprofile',
    '/dashboard/quickorder',
    '/dashboard/cart',
    // My company for someone in none (the demo customer): the page and its "not in a company" answer.
    '/dashboard/company',
    PAYMENT,
    ORDER,
  ].map((p) => ({ path: p, as: 'customer' })),
  ...['/dashboard/myorder', '/dashboard/review', '/dashboard/myprofile', '/dashboard/cart'].map((p) => ({ path: p, as: 'empty' })),
  // Companies (CONTRACT §10): the list, a new one and the seed's demo company (decision 0059).
  ...[
    '/dashboard/manageallorder',
    '/dashboard/manageproduct',
    '/dashboard/addnewitem',
    '/dashboard/alluser',
    '/dashboard/managemodels',
    '/dashboard/companies',
    '/dashboard/companies/new',
    '/dashboard/companies/demo-northwind',
    '/dashboard/companies/demo-northwind/prices',
    '/dashboard/companies/demo-northwind/invoices',
    // The shop's shipping methods (decision 0078).
    '/dashboard/shipping',
    // Tax exemption certificates to review (decision 0084) and returns (decision 0086).
    '/dashboard/exemptions',
    '/dashboard/returns',
    ORDER,
  ].map((p) => ({
    path: p,
    as: 'admin',
  })),
  // The demo company's buyer sees its contract prices over the public pages (decision 0062) and
  // checks out on account; its company admin decides approvals (decisions 0061, 0063).
  ...['/purchaseorder', '/purchaseorder/mechanical-thermostat-cold-control', '/dashboard/cart', '/dashboard/quickorder', '/dashboard/company'].map((p) => ({
    path: p,
    as: 'buyer',
  })),
  ...['/dashboard/company', '/dashboard/company/approvals', '/dashboard/company/orders'].map((p) => ({ path: p, as: 'companyAdmin' })),
];
const ROLE_NAMES = {
  customer: 'customer with orders',
  empty: 'new customer',
  admin: 'admin',
  buyer: 'company buyer',
  companyAdmin: 'company admin',
};
const METRICS = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'];
const FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--disable-quic',
];

/** Gives the demo customer what a real buyer's account holds; returns the unpaid and the paid order's ids. */
async function holdsWhatRealAccountsHold(customer) {
  const paid = await bookAs(customer, 'filter-drier');
  await payAs(customer, paid._id);
  // Shipped in two boxes (CONTRACT §14): the order page shows its shipments with their tracking links.
  for (const [quantity, n] of [
    [20, 1],
    [paid.quantity - 20, 2],
  ]) {
    await call(
      DEMO.admin,
      'POST',
      API.shipments(paid._id),
      { lines: [{ lineId: '0', quantity }], carrier: 'ups', trackingNumbers: [`1Z999AA1012345678${n}`] },
      { 'Idempotency-Key': `lighthouse-${paid._id}-${n}` },
    );
  }
  const unpaid = await bookAs(customer, 'condenser-fan-motor');
  await call(customer, 'POST', API.addReview, {
    image: 'https://example.test/me.jpg',
    review: 5,
    description: 'Parts arrived well packed and on time.',
    toolId: 'filter-drier',
  });
  await call(customer, 'PUT', API.saveProfile, {
    education: 'BSc Mechanical Engineering',
    location: 'Springfield, IL',
    phone: '+1 555 010 2030',
    linkedlnProfile: 'https://www.linkedin.com/in/casey',
  });
  // A cart of two lines (CONTRACT §8), one below its tool's minimum: the cart page shows its problem.
  await call(customer, 'PUT', API.cart, {
    lines: [
      { toolId: 'condenser-fan-motor', quantity: 10 },
      { toolId: 'filter-drier', quantity: 1 },
    ],
  });
  return { unpaidId: unpaid._id, paidId: paid._id };
}

/** A Chromium profile in which `account` is signed in (Firebase keeps it in IndexedDB). */
async function signedInProfile(account) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'fp-lighthouse-'));
  const context = await chromium.launchPersistentContext(dir, { executablePath: CHROME, args: ['--no-sandbox'] });
  const page = await context.newPage();
  await page.goto(`${SHOP}/login`);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.getByTestId('nav-user-name').waitFor();
  await context.close();
  return dir;
}

/** The Chromium of the run under way: a run stopped from outside (SIGTERM) ends it on the way out. */
let running = null;
process.on('exit', () => running?.process?.kill('SIGKILL'));

/**
 * The CPU slowdown that makes a host of this benchmarkIndex a mid-tier phone: the Lighthouse team's
 * calculator (lighthouse-cpu-throttling-calculator), linear between its points.
 */
export function cpuMultiplierFor(benchmarkIndex) {
  const multiplier =
    benchmarkIndex >= 1300
      ? 3 + (benchmarkIndex - 1300) / 233
      : benchmarkIndex >= 800
        ? 2 + (benchmarkIndex - 800) / 500
        : 1 + Math.max(0, benchmarkIndex - 150) / 650;
  return Math.round(multiplier * 10) / 10;
}

async function runOnce(url, profileDir, cpuSlowdownMultiplier, categories = ['performance', 'accessibility', 'best-practices', 'seo']) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROME, chromeFlags: FLAGS, ...(profileDir ? { userDataDir: profileDir } : {}) });
  running = chrome;
  try {
    return await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: categories,
      // Keep the signed-in session the profile holds.
      disableStorageReset: Boolean(profileDir),
      ...(cpuSlowdownMultiplier ? { throttling: { cpuSlowdownMultiplier } } : {}),
    });
  } finally {
    running = null;
    await chrome.kill();
  }
}

const wanted = process.argv.slice(2);
const pages = wanted.length ? PAGES.filter((p) => wanted.includes(p.path)) : PAGES;

await withStack(async () => {
  const outDir = path.join(ROOT, 'reports', 'lighthouse');
  mkdirSync(outDir, { recursive: true });
  const roles = new Set(pages.map((p) => p.as).filter(Boolean));
  const { unpaidId, paidId } = roles.has('customer') || pages.some((p) => p.path === ORDER) ? await holdsWhatRealAccountsHold(DEMO.customer) : {};
  const accounts = {
    customer: DEMO.customer,
    admin: DEMO.admin,
    empty: roles.has('empty') ? await newCustomer('lighthouse') : null,
    buyer: DEMO_COMPANY.buyer,
    companyAdmin: DEMO_COMPANY.companyAdmin,
  };
  const profiles = {};
  for (const role of roles) profiles[role] = await signedInProfile(accounts[role]);
  const summary = [];
  // The host's speed, then the slowdown that makes it the same phone (the header says why).
  const given = Number(process.env.LIGHTHOUSE_CPU_MULTIPLIER);
  const indexes = [];
  // One reading varies by 2x with what else the machine runs (1,000 and 2,275 a minute apart on a
  // loaded 2-core host): the median of three.
  for (let i = 0; i < 3; i++) indexes.push((await runOnce(`${SHOP}/`, null, 4, ['performance'])).lhr.environment.benchmarkIndex);
  const benchmarkIndex = Math.round(indexes.sort((a, b) => a - b)[1]);
  const cpuMultiplier = given > 0 ? given : cpuMultiplierFor(benchmarkIndex);
  console.log(
    `host benchmarkIndex ${benchmarkIndex} (runs ${indexes.map(Math.round).join('/')}); CPU slowdown ${cpuMultiplier}x (${given > 0 ? 'LIGHTHOUSE_CPU_MULTIPLIER' : 'calibrated; Lighthouse default 4x'})`,
  );
  try {
    for (const page of pages) {
      const pagePath = page.path === PAYMENT ? `${PAYMENT}/${unpaidId}` : page.path === ORDER ? `${ORDER}/${paidId}` : page.path;
      const url = SHOP + pagePath;
      await fetch(url); // warm the function and the file cache: the first request after start is not what users see
      const runs = [];
      let failedRuns = 0;
      while (runs.length < RUNS) {
        const result = await runOnce(url, page.as ? profiles[page.as] : null, cpuMultiplier);
        const score = result.lhr.categories.performance.score;
        // Its path, and its query where the page was opened with one (the catalogue's search and filters).
        const endedAt = new URL(result.lhr.finalDisplayedUrl ?? result.lhr.finalUrl);
        const ended = pagePath.includes('?') ? `${endedAt.pathname}${endedAt.search}` : endedAt.pathname;
        // A run Lighthouse could not finish (a runtime error: the page never painted, Chromium
        // crashed), or one that ended on another page (a signed-out redirect), has no score for
        // this page. It is said and run again, never counted as a score or silently dropped;
        // after three such runs the page counts as failed.
        const why =
          score === null || result.lhr.runtimeError
            ? `${result.lhr.runtimeError?.code ?? 'no score'} ${result.lhr.runtimeError?.message ?? ''}`.trimEnd()
            : ended !== pagePath
              ? `it ended on ${ended}`
              : null;
        if (why) {
          failedRuns++;
          console.log(`  run failed on ${pagePath}: ${why}`);
          if (failedRuns >= 3) runs.push({ perf: 0, result });
          continue;
        }
        runs.push({ perf: Math.round(score * 100), result });
      }
      runs.sort((a, b) => a.perf - b.perf);
      const { result } = runs[Math.floor(runs.length / 2)];
      const lhr = result.lhr;
      const name = (page.path === '/' ? 'home' : page.path.replace(/^\//, '').replace(/[/?&=+]/g, '_')) + (page.as ? `.${page.as}` : '');
      writeFileSync(path.join(outDir, `${name}.json`), result.report);
      const cls = lhr.audits['cumulative-layout-shift']?.numericValue ?? 0;
      const row = {
        page: page.path + (page.as ? ` (${ROLE_NAMES[page.as]})` : ''),
        performance: runs[Math.floor(runs.length / 2)].perf,
        runs: runs.map((r) => r.perf),
        cls: Math.round(cls * 1000) / 1000,
        lcp: lhr.audits['largest-contentful-paint']?.displayValue,
        tbt: lhr.audits['total-blocking-time']?.displayValue,
        accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
        finalUrl: lhr.finalDisplayedUrl ?? lhr.finalUrl,
        cpuSlowdown: lhr.configSettings.throttling.cpuSlowdownMultiplier,
        benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
      };
      row.ok = row.performance >= TARGET && row.cls <= MAX_CLS;
      summary.push(row);
      console.log(
        `${row.ok ? 'ok  ' : 'MISS'} ${row.page.padEnd(48)} perf ${String(row.performance).padStart(3)} (runs ${row.runs.join('/')})  CLS ${row.cls}  LCP ${row.lcp}  TBT ${row.tbt}  a11y ${row.accessibility}`,
      );
      for (const id of METRICS) if (!lhr.audits[id]) console.log(`  (no ${id} audit)`);
    }
  } finally {
    for (const dir of Object.values(profiles)) rmSync(dir, { recursive: true, force: true });
  }
  writeFileSync(path.join(outDir, 'summary.json'), JSON.stringify({ host: { benchmarkIndex, cpuMultiplier }, pages: summary }, null, 2));
  const missed = summary.filter((r) => !r.ok);
  if (missed.length) {
    console.error(`\n${missed.length} page(s) below performance ${TARGET} or above CLS ${MAX_CLS}: ${missed.map((r) => r.page).join(', ')}`);
    process.exitCode = 1;
  } else console.log(`\nEvery page: performance >= ${TARGET}, CLS <= ${MAX_CLS} (median of ${RUNS}).`);
});
