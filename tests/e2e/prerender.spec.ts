import { expect, test, type Page } from '@playwright/test';

// Issue 9: the public pages arrive as HTML (web/prerender.mjs), so they paint before any script.
test.describe('prerendered public pages', () => {
  test.use({ javaScriptEnabled: false });

  for (const [path, heading] of [
    ['/login', 'Login'],
    ['/signup', 'Sign Up'],
    ['/blogs', 'Hi, I am Jordan Lee'],
    ['/purchaseorder', 'All parts'],
    ['/appliance-models', 'Find parts by appliance model'],
  ] as const) {
    test(`${path} paints its page without JavaScript`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      await expect(page.getByRole('link', { name: /FridgeParts/ }).first()).toBeVisible();
    });
  }

  test("a model's page paints its frame as it loads without JavaScript (one file for every model: decision 0053)", async ({ page }) => {
    await page.goto('/appliance-models/NRT18F2W');
    await expect(page.getByRole('link', { name: 'Find by model' }).first()).toBeVisible();
    await expect(page.getByLabel('Loading the model')).toBeVisible();
    await expect(page).toHaveTitle('Appliance model | FridgeParts');
  });

  test('a prerendered form cannot be sent before the app runs (no password in a GET URL)', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByLabel('Email')).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeDisabled();
    await page.goto('/purchaseorder');
    await expect(page.getByLabel('Search by part number, name or description')).toBeDisabled();
  });
});

test('the catalogue reads its first page once: the early script asks it, the app takes the answer (one request, not two)', async ({ page }) => {
  const firstPage: string[] = [];
  // The catalogue reads GET /search (CONTRACT §11); the early script asks the first page of its listing before the app runs.
  page.on('request', (r) => new URL(r.url()).pathname === '/search' && !new URL(r.url()).searchParams.has('cursor') && firstPage.push(r.url()));
  const warnings: string[] = [];
  page.on('console', (m) => m.type() === 'warning' && /preload/i.test(m.text()) && warnings.push(m.text()));
  await page.goto('/purchaseorder');
  await expect(page.getByTestId('catalog-grid').locator('article')).toHaveCount(12);
  // The grid is in the prerendered HTML: wait until React owns it and its effects (where a second
  // request would start) have run, and the network is quiet.
  await page.waitForFunction(() => {
    const grid = document.querySelector('[data-testid="catalog-grid"]');
    return !!grid && Object.keys(grid).some((k) => k.startsWith('__reactFiber'));
  });
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await page.waitForLoadState('networkidle');
  expect(firstPage).toHaveLength(1);
  expect(warnings).toEqual([]);
});

/** Whether the early script's answers were all taken by the app (decision 0053): it started them, and the app asked for none again. */
const earlyAnswersTaken = (page: Page) => page.evaluate(() => (window as { __fpEarlyResponses?: Map<string, unknown> }).__fpEarlyResponses?.size ?? -1);

test("a catalogue search's first page is read once, started by the early script before the app ran", async ({ page }) => {
  const firstPages: string[] = [];
  page.on(
    'request',
    (r) => new URL(r.url()).pathname === '/search' && !new URL(r.url()).searchParams.has('cursor') && firstPages.push(new URL(r.url()).search),
  );
  const warnings: string[] = [];
  page.on('console', (m) => m.type() === 'warning' && warnings.push(m.text()));
  await page.goto('/purchaseorder?q=fan+motor&category=fan-motors');
  await expect(page.getByTestId('catalog-grid').locator('article').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  // The search the address holds, and once the plain list the page's HTML preloads (its most
  // common landing): the early script reads that from the preload, so it is not asked twice and
  // the browser does not warn of an unused preload; it stays kept for the app, which took the search.
  expect(firstPages.sort()).toEqual(['?q=fan+motor&category=fan-motors&limit=12', '?sort=newest&limit=12']);
  expect(await earlyAnswersTaken(page)).toBe(1);
  // Chromium warns of a preload left unused a few seconds after the load event.
  await page.waitForTimeout(3500);
  expect(warnings).toEqual([]);
});

test('a model page reads its model and its drawing once, both started by the early script', async ({ page }) => {
  const reads: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path.startsWith('/models/')) reads.push(`${path} ${r.headers()['accept']}`);
  });
  await page.goto('/appliance-models/NRT18F2W');
  await expect(page.locator('[data-testid="model-drawing"] [data-ref][role="button"]').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(reads).toEqual(['/models/NRT18F2W application/json', '/models/NRT18F2W/sections/freezer-door-and-controls/diagram.svg image/svg+xml']);
  expect(await earlyAnswersTaken(page)).toBe(0);
});

test("a model page shows the model's header before the app has run, and the app takes the page over without a word in the console", async ({ page }) => {
  const problems = consoleProblems(page);
  const release = await holdAppScripts(page);
  // Not waiting for the load event (nor DOMContentLoaded): both wait for the scripts held back.
  await page.goto('/appliance-models/nrt-18f2w', { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nordcold NRT-18F2W');
  await expect(page.getByText('Nordcold 18 cu ft top-freezer refrigerator, white')).toBeVisible();
  await expect(page.getByLabel('Loading the model')).toBeVisible();
  release();
  // The app hydrates the page and renders the model: one header, the drawing, no hydration error.
  await expect(page.locator('[data-testid="model-drawing"] [data-ref][role="button"]').first()).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nordcold NRT-18F2W');
  expect(problems).toEqual([]);
});

test("the catalogue shows its first hits' pictures before the app has run, and the app takes the page over without a word in the console", async ({ page }) => {
  const problems = consoleProblems(page);
  const release = await holdAppScripts(page);
  await page.goto('/purchaseorder?q=fan+motor', { waitUntil: 'commit' });
  const early = page.getByLabel('Loading tools').locator('img');
  await expect(early.first()).toBeVisible();
  await expect.poll(() => early.first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  const src = await early.first().getAttribute('src');
  release();
  // The cards replace the loading ones, the first showing the same picture.
  const first = page.getByRole('article').first();
  await expect(first).toBeVisible();
  await expect(first.getByRole('img')).toHaveAttribute('src', src!);
  await expect(page.getByLabel('Loading tools')).toHaveCount(0);
  expect(problems).toEqual([]);
});

// Shared search links open pages prerendered for the address without its query: the app hydrates
// that HTML and shows the query on the render after, with no hydration error #418 (decision 0067).
for (const [url, shown] of [
  ['/appliance-models?q=ARB', { field: 'Model number', value: 'ARB' }],
  ['/appliance-models?q=ARB&type=chest-freezer', { field: 'Model number', value: 'ARB' }],
  ['/purchaseorder?q=gasket&category=gaskets', { field: 'Search by part number, name or description', value: 'gasket' }],
  ['/purchaseorder?category=gaskets&sort=price-asc', { field: 'Search by part number, name or description', value: '' }],
] as const) {
  test(`${url} hydrates its prerendered page without a word in the console, then shows the query`, async ({ page }) => {
    const problems = consoleProblems(page);
    await page.goto(url);
    const field = page.getByRole('searchbox', { name: shown.field, exact: true });
    await expect(field).toBeEnabled();
    await expect(field).toHaveValue(shown.value);
    await page.waitForLoadState('networkidle');
    expect(problems).toEqual([]);
  });
}

/** Holds the app's own scripts back (the early script still runs) until the returned function is called. */
async function holdAppScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/(?!early-)[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** What the page writes to the console as errors or warnings, and its uncaught errors. */
function consoleProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (m) => ['error', 'warning'].includes(m.type()) && problems.push(m.text()));
  page.on('pageerror', (e) => problems.push(e.message));
  return problems;
}
