import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { API } from '@fridgeparts/common/api-paths';
import type { ModelListResponse } from '@fridgeparts/common/models/appliance-model.answers';
import { sampleTool } from '@fridgeparts/common/testing/sample-tool';
import CatalogPage from './pages/catalog-page';
import ApplianceModelsPage from './pages/appliance-models-page';
import { createQueryClient } from './lib/infra/query-client';
import { fakeApi, held, json } from './test-support/fake-api';
import { searchAnswer } from './test-support/fake-search';

import { VisitorSession } from './test-support/signed-in';

/**
 * A shared search link (`/purchaseorder?q=gasket&category=gaskets`) opens a page prerendered for
 * the address without its query (web/prerender.mjs): the app's first render must be that HTML,
 * or React throws its hydration error (#418) and renders the page again (decision 0067).
 */
const api = fakeApi();

const TOOLS = [
  sampleTool('t1', { name: 'Door gasket 24 in', partNumber: 'FP-GSK-24', category: 'gaskets' }),
  sampleTool('t2', { name: 'Start relay', partNumber: 'FP-RLY-1', category: 'relays' }),
];

function at(url: string, page: ReactElement) {
  return (
    <QueryClientProvider client={createQueryClient()}>
      {/* Nobody signed in, as the prerender sees it. */}
      <VisitorSession>
        <MemoryRouter initialEntries={[url]}>{page}</MemoryRouter>
      </VisitorSession>
    </QueryClientProvider>
  );
}

/** The page prerendered at `path`, hydrated at `url` (path plus a query): React's complaints, if any. */
function hydrateAt(path: string, url: string, page: () => ReactElement) {
  const root = document.body.appendChild(document.createElement('div'));
  root.innerHTML = renderToString(at(path, page()));
  const onRecoverableError = vi.fn();
  const consoleError = vi.spyOn(console, 'error');
  hydrateRoot(root, at(url, page()), { onRecoverableError });
  return { root, onRecoverableError, consoleError };
}

describe('a prerendered page opened at an address with a query', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    document.body.innerHTML = '';
  });

  it('the catalogue hydrates its prerendered HTML, then shows the search, its filter and Best match', async () => {
    api.on('GET', API.search, searchAnswer(TOOLS));
    const { root, onRecoverableError, consoleError } = hydrateAt('/purchaseorder', '/purchaseorder?q=gasket&category=gaskets', () => <CatalogPage />);
    await waitFor(() => expect(root.querySelector('[data-testid="catalog-grid"]')?.textContent).toContain('Door gasket 24 in'));
    expect(root.querySelector<HTMLInputElement>('input[type="search"]')?.value).toBe('gasket');
    expect(root.querySelector<HTMLSelectElement>('select')?.selectedOptions[0]?.textContent).toBe('Best match');
    expect(root.textContent).toContain('Filters (1)');
    expect(onRecoverableError).not.toHaveBeenCalled();
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('Find by model hydrates its prerendered HTML, then searches the number in the address and keeps the browse choice', async () => {
    const search = held();
    api.on('GET', API.models(), (request) =>
      new URL(request.path, 'http://shop.test').searchParams.has('q') ? search.answer() : json<ModelListResponse>({ models: [], brands: [], cursor: null }),
    );
    const { root, onRecoverableError, consoleError } = hydrateAt('/appliance-models', '/appliance-models?q=ARB&type=chest-freezer', () => (
      <ApplianceModelsPage />
    ));
    await waitFor(() => expect(root.querySelector('[aria-label="Searching the models"]')).not.toBeNull());
    expect(root.querySelector<HTMLInputElement>('#model-number')?.value).toBe('ARB');
    expect(root.querySelector<HTMLSelectElement>('#model-type')?.value).toBe('chest-freezer');
    expect(onRecoverableError).not.toHaveBeenCalled();
    expect(consoleError).not.toHaveBeenCalled();
  });
});
