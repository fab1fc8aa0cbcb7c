import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { API } from '@fridgeparts/common/api-paths';
import { NO_COMPANY } from '@fridgeparts/common/company';
import type { ApplianceModel, ModelCallout, ModelNotFoundBody } from '@fridgeparts/common/models/appliance-model.answers';
import { sampleTool } from '@fridgeparts/common/testing/sample-tool';
import type { Cart } from '@fridgeparts/common/cart';
import { fakeApi, failure, file, json } from '../../../test-support/fake-api';
import { renderSignedIn, renderSignedOut } from '../../../test-support/signed-in';
import type { FakeUser } from '../../../test-support/fake-auth-client';
import { availabilityFixture } from '../../../test-support/availability-fixture';

// Signed in or not as each test says (signed-in.tsx); the API client's Bearer comes from the fake Firebase Auth.
let user: FakeUser | null = null;

const { ModelView } = await import('./model-view');

const api = fakeApi();

const DRAWING = '/models/NRT18F2W/sections/freezer-door/diagram.svg';
const callout = (ref: string, name: string | null, over: Partial<ModelCallout> = {}): ModelCallout => ({
  ref,
  partNumber: `FP-${ref}`,
  quantity: 1,
  note: '',
  part: name === null ? null : { _id: `tool-${ref}`, partNumber: `FP-${ref}`, name, price: 19.9, availableQuantity: 40, availability: availabilityFixture(40) },
  orderAs: null,
  resolvedFrom: null,
  ...over,
});
const MODEL: ApplianceModel = {
  modelKey: 'NRT18F2W',
  modelNumber: 'NRT-18F2W',
  brand: 'Nordcold',
  applianceType: 'top-freezer-refrigerator',
  title: 'Nordcold 18 cu ft top-freezer refrigerator, white',
  sections: [
    {
      id: 'freezer-door',
      name: 'Freezer door and controls',
      diagram: DRAWING,
      callouts: [
        callout('1', 'Door gasket', { note: 'Cut to fit' }),
        callout('2', 'Defrost Timer, 8 h / 25 min', {
          partNumber: 'FP-DFT-6H21',
          part: {
            _id: 'defrost-timer',
            partNumber: 'FP-DFT-8H25',
            name: 'Defrost Timer, 8 h / 25 min',
            price: 22.9,
            availableQuantity: 1320,
            availability: availabilityFixture(1320),
          },
          orderAs: { _id: 'defrost-timer', partNumber: 'FP-DFT-8H25', name: 'Defrost Timer, 8 h / 25 min' },
          resolvedFrom: { number: 'FP-DFT-6H21', kind: 'discontinued' },
        }),
        callout('3', null, { partNumber: 'NC-0000000' }),
      ],
    },
    { id: 'machine', name: 'Machine compartment', diagram: '/models/NRT18F2W/sections/machine/diagram.svg', callouts: [callout('1', 'Compressor')] },
  ],
};
const group = (ref: string, x: number) => `<g class="callout"><circle cx="${x}" cy="20" r="11"/><text x="${x}" y="20" data-ref="${ref}">${ref}</text></g>`;
const SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 300" role="img"><title>Freezer door</title>${group('1', 20)}${group('2', 60)}${group('3', 100)}</svg>`;
const EMPTY_CART: Cart = { lines: [], lineCount: 0, total: 0, ready: false, updatedAt: null, version: '0', tax: null };

async function show(path = '/appliance-models/NRT18F2W') {
  const router = createMemoryRouter(
    [
      { path: '/appliance-models/:modelKey', element: <ModelView modelKey={path.split('/')[2]!.split('?')[0]!} /> },
      { path: '/login', element: <p>Login page</p> },
    ],
    { initialEntries: [path] },
  );
  await (user
    ? renderSignedIn(<RouterProvider router={router} />, { user, router: false })
    : renderSignedOut(<RouterProvider router={router} />, { router: false }));
  return router;
}
const row = (ref: string) =>
  screen.getAllByTestId('callout-row').find((r) => within(r).queryByRole('button', { name: `Callout ${ref}: show on the drawing` }))!;
/** The drawing once it is placed and its callouts are buttons. */
const drawingReady = () => waitFor(() => expect(document.querySelector('[data-ref="1"][role="button"]')).not.toBeNull());
const onDrawing = (ref: string) =>
  within(screen.getByRole('group', { name: 'Drawing of Freezer door and controls' })).getByRole('button', { name: new RegExp(`^Callout ${ref}:`) });

