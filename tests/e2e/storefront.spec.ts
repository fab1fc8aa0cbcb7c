import { expect, test, type Page } from '@playwright/test';
import { COMPANY } from '../../web/src/features/content/data/company';
import { PORTFOLIO } from '../../web/src/features/content/data/portfolio';
import { BLOG_ARTICLES } from '../../web/src/features/content/data/blog-articles';
import { DEMO, logIn } from './support/session';
import { SIGNED_IN } from './support/signed-in';

/**
 * The home page is prerendered HTML that React hydrates after the first paint; a click before
 * that does nothing yet. Wait until React owns the page (its fiber is attached to the DOM).
 */
async function gotoHydratedHome(page: Page) {
  await page.goto('/');
  await page.waitForFunction(() => {
    const el = document.querySelector('#root h1');
    return !!el && Object.keys(el).some((k) => k.startsWith('__reactFiber'));
  });
}

test.describe('home page', () => {
  test('shows every section of SPEC §1 in order', async ({ page }) => {
    const videoRequests: string[] = [];
    page.on('request', (r) => r.url().includes('/media/') && videoRequests.push(r.url()));
    await gotoHydratedHome(page);
    await expect(page).toHaveTitle('FridgeParts | Refrigerator parts and tools');

    // Banner, then the two promotions.
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Refrigerator parts and service tools');
    await expect(page.getByTestId('promotion-free-shipping')).toContainText('Free shipping on orders up to $6,000.');
    await expect(page.getByTestId('promotion-savings')).toContainText('Savings of up to 5% until 26 June.');

    // Six newest tools, each with image, price, stock and Purchase Now.
    const cards = page.locator('section[aria-labelledby="newest-tools-heading"] article');
    await expect(cards).toHaveCount(6);
    for (const card of await cards.all()) {
      await expect(card.getByRole('img')).toHaveAttribute('alt', /\S/);
      await expect(card).toContainText(/\$\d/);
      await expect(card).toContainText(/Minimum order: \d+/);
      // Availability in words (CONTRACT §14).
      await expect(card.getByTestId('availability')).toHaveText(
        /^(In stock: [\d,]+, ships (today|\w{3}, \w{3} \d{1,2})|Backorder: ships about \w{3} \d{1,2})$/,
      );
      await expect(card.getByRole('link', { name: /Purchase Now/ })).toHaveAttribute('href', /^\/purchaseorder\/.+/);
    }

    // The company profile with its five facts, the statistics.
    const profile = page.locator('section[aria-labelledby="company-heading"]');
    for (const label of ['Business type', 'Main products', 'Plant area', 'Registered capital', 'Main markets']) {
      await expect(profile.getByText(label, { exact: true })).toBeVisible();
    }
    await expect(profile).toContainText(COMPANY.plantArea);
    const stats = page.getByTestId('statistic');
    await expect(stats).toHaveText(['Customers100+', 'Annual revenue120M+', 'Reviews33k+', 'Tools60+']);

    // Reviews, newest first, each rating as accessible stars, beside the newest tool.
    const reviews = page.getByTestId('review-list').locator('li');
    await expect(reviews.first()).toBeVisible();
    expect(await reviews.count()).toBeGreaterThanOrEqual(6);
    await expect(reviews.first().getByRole('img', { name: /^Rated [1-5] out of 5$/ })).toBeVisible();
    const dates = await page
      .getByTestId('review-list')
      .locator('time')
      .evaluateAll((els) => els.map((e) => Date.parse(e.getAttribute('datetime') ?? '')));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    const spotlight = page.getByTestId('newest-tool-spotlight');
    await expect(spotlight.locator('h3')).toHaveText((await cards.first().locator('h3').textContent()) ?? '');

    // Sections appear in the spec's order.
    const order = await page.locator('main h2').allTextContents();
    const idx = (re: RegExp) => order.findIndex((t) => re.test(t));
    const sequence = [/Free shipping/, /Newest tools/, /See how we build/, /Company profile/, /Trusted by/, /What our customers say/].map(idx);
    expect(sequence.every((i) => i >= 0)).toBe(true);
    expect(sequence).toEqual([...sequence].sort((a, b) => a - b));

    // The video is never fetched before the visitor asks for it.
    // Scrolled past it and back to it: its lazy poster has loaded (what the scroll fetches has been
    // fetched), and there is no video element until Play.
    await page.mouse.wheel(0, 4000);
    const poster = page.getByRole('button', { name: /^Play video/ }).locator('img');
    await poster.scrollIntoViewIfNeeded();
    await expect.poll(() => poster.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await expect(page.getByTestId('promo-video')).toHaveCount(0);
    expect(videoRequests).toEqual([]);
    await page.getByRole('button', { name: /^Play video/ }).click();
    await expect(page.getByTestId('promo-video').locator('source')).toHaveAttribute('src', '/media/factory-tour.webm');
  });

  test('Contact Supplier and Book a Factory Tour open the contact dialog with a mail link', async ({ page }) => {
    await gotoHydratedHome(page);
    await page.getByRole('button', { name: 'Contact Supplier' }).click();
    const dialog = page.getByRole('dialog', { name: 'Contact Supplier' });
    await expect(dialog).toContainText(COMPANY.email);
    await expect(dialog).toContainText(COMPANY.phone);
    await expect(dialog.getByRole('link', { name: 'Email sales' })).toHaveAttribute('href', /^mailto:sales@fridgeparts\.example\?subject=Wholesale/);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: 'Book a Factory Tour' }).click();
    await expect(page.getByRole('dialog', { name: 'Book a Factory Tour' }).getByRole('link', { name: 'Request a tour' })).toHaveAttribute(
      'href',
      /subject=Factory%20tour%20request/,
    );
  });

  test('footer has the company name, services, company, legal and three social links', async ({ page }) => {
    await page.goto('/blogs');
    const footer = page.locator('footer');
    await expect(footer).toContainText(COMPANY.name);
    await expect(footer.getByRole('heading', { name: 'Services' })).toBeVisible();
    await expect(footer.getByRole('navigation', { name: 'Company' }).getByRole('link')).toHaveCount(4);
    await expect(footer.getByRole('navigation', { name: 'Legal' }).getByRole('link')).toHaveCount(3);
    await expect(footer.getByRole('list', { name: 'Follow us' }).getByRole('link')).toHaveCount(3);
  });

  test('the narrow-screen menu opens the pages', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await gotoHydratedHome(page);
    const toggle = page.getByRole('button', { name: 'Open menu' });
    const menu = page.locator('#main-menu');
    await toggle.click();
    await expect(menu).toBeVisible();
    // The browser itself reports the popover's button as expanded to screen readers (no
    // aria-expanded to keep in step); Playwright's role engine reads only the attribute, so ask Chromium.
    const cdp = await page.context().newCDPSession(page);
    const { nodes } = await cdp.send('Accessibility.getFullAXTree');
    const button = nodes.find((n) => n.name?.value === 'Open menu');
    expect(button?.properties?.find((p) => p.name === 'expanded')?.value.value).toBe(true);
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await toggle.click();
    await page
      .getByRole('heading', { level: 1 })
      .first()
      .click({ position: { x: 4, y: 4 } }); // a click elsewhere closes it too
    await expect(menu).toBeHidden();
    await toggle.click();
    await menu.getByRole('link', { name: 'Blogs' }).click();
    await expect(page).toHaveURL(/\/blogs$/);
    await expect(menu).toBeHidden();
  });

  test('the narrow-screen menu works before the page scripts run', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    // No script at all: what a visitor on a slow phone has until React hydrates the prerendered page.
    await page.route(/\.js(\?|$)/, (route) => route.abort());
    await page.goto('/blogs');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.locator('#main-menu').getByRole('link', { name: 'Catalogue' }).click();
    await expect(page).toHaveURL(/\/purchaseorder$/);
  });

  test('a reader who scrolls before the page hydrates stays where they are; the next page starts at the top', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 720 });
    let release = () => {};
    const scriptsHeld = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\.js(\?|$)/, async (route) => {
      await scriptsHeld;
      await route.continue();
    });
    await page.goto('/', { waitUntil: 'commit' });
    await page.locator('footer').waitFor({ state: 'attached' });
    await page.evaluate(() => window.scrollTo(0, 1200));
    release();
    // Hydrated down to the footer's links (React hydrates the page's parts one after another; a
    // click on a link not yet hydrated was lost once on a busy machine).
    await page.waitForFunction(() =>
      ['#root h1', '#root footer a[href="/legal/privacy"]'].every((selector) => {
        const el = document.querySelector(selector);
        return !!el && Object.keys(el).some((k) => k.startsWith('__reactFiber'));
      }),
    );
    // Two frames after hydration: the router's first layout effects (and any scroll they make) have run.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    expect(await page.evaluate(() => window.scrollY)).toBe(1200);

    await page.locator('footer').getByRole('link', { name: 'Privacy policy' }).click();
    await expect(page).toHaveURL(/\/legal\/privacy$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy policy');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('the narrow-screen menu opened before hydration stays open when React takes over', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    let release = () => {};
    const scriptsHeld = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\.js(\?|$)/, async (route) => {
      await scriptsHeld;
      await route.continue();
    });
    // Module scripts hold back DOMContentLoaded; the prerendered HTML is there well before.
    await page.goto('/blogs', { waitUntil: 'commit' });
    await page.getByRole('button', { name: 'Open menu' }).click();
    release();
    await page.waitForFunction(() => {
      const el = document.querySelector('#root h1');
      return !!el && Object.keys(el).some((k) => k.startsWith('__reactFiber'));
    });
    await expect(page.locator('#main-menu')).toBeVisible();
    await page.locator('#main-menu').getByRole('link', { name: 'Catalogue' }).click();
    await expect(page).toHaveURL(/\/purchaseorder$/);
    await expect(page.locator('#main-menu')).toBeHidden();
  });
});

