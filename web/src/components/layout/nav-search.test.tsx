import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router-dom';
import { API } from '@fridgeparts/common/api-paths';
import { sampleTool } from '@fridgeparts/common/testing/sample-tool';
import type { ModelListResponse } from '@fridgeparts/common/models/appliance-model.answers';
import { fakeApi, json } from '../../test-support/fake-api';
import { searchAnswer } from '../../test-support/fake-search';
import { renderSignedOut } from '../../test-support/signed-in';
import { NavSearch, SUGGESTIONS } from './nav-search';

// Signed out: the suggestions' prices are the list prices (a member's overlay: lib/use-contract-prices.test.tsx).
const api = fakeApi();

const FAN_MOTORS = Array.from({ length: 8 }, (_, i) =>
  sampleTool(`fan-${i}`, { name: `Fan Motor ${i + 1}`, partNumber: `FP-FAN-${100 + i}`, category: 'fan-motors', specs: {}, aliases: [] }),
);
const TIMER = sampleTool('timer', {
  name: 'Defrost Timer',
  partNumber: 'FP-DFT-8H25',
  category: 'defrost',
  specs: {},
  aliases: [{ number: 'FP-DFT-6H21', kind: 'superseded' }],
});

/** The search above every page, as in the navigation bar, with the router's location to read where it went. */
async function renderSearch() {
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <NavSearch />
            <Outlet />
          </>
        ),
        children: [
          { path: '/', element: <p>Home</p> },
          { path: '/purchaseorder', element: <p>Catalogue</p> },
          { path: '/purchaseorder/:id', element: <p>Tool page</p> },
          { path: '/appliance-models/:modelKey', element: <p>Model page</p> },
        ],
      },
    ],
    { initialEntries: ['/'] },
  );
  await renderSignedOut(<RouterProvider router={router} />, { router: false });
  return router;
}
const field = () => screen.getByRole('combobox', { name: 'Search the shop' });

