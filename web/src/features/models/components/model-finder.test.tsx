import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { API } from '@fridgeparts/common/api-paths';
import type { ModelListResponse, ModelSummary } from '@fridgeparts/common/models/appliance-model.answers';
import { fakeApi, failure, json } from '../../../test-support/fake-api';
import { renderWithQuery } from '../../../test-support/render';
import { ModelFinder } from './model-finder';

const api = fakeApi();

const model = (modelNumber: string, brand: string, applianceType: ModelSummary['applianceType'] = 'top-freezer-refrigerator'): ModelSummary => ({
  modelKey: modelNumber.replace(/[^A-Z0-9]/gi, '').toUpperCase(),
  modelNumber,
  brand,
  applianceType,
  title: `${brand} ${modelNumber}`,
});
const NRT = model('NRT-18F2W', 'Nordcold');
const NSS = model('NSS-25 G5S', 'Nordcold', 'side-by-side-refrigerator');
const ARB = model('ARB-22.4X', 'Arctica', 'bottom-freezer-refrigerator');
const BRANDS = [
  { brand: 'Arctica', models: 1 },
  { brand: 'Nordcold', models: 2 },
];
const list = (models: ModelSummary[], cursor: string | null = null) => json<ModelListResponse>({ models, cursor, brands: BRANDS });
const queryOf = (path: string) => Object.fromEntries(new URL(path, 'http://x').searchParams);

function show(path = '/appliance-models') {
  const router = createMemoryRouter(
    [
      { path: '/appliance-models', element: <ModelFinder /> },
      { path: '/appliance-models/:modelKey', element: <p>Model page</p> },
    ],
    { initialEntries: [path] },
  );
  renderWithQuery(<RouterProvider router={router} />);
  return router;
}
const field = () => screen.getByRole('searchbox', { name: 'Model number' });

describe('ModelFinder (CONTRACT §12: Find by model)', () => {
  afterEach(cleanup);

  it('finds a model however its number is typed: one request with the number as the shop compares it, the search in the address', async () => {
    api.on('GET', API.models(), list([NRT, NSS, ARB])).on('GET', API.models({ q: 'NRT18F2W' }), list([NRT]));
    const router = show();
    await userEvent.type(field(), 'nrt 18f2w');
    // Waits for this search's own answer: a slow keystroke may have settled a shorter one first.
    expect(await screen.findByText('1 model for “nrt 18f2w”')).toBeInTheDocument();
    const results = screen.getByTestId('model-search-results');
    expect(within(results).getByRole('link', { name: /NRT-18F2W/ })).toHaveAttribute('href', '/appliance-models/NRT18F2W');
    expect(api.sent('GET', API.models({ q: 'NRT18F2W' })).map((r) => queryOf(r.path))).toEqual([{ q: 'NRT18F2W' }]);
    await waitFor(() => expect(router.state.location.search).toBe('?q=nrt+18f2w'));
    // Enter with the whole number opens its model.
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/appliance-models/NRT18F2W'));
  });

  it('while the next answer is on its way, keeps the last list but does not give it the new search a count', async () => {
    let answer: (value: unknown) => void = () => {};
    const held = new Promise((resolve) => (answer = resolve));
    api.on('GET', API.models(), list([NRT, NSS, ARB])).on('GET', API.models({ q: 'NRT18F2W' }), async () => {
      await held;
      return list([NRT]);
    });
    show('/appliance-models?q=nrt');
    expect(await screen.findByText('3 models for “nrt”')).toBeInTheDocument();
    await userEvent.clear(field());
    await userEvent.type(field(), 'nrt 18f2w');
    expect(await screen.findByText('Searching for “nrt 18f2w”…')).toBeInTheDocument();
    expect(screen.queryByText(/3 models for “nrt 18f2w”/)).not.toBeInTheDocument();
    expect(screen.getByTestId('model-search-results').parentElement).toHaveAttribute('aria-busy', 'true');
    answer(undefined);
    expect(await screen.findByText('1 model for “nrt 18f2w”')).toBeInTheDocument();
  });

  it('asks nothing below 3 letters or digits, and says why', async () => {
    api.on('GET', API.models(), list([NRT]));
    show();
    await userEvent.type(field(), 'n-r');
    expect(screen.getByText('Type at least 3 letters or digits of the model number.')).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 400));
    expect(api.requests.filter((r) => 'q' in queryOf(r.path))).toHaveLength(0);
  });

  it('says what was searched when no model matches', async () => {
    api.on('GET', API.models(), list([NRT])).on('GET', API.models({ q: 'XYZ999' }), list([]));
    show('/appliance-models?q=xyz-999');
    expect(await screen.findByTestId('model-search-empty')).toHaveTextContent('No model number starts with or contains “xyz-999”');
    expect(field()).toHaveValue('xyz-999');
  });

  it('says when the search failed, and tries again', async () => {
    // The newest answer is given first: the failure once, then the list.
    api.on('GET', API.models(), list([NRT])).on('GET', API.models({ q: 'NRT' }), list([NRT]));
    api.once('GET', API.models({ q: 'NRT' }), failure('unavailable', 'The shop is busy'));
    show('/appliance-models?q=nrt');
    await userEvent.click(within(await screen.findByRole('alert')).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('model-search-results')).toHaveTextContent('NRT-18F2W');
  });

  it('browses every model a page at a time, and by appliance type and brand from the address', async () => {
    api.on('GET', API.models(), list([NRT, NSS], 'c1')).on('GET', API.models({ cursor: 'c1' }), list([ARB]));
    const router = show();
    const browsed = await screen.findByTestId('model-browse-results');
    expect(within(browsed).getAllByRole('link')).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(browsed).getAllByRole('link')).toHaveLength(3));
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();

    api.on('GET', API.models({ brand: 'Nordcold', applianceType: 'side-by-side-refrigerator' }), list([NSS]));
    await userEvent.selectOptions(screen.getByLabelText('Appliance type'), 'side-by-side-refrigerator');
    expect(
      within(screen.getByLabelText('Brand'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All brands', 'Arctica (1)', 'Nordcold (2)']);
    await userEvent.selectOptions(screen.getByLabelText('Brand'), 'Nordcold');
    await waitFor(() => expect(within(screen.getByTestId('model-browse-results')).getAllByRole('link')).toHaveLength(1));
    expect(router.state.location.search).toBe('?type=side-by-side-refrigerator&brand=Nordcold');
  });

  it('tells where the tag is for each kind of appliance, with a picture', async () => {
    api.on('GET', API.models(), list([]));
    show();
    expect(await screen.findByTestId('model-browse-empty')).toHaveTextContent('No models are listed yet.');
    await userEvent.click(screen.getByText('Chest freezer', { selector: 'summary' }));
    expect(screen.getByRole('img', { name: "Chest freezer: the tag's place marked in orange" })).toHaveAttribute('src', '/images/model-tags/chest-freezer.svg');
    expect(screen.getByText(/on the back or a side near the bottom/)).toBeVisible();
  });
});
