import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { API } from '@fridgeparts/common/api-paths';
import type { Tool } from '@fridgeparts/common/tool';
import { fakeApi, failure } from '../../../test-support/fake-api';
import { sampleTool } from '@fridgeparts/common/testing/sample-tool';
import { searchAnswer } from '../../../test-support/fake-search';
import { renderSignedIn, renderSignedOut } from '../../../test-support/signed-in';
import type { FakeUser } from '../../../test-support/fake-auth-client';
import { myCompanyFixture } from '../../../test-support/fixtures';
import type { MyPrices } from '@fridgeparts/common/contract-prices.answers';
import { json } from '../../../test-support/fake-api';
import { ToolCatalog } from './tool-catalog';

// Signed out unless a test signs someone in: the catalogue asks for contract prices only for a
// member of a company (decision 0062).
let user: FakeUser | null = null;

const api = fakeApi();

/** A part of the fake catalogue: what the search reads of it. */
const part = (id: string, name: string, partNumber: string, category: string, specs: Tool['specs'], aliases: Tool['aliases']) =>
  sampleTool(id, { name, partNumber, category, specs, aliases });

/** Newest first as listed here. */
const TOOLS = [
  part('evaporator-fan-motor', 'Evaporator Fan Motor, 115 V', 'FP-EFM-115-SP', 'fan-motors', { voltage: '115', frequency: '60' }, [
    { number: 'CP-EFM-9', kind: 'competitor', brand: 'CoolPro' },
  ]),
  part('condenser-fan-motor', 'Condenser Fan Motor, 230 V', 'FP-CFM-230-9W', 'fan-motors', { voltage: '230', frequency: '50' }, [
    { number: 'FP-CFM-230-7W', kind: 'superseded' },
  ]),
  part('compressor', 'Hermetic Compressor 1/3 HP', 'FP-CMP-134A-033', 'compressors', { voltage: '115', refrigerant: 'R-134a' }, [
    { number: 'AR-2198597', kind: 'oem', brand: 'Arctica' },
  ]),
].map((tool, i) => ({ ...tool, createdAt: `2026-01-0${9 - i}T00:00:00.000Z` }));

/** The catalogue at `url`, with the router's location to read the URL it keeps. */
async function renderCatalog(url = '/purchaseorder') {
  const router = createMemoryRouter([{ path: '/purchaseorder', element: <ToolCatalog /> }], { initialEntries: [url] });
  await (user
    ? renderSignedIn(<RouterProvider router={router} />, { user, router: false })
    : renderSignedOut(<RouterProvider router={router} />, { router: false }));
  return router;
}

const names = () =>
  within(screen.getByTestId('catalog-grid'))
    .getAllByRole('heading', { level: 3 })
    .map((h) => h.textContent);
const searches = () => api.sent('GET', API.search).map((r) => new URL(r.path, 'http://shop.test').searchParams);