describe('NavSearch (CONTRACT §11: the navigation bar’s search)', () => {
  afterEach(cleanup);
  // From 3 letters or digits the appliance models are asked too (CONTRACT §12): none unless a test says.
  beforeEach(() => void api.on('GET', API.models(), json<ModelListResponse>({ models: [], cursor: null, brands: [] })));
  // The form is a popover below 1024 px; from 1024 px the shop's CSS shows it in the bar, as here
  // (jsdom does not load CSS modules).
  beforeAll(() => {
    const style = document.createElement('style');
    style.textContent = '#nav-search { display: block }';
    document.head.append(style);
  });

  it('suggests the best six hits and "All results" as the buyer types, and opens the one chosen with the arrow keys and Enter', async () => {
    api.on('GET', API.search, searchAnswer([...FAN_MOTORS, TIMER]));
    const router = await renderSearch();
    expect(field()).toHaveAttribute('aria-expanded', 'false');
    await userEvent.type(field(), 'fan motor');
    const list = await screen.findByRole('listbox', { name: 'Suggestions' });
    await waitFor(() => expect(within(list).getAllByRole('option')).toHaveLength(SUGGESTIONS + 1));
    expect(field()).toHaveAttribute('aria-expanded', 'true');
    expect(within(list).getAllByRole('option').at(-1)).toHaveTextContent('All 8 results for “fan motor”');
    expect(screen.getByRole('status')).toHaveTextContent('6 suggestions');
    // Only the debounced text is asked, with six hits.
    expect(api.sent('GET', API.search).map((r) => new URL(r.path, 'http://x').searchParams.toString())).toEqual(['q=fan+motor&limit=6']);

    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    const second = within(list).getAllByRole('option')[1]!;
    expect(field()).toHaveAttribute('aria-activedescendant', second.id);
    expect(second).toHaveAttribute('aria-selected', 'true');
    expect(field()).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    const chosen = FAN_MOTORS.find((t) => second.textContent?.startsWith(`${t.name}FP`))!;
    await waitFor(() => expect(router.state.location.pathname).toBe(`/purchaseorder/${chosen._id}`));
    // Leaving closes the list and takes the cursor out of the field.
    expect(field()).not.toHaveFocus();
    expect(field()).toHaveAttribute('aria-expanded', 'false');
  });

  it('Up wraps to "All results"; Enter there, or with no option chosen, opens the catalogue with the search', async () => {
    api.on('GET', API.search, searchAnswer([...FAN_MOTORS, TIMER]));
    const router = await renderSearch();
    await userEvent.type(field(), 'fan');
    await screen.findByRole('listbox');
    await userEvent.keyboard('{ArrowUp}');
    expect(screen.getAllByRole('option').at(-1)).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?q=fan'));
    expect(router.state.location.pathname).toBe('/purchaseorder');

    await router.navigate('/');
    await userEvent.clear(field());
    await userEvent.type(field(), 'timer{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?q=timer'));
  });

  it('says how an older number led to its part; Escape closes the list, and a second Escape clears the field', async () => {
    api.on('GET', API.search, searchAnswer([...FAN_MOTORS, TIMER]));
    await renderSearch();
    await userEvent.type(field(), 'fp-dft-6h21');
    const option = await screen.findByRole('option', { name: /Defrost Timer/ });
    expect(option).toHaveTextContent('FP-DFT-8H25 · Replaces FP-DFT-6H21');
    await userEvent.keyboard('{Escape}');
    expect(field()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(field()).toHaveValue('fp-dft-6h21');
    await userEvent.keyboard('{Escape}');
    expect(field()).toHaveValue('');
  });

  it('asks nothing for one character, and chooses a suggestion with the mouse', async () => {
    api.on('GET', API.search, searchAnswer([...FAN_MOTORS, TIMER]));
    const router = await renderSearch();
    await userEvent.type(field(), 'f');
    await new Promise((r) => setTimeout(r, 250));
    expect(api.sent('GET', API.search)).toEqual([]);
    await userEvent.type(field(), 'p-dft');
    await userEvent.click(await screen.findByRole('option', { name: /Defrost Timer/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/purchaseorder/timer'));
    expect(field()).toHaveValue('');
  });

  it('suggests appliance models by number in a group of their own after the parts; the arrows reach them and Enter opens the model', async () => {
    api.on('GET', API.search, searchAnswer([TIMER]));
    api.on(
      'GET',
      API.models({ q: 'NRT18' }),
      json<ModelListResponse>({
        models: [{ modelKey: 'NRT18F2W', modelNumber: 'NRT-18F2W', brand: 'Nordcold', applianceType: 'top-freezer-refrigerator', title: 'Nordcold 18 cu ft' }],
        cursor: null,
        brands: [{ brand: 'Nordcold', models: 1 }],
      }),
    );
    const router = await renderSearch();
    await userEvent.type(field(), 'nrt 18');
    const models = await screen.findByRole('group', { name: 'Appliance models' });
    const model = within(models).getByRole('option', { name: /Nordcold NRT-18F2W/ });
    expect(model).toHaveTextContent('Top-freezer refrigerator: drawings and parts');
    expect(api.sent('GET', API.models({ q: 'NRT18' }))).toHaveLength(1);
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('1 suggestion,'));
    // Options in order: the part found (if any), the model, then "All results".
    const options = screen.getAllByRole('option');
    const at = options.indexOf(model);
    for (let i = 0; i <= at; i++) await userEvent.keyboard('{ArrowDown}');
    expect(field()).toHaveAttribute('aria-activedescendant', model.id);
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/appliance-models/NRT18F2W'));
  });

  it('asks no models below 3 letters or digits', async () => {
    api.on('GET', API.search, searchAnswer([TIMER]));
    await renderSearch();
    await userEvent.type(field(), 'n-r');
    await screen.findByRole('listbox');
    expect(api.requests.filter((r) => r.path.startsWith('/models'))).toEqual([]);
  });
});