describe('ModelView (CONTRACT §12: the model page)', () => {
  afterEach(cleanup);
  beforeEach(() => {
    user = null;
    api.on('GET', API.model('NRT18F2W'), json(MODEL)).on('GET', DRAWING, file(SVG, 'image/svg+xml'));
  });

  it('shows the brand, number and title, the sections as links, and the first section’s drawing with its callouts as named buttons', async () => {
    await show();
    expect(await screen.findByRole('heading', { level: 1, name: 'Nordcold NRT-18F2W' })).toBeInTheDocument();
    expect(screen.getByText(MODEL.title)).toBeInTheDocument();
    const sections = screen.getByRole('navigation', { name: 'Sections of this model' });
    expect(within(sections).getByRole('link', { name: 'Freezer door and controls (3)' })).toHaveAttribute('aria-current', 'page');
    expect(within(sections).getByRole('link', { name: 'Machine compartment (1)' })).toHaveAttribute('href', '/appliance-models/NRT18F2W?section=machine');
    expect(await screen.findByRole('button', { name: 'Callout 2: Defrost Timer, 8 h / 25 min' })).toHaveAttribute('aria-pressed', 'false');
    expect(onDrawing('3')).toHaveAccessibleName('Callout 3: NC-0000000');
    expect(document.title).toBe('Nordcold NRT-18F2W: Freezer door and controls | FridgeParts');
    // The drawing was asked for as SVG.
    expect(api.sent('GET', DRAWING)[0]!.headers.accept).toBe('image/svg+xml');
  });

  it('a click on a callout (its circle too) marks its row and scrolls it into view; a row’s number lights up its callout', async () => {
    const scrolled = vi.spyOn(Element.prototype, 'scrollIntoView');
    await show();
    await drawingReady();
    await userEvent.click(onDrawing('2'));
    expect(onDrawing('2')).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(row('2')).toHaveAttribute('aria-current', 'true'));
    expect(scrolled.mock.contexts.at(-1)).toBe(row('2'));
    expect(screen.getByTestId('chosen-callout')).toHaveTextContent('Callout 2: Defrost Timer, 8 h / 25 min');

    await userEvent.click(onDrawing('1').parentElement!.querySelector('circle')!);
    await waitFor(() => expect(row('1')).toHaveAttribute('aria-current', 'true'));
    expect(row('2')).not.toHaveAttribute('aria-current');

    await userEvent.click(within(row('3')).getByRole('button', { name: 'Callout 3: show on the drawing' }));
    expect(onDrawing('3')).toHaveAttribute('aria-pressed', 'true');
    expect(onDrawing('1')).toHaveAttribute('aria-pressed', 'false');
    expect(within(row('3')).getByRole('button', { name: 'Callout 3: show on the drawing' })).toHaveAttribute('aria-pressed', 'true');
    scrolled.mockRestore();
  });

  it('by keyboard: one tab stop into the drawing, the arrow keys between callouts, Enter or Space chooses', async () => {
    await show();
    await drawingReady();
    onDrawing('1').focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(onDrawing('2')).toHaveFocus();
    expect(onDrawing('2')).toHaveAttribute('tabindex', '0');
    expect(onDrawing('1')).toHaveAttribute('tabindex', '-1');
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(row('2')).toHaveAttribute('aria-current', 'true'));
    await userEvent.keyboard('{End}');
    expect(onDrawing('3')).toHaveFocus();
    await userEvent.keyboard(' ');
    await waitFor(() => expect(row('3')).toHaveAttribute('aria-current', 'true'));
    await userEvent.keyboard('{ArrowRight}');
    expect(onDrawing('1')).toHaveFocus();
  });

  it('says what to order when the listed number leads to another part, and offers no part the number no longer names', async () => {
    await show();
    await screen.findByRole('heading', { level: 1 });
    expect(within(row('2')).getByTestId('callout-order-as')).toHaveTextContent('Order as FP-DFT-8H25Replaces FP-DFT-6H21 (discontinued)');
    expect(within(row('1')).queryByTestId('callout-order-as')).toBeNull();
    expect(within(row('1')).getByText('Cut to fit')).toBeInTheDocument();
    expect(within(row('1')).getByRole('link', { name: 'Door gasket' })).toHaveAttribute('href', '/purchaseorder/tool-1');
    expect(within(row('3')).getByRole('button', { name: 'Add to cart: NC-0000000' })).toBeDisabled();
    expect(within(row('3')).getByTestId('callout-add-note')).toHaveTextContent('No longer sold');
  });

  it('prints a maker’s or a competitor’s number plainly beside the part, not as "Order as": only a replaced number leads to another part', async () => {
    const thermostat = {
      _id: 'thermostat',
      partNumber: 'FP-THM-CC-036',
      name: 'Mechanical Thermostat',
      price: 16.9,
      availableQuantity: 1850,
      availability: availabilityFixture(1850),
    };
    const capacitor = {
      _id: 'capacitor',
      partNumber: 'FP-CAP-15UF-370',
      name: 'Run Capacitor',
      price: 9.5,
      availableQuantity: 300,
      availability: availabilityFixture(300),
    };
    const model: ApplianceModel = {
      ...MODEL,
      modelKey: 'NSS25G5S',
      modelNumber: 'NSS-25G5S',
      sections: [
        {
          ...MODEL.sections[0]!,
          callouts: [
            callout('1', thermostat.name, {
              partNumber: 'NC-2198202',
              part: thermostat,
              orderAs: thermostat,
              resolvedFrom: { number: 'NC-2198202', kind: 'oem' },
            }),
            callout('2', capacitor.name, {
              partNumber: 'CP-15370',
              part: capacitor,
              orderAs: capacitor,
              resolvedFrom: { number: 'CP-15370', kind: 'competitor' },
            }),
          ],
        },
      ],
    };
    api.on('GET', API.model('NSS25G5S'), json(model));
    await show('/appliance-models/NSS25G5S');
    await screen.findByRole('heading', { level: 1, name: 'Nordcold NSS-25G5S' });
    expect(screen.queryByTestId('callout-order-as')).toBeNull();
    expect(within(row('1')).getByTestId('callout-listed-as')).toHaveTextContent('Maker’s number NC-2198202');
    expect(within(row('1')).getByText('FP-THM-CC-036')).toBeInTheDocument();
    expect(within(row('2')).getByTestId('callout-listed-as')).toHaveTextContent('Equivalent to CP-15370');
  });

  it('adds the current part to the cart, at least the part’s minimum order, and says so; by the number listed when it leads to another part', async () => {
    user = { uid: 'u1', email: 'casey@example.test', displayName: 'Casey', emailVerified: true };
    api
      // In no company: list prices (decision 0062).
      .on('GET', API.myCompany, json(NO_COMPANY))
      .on('GET', API.tool('defrost-timer'), json(sampleTool('defrost-timer', { minimumQuantity: 20, packSize: 1, availableQuantity: 1320 })))
      .on('GET', API.tool('tool-1'), json(sampleTool('tool-1', { minimumQuantity: 1, packSize: 1, availableQuantity: 40 })))
      .on('POST', API.cartLines, json({ ...EMPTY_CART, lineCount: 1, version: '1' }));
    await show();
    await screen.findByRole('heading', { level: 1 });
    for (const [ref, name, said] of [
      ['2', 'Defrost Timer, 8 h / 25 min', 'Added 20 (the least we sell is 20). View cart'],
      ['1', 'Door gasket', 'Added 1. View cart'],
    ] as const) {
      await userEvent.click(within(row(ref)).getByRole('button', { name: `Add to cart: ${name}` }));
      await waitFor(() => expect(within(row(ref)).getByTestId('callout-add-note')).toHaveTextContent(said));
    }
    // The discontinued number as listed, which the server resolves to the current part and keeps on
    // the line ("Ordered as FP-DFT-6H21"); a part listed by its own number by its id.
    expect(api.sent('POST', API.cartLines).map((r) => r.body)).toEqual([
      { lines: [{ partNumber: 'FP-DFT-6H21', quantity: 20 }] },
      { lines: [{ toolId: 'tool-1', quantity: 1 }] },
    ]);
    expect(api.sent('POST', API.cartLines)[0]!.headers.authorization).toBe('Bearer test-id-token');
  });

  it('sends a visitor to log in instead of adding', async () => {
    const router = await show();
    await screen.findByRole('heading', { level: 1 });
    await userEvent.click(within(row('1')).getByRole('button', { name: 'Add to cart: Door gasket' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(api.sent('POST', API.cartLines)).toHaveLength(0);
  });

  it('opens the section and the callout the address names (the tool page’s links)', async () => {
    api.on('GET', '/models/NRT18F2W/sections/machine/diagram.svg', file(SVG.replace(/Freezer door/, 'Machine'), 'image/svg+xml'));
    await show('/appliance-models/NRT18F2W?section=machine&callout=1');
    expect(await screen.findByRole('heading', { level: 2, name: 'Machine compartment' })).toBeInTheDocument();
    await waitFor(() => expect(row('1')).toHaveAttribute('aria-current', 'true'));
    await drawingReady();
    expect(
      within(screen.getByRole('group', { name: 'Drawing of Machine compartment' })).getByRole('button', { name: 'Callout 1: Compressor' }),
    ).toHaveAttribute('aria-pressed', 'true');
  });

  it('for a number no model has: says so, with the nearest models as links', async () => {
    const body: Omit<ModelNotFoundBody, 'error'> = {
      suggestions: [{ modelKey: 'NRT18F2W', modelNumber: 'NRT-18F2W', brand: 'Nordcold', applianceType: 'top-freezer-refrigerator', title: MODEL.title }],
    };
    api.on('GET', API.model('NRT18F2VV'), failure('not-found', 'There is no model NRT18F2VV', undefined, body));
    await show('/appliance-models/NRT18F2VV');
    expect(await screen.findByRole('heading', { level: 1, name: 'There is no model NRT18F2VV' })).toBeInTheDocument();
    expect(within(screen.getByTestId('model-suggestions')).getByRole('link', { name: /NRT-18F2W Nordcold/ })).toHaveAttribute(
      'href',
      '/appliance-models/NRT18F2W',
    );
  });

  it('never places a drawing that fails the import’s checks: it says so instead', async () => {
    api.on('GET', DRAWING, file(SVG.replace('</svg>', '<script>alert(1)</script></svg>'), 'image/svg+xml'));
    await show();
    expect(await screen.findByRole('alert')).toHaveTextContent('The drawing could not be shown. The drawing cannot be shown: it has a script');
    expect(document.querySelector('script')).toBeNull();
    expect(document.querySelector('[data-ref]')).toBeNull();
  });
});
