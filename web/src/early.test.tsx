import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, MemoryRouter, RouterProvider } from 'react-router-dom';
import { API } from '@fridgeparts/common/api-paths';
import type { ApplianceModel } from '@fridgeparts/common/models/appliance-model.answers';
import { sampleTool } from '@fridgeparts/common/testing/sample-tool';
import { ToolCatalog } from './features/catalog/components/tool-catalog';
import { ModelHeader, ModelView } from './features/models/components/model-view';
import { EARLY_FIRST_WAIT_MS, EARLY_SETTLED_EVENT } from './lib/infra/early-responses';
import { createQueryClient } from './lib/infra/query-client';
import { fakeApi, file, json } from './test-support/fake-api';
import { searchAnswer } from './test-support/fake-search';
import { renderSignedOut, VisitorSession } from './test-support/signed-in';

// Nobody signed in, as the prerender sees it: the pages render in the app's SessionProvider for a
// visitor (their contract price overlay, decision 0062, reads the session).

/**
 * The early script (decision 0053) against the real pages: what it starts from the address is
 * what the page's hooks ask, so the page reads each answer once and asks the API nothing more.
 */
const api = fakeApi();

/** Opens `url` as the browser would: the early script runs first, from the address alone. */
/** Whether a test ran the script: its reads settle after the test's own checks, maybe a second later. */
let earlyRan = false;
async function runEarlyScript(url: string) {
  earlyRan = true;
  window.history.replaceState(null, '', url);
  vi.resetModules();
  await import('./early');
}

const DRAWING = '/models/NRT18F2W/sections/machine/diagram.svg';
const MODEL: ApplianceModel = {
  modelKey: 'NRT18F2W',
  modelNumber: 'NRT-18F2W',
  brand: 'Nordcold',
  applianceType: 'top-freezer-refrigerator',
  title: 'Nordcold 18 cu ft top-freezer refrigerator, white',
  sections: [
    { id: 'freezer-door', name: 'Freezer door', diagram: '/models/NRT18F2W/sections/freezer-door/diagram.svg', callouts: [] },
    { id: 'machine', name: 'Machine compartment', diagram: DRAWING, callouts: [] },
  ],
};
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 300" role="img"><title>Machine</title><text x="20" y="20" data-ref="1">1</text></svg>';