test.describe('catalogue /purchaseorder', () => {
  test('searches by name and part number (in the URL), shows an empty state, sorts by price and pages with Load more', async ({ page }) => {
    await page.goto('/purchaseorder');
    await expect(page).toHaveTitle('All parts | FridgeParts');
    const cards = page.getByTestId('catalog-grid').locator('article');
    await expect(cards).toHaveCount(12);
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect.poll(() => cards.count()).toBeGreaterThanOrEqual(14);
    const names = await cards.locator('h3').allTextContents();
    expect(new Set(names).size).toBe(names.length);

    await page.getByLabel('Search by part number, name or description').fill('gask');
    // Debounced: wait until only matching tools are left.
    await expect.poll(async () => (await cards.locator('h3').allTextContents()).every((n) => /gask/i.test(n))).toBe(true);
    await expect(cards.locator('h3')).toContainText(['Magnetic Door Gasket, Universal Cut-to-Fit']);
    await expect(page).toHaveURL(/[?&]q=gask/);

    // A refrigerant named in descriptions, a plural and a misspelt word find their parts too.
    await page.getByLabel('Search by part number, name or description').fill('R-410A');
    await expect
      .poll(async () => (await cards.locator('h3').allTextContents()).sort())
      .toEqual(['4-Valve Refrigerant Gauge Manifold Set', 'Flaring Tool Kit 45°', 'Liquid Line Filter Drier 1/4" SAE']);
    await page.getByLabel('Search by part number, name or description').fill('gaskets');
    await expect(cards.locator('h3')).toHaveText(['Magnetic Door Gasket, Universal Cut-to-Fit']);
    await page.getByLabel('Search by part number, name or description').fill('compresor');
    await expect(cards.locator('h3')).toContainText(['Hermetic Reciprocating Compressor 1/3 HP (R-134a)']);

    // By part number, and the search survives a reload because it is in the URL.
    await page.getByLabel('Search by part number, name or description').fill('FP-CAP-15UF');
    await expect(cards.locator('h3')).toHaveText(['Run Capacitor 15 µF 370 V AC']);
    await page.reload();
    await expect(page.getByLabel('Search by part number, name or description')).toHaveValue('FP-CAP-15UF');
    await expect(cards.locator('h3')).toHaveText(['Run Capacitor 15 µF 370 V AC']);

    await page.getByLabel('Search by part number, name or description').fill('zzqx');
    await expect(page.getByTestId('catalog-empty')).toHaveText('No parts match "zzqx". Try another part number or name, or clear the search.');

    await page.getByLabel('Search by part number, name or description').fill('');
    await page.getByLabel('Sort by').selectOption({ label: 'Price: low to high' });
    await expect(page).toHaveURL(/sort=price-asc/);
    await expect(cards).toHaveCount(12);
    const prices = (await cards.getByTestId('tool-price').allTextContents()).map((t) => Number(t.replace(/[^0-9.]/g, '')));
    expect(prices[0]).toBe(4.75);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));

    await page.getByLabel('Sort by').selectOption({ label: 'Price: high to low' });
    // The dearest part in the demo catalogue: the freight-only condensing unit (CONTRACT §14).
    await expect(cards.first().locator('h3')).toHaveText(/Condensing Unit/);
  });
});