describe('ToolCatalog on GET /search (CONTRACT §11)', () => {
  afterEach(() => {
    cleanup();
    user = null;
  });

  it('asks nobody signed out for contract prices, and shows a member their contract price over the list price (CONTRACT §10)', async () => {
    api.on('GET', API.search, searchAnswer(TOOLS));
    await renderCatalog();
    await waitFor(() => expect(names()).toHaveLength(3));
    expect(api.sent('GET', API.myCompany)).toHaveLength(0);
    expect(api.sent('GET', API.myPrices)).toHaveLength(0);
    cleanup();

    user = { uid: 'u-theo', email: 'theo@example.test', displayName: 'Theo', emailVerified: true };
    api
      .on('GET', API.myCompany, json(myCompanyFixture()))
      .on('GET', API.myPrices, json<MyPrices>({ prices: [{ toolId: 'compressor', price: 150, priceBreaks: [] }] }));
    await renderCatalog();
    const card = await screen.findByRole('article', { name: 'Hermetic Compressor 1/3 HP' });
    await waitFor(() =>
      expect(within(card).getByTestId('tool-price')).toHaveTextContent('$150.00 Your contract price , list price $' + TOOLS[2]!.price.toFixed(2)),
    );
    expect(within(card).getByTestId('list-price').tagName).toBe('S');
    // The other cards keep their list price; the three ids went in one call.
    const other = screen.getByRole('article', { name: 'Condenser Fan Motor, 230 V' });
    expect(within(other).getByTestId('tool-price')).toHaveTextContent(/per unit$/);
    const asked = api.sent('GET', API.myPrices).map((r) => new URL(r.path, 'http://shop.test').searchParams.get('toolIds'));
    expect(asked).toEqual(['evaporator-fan-motor,condenser-fan-motor,compressor']);
  });

  it('lists the catalogue newest first with the total, and the filters with their counts', async () => {
    api.on('GET', API.search, searchAnswer(TOOLS));
    await renderCatalog();
    await waitFor(() => expect(names()).toEqual(['Evaporator Fan Motor, 115 V', 'Condenser Fan Motor, 230 V', 'Hermetic Compressor 1/3 HP']));
    expect(screen.getByTestId('catalog-total')).toHaveTextContent('3 parts');
    expect(searches()[0]!.toString()).toBe('sort=newest&limit=12');
    const panel = screen.getByRole('complementary', { name: 'Filters' });
    const category = within(panel).getByRole('group', { name: 'Category' });
    expect(
      within(category)
        .getAllByRole('checkbox')
        .map((c) => c.closest('label')?.textContent),
    ).toEqual(['Compressors (1)', 'Fan motors (2)']);
    expect(within(panel).getByRole('checkbox', { name: '115 V (2)' })).not.toBeChecked();
    expect(within(panel).getByRole('group', { name: 'Refrigerant' })).toBeInTheDocument();
    // Nothing set, nothing to clear (issue 43).
    expect(within(panel).queryByRole('button', { name: 'Clear filters' })).toBeNull();
  });

  it('shows a number search’s hit first, what it matched marked, and the number an alias search found it by', async () => {
    api.on('GET', API.search, searchAnswer(TOOLS));
    await renderCatalog('/purchaseorder?q=fpcmp134a033');
    await waitFor(() => expect(names()[0]).toBe('Hermetic Compressor 1/3 HP'));
    const card = screen.getAllByRole('article')[0]!;
    expect(card.querySelector('mark')).toHaveTextContent('FP-CMP-134A-033');
    // Best match: no sort sent.
    expect(searches().at(-1)!.has('sort')).toBe(false);
    expect(screen.getByLabelText('Sort by')).toHaveValue('relevance');

    cleanup();
    await renderCatalog('/purchaseorder?q=fp-cfm-230-7w');
    await waitFor(() => expect(names()).toEqual(['Condenser Fan Motor, 230 V']));
    expect(screen.getByTestId('tool-matched-by')).toHaveTextContent('Replaces FP-CFM-230-7W');
    expect(screen.getByTestId('tool-matched-by').querySelector('mark')).toHaveTextContent('FP-CFM-230-7W');
    expect(screen.getByTestId('tool-part-number').querySelector('mark')).toBeNull();
  });

  it('a ticked filter narrows the hits, goes into the URL (each tick a step Back undoes) and the request; values of a key are alternatives', async () => {
    api.on('GET', API.search, searchAnswer(TOOLS));
    const router = await renderCatalog('/purchaseorder?q=motor');
    await waitFor(() => expect(names()).toHaveLength(2));
    const panel = screen.getByRole('complementary', { name: 'Filters' });
    await userEvent.click(within(panel).getByRole('checkbox', { name: '115 V (1)' }));
    await waitFor(() => expect(names()).toEqual(['Evaporator Fan Motor, 115 V']));
    expect(router.state.location.search).toBe('?q=motor&spec.voltage=115');
    expect(screen.getByTestId('catalog-total')).toHaveTextContent('1 part');
    // The voltage's own counts leave its filter out: 230 V still says what it would add.
    await userEvent.click(within(panel).getByRole('checkbox', { name: '230 V (1)' }));
    await waitFor(() => expect(names()).toHaveLength(2));
    expect(searches().at(-1)!.getAll('spec.voltage')).toEqual(['115', '230']);
    expect(screen.getByRole('button', { name: 'Filters (2)' })).toBeInTheDocument();

    await router.navigate(-1);
    await waitFor(() => expect(names()).toEqual(['Evaporator Fan Motor, 115 V']));
    expect(within(panel).getByRole('checkbox', { name: /^115 V/ })).toBeChecked();
  });

  it('restores the filters from the URL, and says what was searched when nothing matches, with Clear filters', async () => {
    api.on('GET', API.search, searchAnswer(TOOLS));
    const router = await renderCatalog('/purchaseorder?q=compressor&category=fan-motors&spec.voltage=115');
    expect(await screen.findByTestId('catalog-empty')).toHaveTextContent(
      'No parts match "compressor" with Category: Fan motors; Voltage: 115 V. Clear the filters or try another search.',
    );
    expect(searches()[0]!.toString()).toBe('q=compressor&category=fan-motors&spec.voltage=115&limit=12');
    expect(within(screen.getByRole('complementary', { name: 'Filters' })).getByRole('checkbox', { name: 'Fan motors (0)' })).toBeChecked();
    await userEvent.click(within(screen.getByTestId('catalog-empty').parentElement!).getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(names()).toEqual(['Hermetic Compressor 1/3 HP']));
    expect(router.state.location.search).toBe('?q=compressor');
  });

  it('a number that finds nothing offers the parts with the nearest numbers, each a link to its page', async () => {
    api.on('GET', API.search, searchAnswer(TOOLS)).on(
      'GET',
      API.resolvePart('FP-CMP-134A-034'),
      failure('not-found', 'No part has the number FP-CMP-134A-034.', undefined, {
        suggestions: [{ _id: 'compressor', partNumber: 'FP-CMP-134A-033', name: 'Hermetic Compressor 1/3 HP' }],
      }),
    );
    await renderCatalog('/purchaseorder?q=FP-CMP-134A-034');
    expect(await screen.findByTestId('catalog-empty')).toHaveTextContent('No parts match "FP-CMP-134A-034".');
    const nearest = await screen.findByTestId('nearest-numbers');
    expect(within(nearest).getByRole('link', { name: 'FP-CMP-134A-033 Hermetic Compressor 1/3 HP' })).toHaveAttribute('href', '/purchaseorder/compressor');
  });

  it('the Filters sheet ticks a filter and shows its count on "Show N parts", then closes', async () => {
    api.on('GET', API.search, searchAnswer(TOOLS));
    const router = await renderCatalog();
    await waitFor(() => expect(names()).toHaveLength(3));
    await userEvent.click(screen.getByRole('button', { name: 'Filters' }));
    const sheet = screen.getByRole('dialog', { name: 'Filters' });
    expect(within(sheet).getByRole('button', { name: 'Show 3 parts' })).toBeInTheDocument();
    expect(within(sheet).queryByRole('button', { name: 'Clear filters' })).toBeNull();
    await userEvent.click(within(sheet).getByRole('checkbox', { name: 'Fan motors (2)' }));
    await waitFor(() => expect(within(sheet).getByRole('button', { name: 'Show 2 parts' })).toBeInTheDocument());
    expect(within(sheet).getByRole('button', { name: 'Clear filters' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?category=fan-motors');
    await userEvent.click(within(sheet).getByRole('button', { name: 'Show 2 parts' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(names()).toHaveLength(2);
    // Its close control (issue 43: a phone has no Escape key) closes it too, filters kept.
    await userEvent.click(screen.getByRole('button', { name: 'Filters (1)' }));
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Filters' })).getByRole('button', { name: 'Close filters' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(router.state.location.search).toBe('?category=fan-motors');
  });

  it('says when the search could not be read, and reads it again on Try again; Load more reads the next page with the cursor', async () => {
    const many = Array.from({ length: 14 }, (_, i) =>
      sampleTool(`t${i}`, { name: `Gasket ${i}`, partNumber: `FP-GSK-${100 + i}`, createdAt: `2026-01-${String(i + 1).padStart(2, '0')}T00:00:00.000Z` }),
    );
    api.on('GET', API.search, searchAnswer(many));
    api.once('GET', API.search, failure('internal', 'The shop is unavailable.'));
    await renderCatalog();
    expect(await screen.findByRole('alert')).toHaveTextContent('The tools could not be loaded. The shop is unavailable.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(names()).toHaveLength(12));
    expect(screen.getByTestId('catalog-total')).toHaveTextContent('14 parts');
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(names()).toHaveLength(14));
    expect(searches().at(-1)!.get('cursor')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });
});