describe('the early script', () => {
  beforeEach(() => {
    delete window.__fpEarlyResponses;
    delete window.__fpEarlySettled;
    document.head.querySelectorAll('link[rel="preload"]').forEach((l) => l.remove());
  });
  afterEach(async () => {
    // A run left settling (pictures jsdom never loads wait EARLY_FIRST_WAIT_MS) would set the flag
    // during the next test and pass its "not settled yet" check on a loaded machine: let it end here.
    if (earlyRan) await waitFor(() => expect(window.__fpEarlySettled).toBe(true), { timeout: 5000 });
    earlyRan = false;
    cleanup();
    vi.restoreAllMocks();
    window.history.replaceState(null, '', '/');
  });

  it("starts a model page's model and then the drawing of the section it opens on; the page asks for neither again", async () => {
    api.on('GET', API.model('NRT18F2W'), json(MODEL)).on('GET', DRAWING, file(SVG, 'image/svg+xml'));
    // Spelt as a person types it: the page and the script both read the model by its key.
    await runEarlyScript('/appliance-models/nrt-18f2w?section=machine');
    await waitFor(() => expect(api.sent('GET', DRAWING)).toHaveLength(1));
    expect(api.sent('GET', DRAWING)[0]!.headers.accept).toBe('image/svg+xml');

    const router = createMemoryRouter([{ path: '/appliance-models/:modelKey', element: <ModelView modelKey="nrt-18f2w" /> }], {
      initialEntries: ['/appliance-models/nrt-18f2w?section=machine'],
    });
    await renderSignedOut(<RouterProvider router={router} />, { router: false });
    expect(await screen.findByRole('heading', { level: 1, name: 'Nordcold NRT-18F2W' })).toBeInTheDocument();
    await waitFor(() => expect(document.querySelector('[data-ref="1"][role="button"]')).not.toBeNull());
    expect(api.requests.map((r) => `${r.method} ${r.path}`)).toEqual([`GET ${API.model('NRT18F2W')}`, `GET ${DRAWING}`]);
    expect(window.__fpEarlyResponses?.size).toBe(0);
  });

  it("paints the model's header into the prerendered loading page before the app runs, as the page renders it, and the app hydrates over it", async () => {
    api.on('GET', API.model('NRT18F2W'), json(MODEL)).on('GET', DRAWING, file(SVG, 'image/svg+xml'));
    const page = () => (
      <QueryClientProvider client={createQueryClient()}>
        <VisitorSession>
          <MemoryRouter initialEntries={['/appliance-models/NRT18F2W?section=machine']}>
            <ModelView modelKey="NRT18F2W" />
          </MemoryRouter>
        </VisitorSession>
      </QueryClientProvider>
    );
    // The prerendered page: the loading state, its header's place holding skeleton bars.
    const root = document.body.appendChild(document.createElement('div'));
    root.innerHTML = renderToString(page());
    expect(root.querySelector('h1')).toBeNull();

    const settled = vi.fn();
    window.addEventListener(EARLY_SETTLED_EVENT, settled, { once: true });
    await runEarlyScript('/appliance-models/NRT18F2W?section=machine');
    await waitFor(() => expect(window.__fpEarlySettled).toBe(true));
    // The boot loader of such a page downloads the app once this is sent (web/prerender.mjs).
    expect(settled).toHaveBeenCalledOnce();
    const header = root.querySelector('header');
    expect(header?.outerHTML).toBe(renderToStaticMarkup(<ModelHeader model={MODEL} />));
    expect(root.querySelector('h1')?.textContent).toBe('Nordcold NRT-18F2W');

    // The app hydrates the loading state it prerendered: the header stays, with no mismatch.
    const onRecoverableError = vi.fn();
    const consoleError = vi.spyOn(console, 'error');
    hydrateRoot(root, page(), { onRecoverableError });
    expect(root.querySelector('h1')?.textContent).toBe('Nordcold NRT-18F2W');
    // Then the model's answer (the early one) renders the page: the same header, and the drawing.
    await waitFor(() => expect(root.querySelector('[data-ref="1"][role="button"]')).not.toBeNull());
    expect(root.querySelectorAll('h1')).toHaveLength(1);
    expect(root.querySelector('header')?.outerHTML).toBe(renderToStaticMarkup(<ModelHeader model={MODEL} />));
    expect(onRecoverableError).not.toHaveBeenCalled();
    expect(consoleError).not.toHaveBeenCalled();
    expect(api.sent('GET', API.model('NRT18F2W'))).toHaveLength(1);
    consoleError.mockRestore();
    root.remove();
  });

  it('paints nothing when the answer is not a model, and still says it is done', async () => {
    api.on('GET', API.model('NRT18F2W'), json({ error: { code: 'not-found', message: 'No model NRT18F2W' }, suggestions: [] }, { status: 404 }));
    const root = document.body.appendChild(document.createElement('div'));
    root.innerHTML = renderToString(
      <QueryClientProvider client={createQueryClient()}>
        <VisitorSession>
          <MemoryRouter initialEntries={['/appliance-models/NRT18F2W']}>
            <ModelView modelKey="NRT18F2W" />
          </MemoryRouter>
        </VisitorSession>
      </QueryClientProvider>,
    );
    const before = root.innerHTML;
    await runEarlyScript('/appliance-models/NRT18F2W');
    await waitFor(() => expect(window.__fpEarlySettled).toBe(true));
    expect(root.innerHTML).toBe(before);
    root.remove();
  });

  it("starts the catalogue's search as its address holds it and its first pictures, the first one first; the page reads it once", async () => {
    const tools = ['a', 'b', 'c', 'd'].map((id) =>
      sampleTool(`fan-${id}`, { name: `Fan motor ${id}`, category: 'fan-motors', image: `/images/tools/fan-${id}.svg` }),
    );
    api.on('GET', API.search, searchAnswer(tools));
    await runEarlyScript('/purchaseorder?q=fan+motor&category=fan-motors');
    await waitFor(() => expect(document.head.querySelectorAll('link[rel="preload"][as="image"]')).toHaveLength(3));
    const pictures = [...document.head.querySelectorAll('link[rel="preload"][as="image"]')];
    expect(pictures.map((l) => l.getAttribute('href'))).toEqual(['/images/tools/fan-a.svg', '/images/tools/fan-b.svg', '/images/tools/fan-c.svg']);
    expect(pictures.map((l) => l.getAttribute('fetchpriority'))).toEqual(['high', null, null]);

    const router = createMemoryRouter([{ path: '/purchaseorder', element: <ToolCatalog /> }], {
      initialEntries: ['/purchaseorder?q=fan+motor&category=fan-motors'],
    });
    await renderSignedOut(<RouterProvider router={router} />, { router: false });
    expect(await screen.findAllByRole('heading', { level: 3 })).toHaveLength(4);
    // The search once, and the plain list the page's HTML preloads (read from the preload in a browser, kept for the app).
    expect(api.sent('GET', API.search).map((r) => r.path)).toEqual(['/search?q=fan+motor&category=fan-motors&limit=12', '/search?sort=newest&limit=12']);
    // The first card's picture is the page's largest paint: fetched first, never lazily.
    const first = screen.getByRole('img', { name: 'Fan motor a' });
    expect(first).toHaveAttribute('fetchpriority', 'high');
    expect(first).toHaveAttribute('loading', 'eager');
  });

  it("puts the first hits' pictures into the catalogue's prerendered loading cards before the app runs, and the app hydrates over them", async () => {
    const tools = ['a', 'b', 'c', 'd'].map((id) => sampleTool(`fan-${id}`, { name: `Fan motor ${id}`, image: `/images/tools/fan-${id}.svg` }));
    api.on('GET', API.search, searchAnswer(tools));
    const page = () => (
      <QueryClientProvider client={createQueryClient()}>
        <VisitorSession>
          <MemoryRouter initialEntries={['/purchaseorder?q=fan+motor']}>
            <ToolCatalog />
          </MemoryRouter>
        </VisitorSession>
      </QueryClientProvider>
    );
    const root = document.body.appendChild(document.createElement('div'));
    root.innerHTML = renderToString(page());
    expect(root.querySelectorAll('[aria-label="Loading tools"] img')).toHaveLength(0);
    // The script stops waiting for pictures after EARLY_FIRST_WAIT_MS; on a loaded machine that
    // passed before the check below (CI), so here it waits a minute: the pictures' load settles it.
    const realSetTimeout = globalThis.setTimeout;
    vi.spyOn(globalThis, 'setTimeout').mockImplementation(((run: () => void, ms?: number) =>
      realSetTimeout(run, ms === EARLY_FIRST_WAIT_MS ? 60_000 : ms)) as typeof setTimeout);

    await runEarlyScript('/purchaseorder?q=fan+motor');
    await waitFor(() => expect(root.querySelectorAll('[aria-label="Loading tools"] img')).toHaveLength(3));
    const early = [...root.querySelectorAll<HTMLImageElement>('[aria-label="Loading tools"] img')];
    // Settled only once the pictures have loaded (jsdom loads none: the test says when).
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(window.__fpEarlySettled).not.toBe(true);
    early.forEach((img) => img.dispatchEvent(new Event('load')));
    await waitFor(() => expect(window.__fpEarlySettled).toBe(true));
    expect(early.map((img) => img.getAttribute('src'))).toEqual(['/images/tools/fan-a.svg', '/images/tools/fan-b.svg', '/images/tools/fan-c.svg']);
    // The card's own picture class and size, so it sits where the card's picture will; the card names it.
    expect(early[0]!.className).toBe(root.querySelector('[data-early-picture]')!.getAttribute('data-early-picture'));
    expect(early.map((img) => [img.alt, img.width, img.height])).toEqual([
      ['', 600, 450],
      ['', 600, 450],
      ['', 600, 450],
    ]);
    expect(early[0]!.getAttribute('fetchpriority')).toBe('high');

    const onRecoverableError = vi.fn();
    const consoleError = vi.spyOn(console, 'error');
    hydrateRoot(root, page(), { onRecoverableError });
    await waitFor(() => expect(root.querySelectorAll('article')).toHaveLength(4));
    expect(root.querySelector('article img')?.getAttribute('src')).toBe('/images/tools/fan-a.svg');
    expect(root.querySelectorAll('[data-early-picture]')).toHaveLength(0);
    expect(onRecoverableError).not.toHaveBeenCalled();
    expect(consoleError).not.toHaveBeenCalled();
    expect(api.sent('GET', API.search).map((r) => r.path)).toEqual(['/search?q=fan+motor&limit=12', '/search?sort=newest&limit=12']);
    consoleError.mockRestore();
    root.remove();
  });

  it('reads nothing on a page that reads nothing first', async () => {
    await runEarlyScript('/login');
    await new Promise((r) => setTimeout(r, 0));
    expect(api.requests).toEqual([]);
  });
});