test.describe('tool detail /purchaseorder/:id', () => {
  test('signed out it asks to log in, then shows the tool with Book Order', async ({ page }) => {
    await page.goto('/purchaseorder/condenser-fan-motor');
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('Email').fill(DEMO.customer.email);
    await page.getByLabel('Password', { exact: true }).fill(DEMO.customer.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL(/\/purchaseorder\/condenser-fan-motor$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Condenser Fan Motor, 115 V with Blade');
    await expect(page.getByRole('img', { name: 'Condenser Fan Motor, 115 V with Blade' })).toBeVisible();
    await expect(page.getByTestId('tool-price')).toContainText('$34.75');
    await expect(page.getByTestId('tool-minimum')).toHaveText(/^\d+$/);
    await expect(page.getByTestId('tool-available')).toHaveText(/^\d+$/);
    await expect(page.getByRole('button', { name: 'Book Order' })).toBeVisible();
    await expect(page).toHaveTitle('Condenser Fan Motor, 115 V with Blade | FridgeParts');
  });

  test.describe('as the demo customer, signed in once (support/signed-in.ts)', () => {
    test.use({ storageState: SIGNED_IN.customer });

    test('an unknown id shows a friendly not-found state', async ({ page }) => {
      await page.goto('/purchaseorder/no-such-tool');
      await expect(page.getByRole('heading', { name: 'Tool not found' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Browse all parts' })).toHaveAttribute('href', '/purchaseorder');
    });
  });
});

test.describe('content pages', () => {
  test('blogs: index invites to the portfolio, nested myportfolio table and livelink links, and the articles', async ({ page }) => {
    await page.goto('/blogs');
    await expect(page).toHaveTitle('Blogs | FridgeParts');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(PORTFOLIO.intro.heading);
    await expect(page.getByRole('article')).toHaveCount(BLOG_ARTICLES.length);
    await expect(page.getByRole('heading', { name: BLOG_ARTICLES[0].question })).toBeVisible();

    await page.getByRole('link', { name: 'My Portfolio', exact: true }).click();
    await expect(page).toHaveURL(/\/blogs\/myportfolio$/);
    const table = page.getByRole('table');
    for (const [label, value] of [
      ['Name', PORTFOLIO.name],
      ['Email address', PORTFOLIO.email],
      ['Education', PORTFOLIO.education.degree],
      ['Skills', PORTFOLIO.skills[0].name],
    ]) {
      await expect(table.getByRole('row', { name: new RegExp(`^${label}`) })).toContainText(value);
    }

    await page.getByRole('link', { name: 'Live Links', exact: true }).click();
    await expect(page).toHaveURL(/\/blogs\/livelink$/);
    await expect(page.getByTestId('live-link')).toHaveCount(3);
    await expect(page.getByTestId('live-link').first().getByRole('link')).toHaveAttribute('href', PORTFOLIO.liveLinks[0].url);
  });

  test('/myportfolio2 shows name, contact, education, nine skill cards and three live links', async ({ page }) => {
    await page.goto('/myportfolio2');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(PORTFOLIO.name);
    await expect(page.getByRole('link', { name: PORTFOLIO.email })).toHaveAttribute('href', `mailto:${PORTFOLIO.email}`);
    await expect(page.getByText(PORTFOLIO.education.school)).toBeVisible();
    await expect(page.getByTestId('skill-card')).toHaveCount(9);
    await expect(page.getByTestId('live-link')).toHaveCount(3);
  });

  test('/about is for signed-in users', async ({ page }) => {
    await page.goto('/about');
    await expect(page).toHaveURL(/\/login$/);
    await logIn(page, DEMO.customer, '/login');
    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`About ${COMPANY.name}`);
  });

  test('an unknown route shows the full-width fallback image', async ({ page }) => {
    await page.goto('/no/such/page');
    const img = page.getByRole('img', { name: /Page not found/ });
    await expect(img).toBeVisible();
    const { width } = (await img.boundingBox())!;
    expect(width).toBeGreaterThanOrEqual((page.viewportSize()?.width ?? 0) - 20);
    await expect(page).toHaveTitle('Page not found | FridgeParts');
  });
});
