import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { API } from '@fridgeparts/common/api-paths';
import type { Review } from '@fridgeparts/common/review.answers';
import type { Tool, ToolPageDetail } from '@fridgeparts/common/tool';
import type { ToolModelsResponse } from '@fridgeparts/common/models/appliance-model.answers';
import { fakeApi, json } from '../test-support/fake-api';
import { myCompanyFixture } from '../test-support/fixtures';
import type { FakeUser } from '../test-support/fake-auth-client';
import { renderSignedIn, renderSignedOut } from '../test-support/signed-in';
import { availabilityFixture } from '../test-support/availability-fixture';

// Where the page reads the tool: over REST, or live from Firestore (CONTRACT §1), whose snapshot
// is the stored document without the resolved replacement.
const source = vi.hoisted(() => ({ catalogSource: 'rest' as 'rest' | 'firestore', snapshot: null as unknown }));
vi.mock('../lib/infra/config', async (importOriginal) => {
  const { config } = await importOriginal<typeof import('../lib/infra/config')>();
  return {
    config: {
      ...config,
      get catalogSource() {
        return source.catalogSource;
      },
    },
  };
});
vi.mock('../features/catalog/api/firestore-tools', () => ({
  watchTool: (_id: string, onData: (t: unknown) => void) => {
    onData(source.snapshot);
    return () => undefined;
  },
}));
vi.mock('../features/reviews/api/firestore-reviews', () => ({
  watchReviews: (_count: number, _toolId: string, onData: (r: Review[]) => void) => {
    onData([review]);
    return () => undefined;
  },
}));

const api = fakeApi();
const { default: ToolDetailPage } = await import('./tool-detail-page');

const review: Review = {
  _id: 'r1',
  toolId: 'defrost-timer-6h',
  userName: 'Maria',
  image: '/images/reviewers/1.svg',
  review: 5,
  description: 'Fitted a hundred of these.',
  verifiedBuyer: true,
  createdAt: '2026-01-01T00:00:00.000Z',
};

const base: Tool = {
  _id: 'defrost-timer-6h',
  name: 'Defrost Timer, 6 h / 21 min',
  description: 'Old timer.',
  image: '/images/tools/defrost-timer.svg',
  price: 19.9,
  minimumQuantity: 1,
  availableQuantity: 12,
  partNumber: 'FP-DFT-6H21',
  packSize: 1,
  priceBreaks: [],
  createdAt: '2026-01-01T00:00:00.000Z',
  category: 'defrost',
  specs: {},
  aliases: [{ number: 'NC-4387100', kind: 'oem', brand: 'Nordcold' }],
  weight: 2.5,
  freight: false,
  leadTimeDays: 14,
  restock: [],
  coreDeposit: 0,
  taxCode: null,
  availability: availabilityFixture(12),
};

const discontinued: ToolPageDetail = {
  ...base,
  replacedBy: { _id: 'defrost-timer', partNumber: 'FP-DFT-8H25', name: 'Defrost Timer, 8 h / 25 min' },
  replaces: [],
  fitsModelCount: 0,
};

const current: ToolPageDetail = {
  ...base,
  _id: 'defrost-timer',
  name: 'Defrost Timer, 8 h / 25 min',
  partNumber: 'FP-DFT-8H25',
  aliases: [{ number: 'FP-DFT-8H25-OLD', kind: 'superseded' }],
  replacedBy: null,
  replaces: ['FP-DFT-6H21', 'FP-DFT-8H25-OLD'],
  fitsModelCount: 0,
};

const reviewsOf = (toolId: string) => `${API.reviews}?toolId=${toolId}`;

/** The tool's page for `user`, or for a visitor. */
const openPage = (id: string, user?: FakeUser) => {
  const page = (
    <Routes>
      <Route path="/purchaseorder/:id" element={<ToolDetailPage />} />
    </Routes>
  );
  const at = `/purchaseorder/${id}`;
  return user ? renderSignedIn(page, { user, at }) : renderSignedOut(page, { at });
};

afterEach(() => {
  cleanup();
  source.catalogSource = 'rest';
});

describe('the tool page of a discontinued tool (CONTRACT §11)', () => {
  it('says in a status note what replaces it, links there, offers neither Book Order nor Add to cart, and keeps its reviews', async () => {
    api.on('GET', API.tool('defrost-timer-6h'), json(discontinued)).on('GET', reviewsOf('defrost-timer-6h'), json([review]));
    api.on('GET', API.tool('defrost-timer'), json(current)).on('GET', reviewsOf('defrost-timer'), json([]));
    await openPage('defrost-timer-6h');

    const note = await screen.findByRole('status');
    expect(note).toHaveTextContent('Replaced by FP-DFT-8H25 Defrost Timer, 8 h / 25 min');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Defrost Timer, 6 h / 21 min');
    expect(screen.queryByRole('button', { name: 'Book Order' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Add to cart/ })).toBeNull();
    expect(await screen.findByText('Fitted a hundred of these.')).toBeInTheDocument();

    await userEvent.click(within(note).getByRole('link', { name: 'FP-DFT-8H25 Defrost Timer, 8 h / 25 min' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Defrost Timer, 8 h / 25 min' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Book Order' })).toBeInTheDocument();
  });

  it("a current tool lists what it replaces, the response's numbers and its superseded aliases each once", async () => {
    api.on('GET', API.tool('defrost-timer'), json(current)).on('GET', reviewsOf('defrost-timer'), json([]));
    await openPage('defrost-timer');

    const replaces = await screen.findByTestId('tool-replaces');
    expect([...replaces.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['FP-DFT-6H21', 'FP-DFT-8H25-OLD']);
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByRole('button', { name: 'Book Order' })).toBeInTheDocument();
  });

  it('read live from Firestore, whose document names its replacement by id only, still reads the replacement over REST', async () => {
    source.catalogSource = 'firestore';
    // What the listener gives: the stored document, its `replacedBy` the replacement's id.
    source.snapshot = { ...base, replacedBy: 'defrost-timer' };
    api.on('GET', API.tool('defrost-timer-6h'), json(discontinued));
    await openPage('defrost-timer-6h');

    expect(await screen.findByRole('status')).toHaveTextContent('Replaced by FP-DFT-8H25');
    expect(screen.queryByRole('button', { name: 'Book Order' })).toBeNull();
    expect(api.sent('GET', API.tool('defrost-timer-6h'))).toHaveLength(1);
  });

  it('names a core deposit (decision 0088) per unit, refundable; a tool without one says nothing of it', async () => {
    api.on('GET', API.tool('defrost-timer'), json({ ...current, coreDeposit: 75 })).on('GET', reviewsOf('defrost-timer'), json([]));
    await openPage('defrost-timer');
    expect(await screen.findByTestId('tool-core-deposit')).toHaveTextContent('$75.00 a unit, refunded when the old part comes back');
    cleanup();
    api.on('GET', API.tool('defrost-timer'), json(current));
    await openPage('defrost-timer');
    await screen.findByTestId('tool-minimum');
    expect(screen.queryByTestId('tool-core-deposit')).toBeNull();
  });

  it('says how many appliance models list the tool, through the numbers it replaces too, and links to each drawing (CONTRACT §12)', async () => {
    api.on('GET', API.tool('defrost-timer'), json({ ...current, fitsModelCount: 2 })).on('GET', reviewsOf('defrost-timer'), json([]));
    // Where each model lists it: the model's key and number, the section and the callout.
    const fit = (modelNumber: string, sectionId: string, ref: string) => ({
      modelKey: modelNumber.replace(/[^A-Z0-9]/g, ''),
      modelNumber,
      brand: 'Nordcold',
      sectionId,
      sectionName: sectionId.replace(/-/g, ' '),
      ref,
    });
    const answer: ToolModelsResponse = {
      models: [fit('NRT-18F2W', 'freezer-door-and-controls', '3'), fit('NSS-25 G5S', 'fresh-food-controls', '2')],
      cursor: null,
    };
    api.on('GET', API.toolModels('defrost-timer'), json(answer));
    await openPage('defrost-timer');

    const fits = await screen.findByTestId('tool-models');
    expect(within(fits).getByRole('heading', { level: 2 })).toHaveTextContent('Fits 2 models');
    expect(await within(fits).findByRole('link', { name: 'Nordcold NRT-18F2W' })).toHaveAttribute(
      'href',
      '/appliance-models/NRT18F2W?section=freezer-door-and-controls&callout=3',
    );
    expect(within(fits).getAllByRole('link')).toHaveLength(2);
  });
});

describe('the tool page for a member of a company (CONTRACT §10, decision 0062)', () => {
  it('shows their contract price in place of the list price, the list price struck, and the contract’s breaks', async () => {
    const theo: FakeUser = { uid: 'u-theo', email: 'theo@example.test', displayName: 'Theo', emailVerified: true };
    api
      .on('GET', API.tool('defrost-timer'), json(current))
      .on('GET', reviewsOf('defrost-timer'), json([]))
      .on('GET', API.cart, json({ lines: [], lineCount: 0, total: 0, ready: false, updatedAt: null, version: '0' }))
      .on('GET', API.isAdmin('theo@example.test'), json({ admin: false }))
      .on('GET', API.myCompany, json(myCompanyFixture()))
      .on('GET', API.myPrices, json({ prices: [{ toolId: 'defrost-timer', price: 17.5, priceBreaks: [{ minQuantity: 100, price: 16 }] }] }));
    await openPage('defrost-timer', theo);
    const price = await screen.findByTestId('tool-price');
    await vi.waitFor(() => expect(price).toHaveTextContent('$17.50 Your contract price , list price $19.90'));
    expect(within(price).getByTestId('list-price').tagName).toBe('S');
    const table = screen.getByRole('table', { name: 'Your contract volume prices' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['QuantityUnit price', '1 to 99$17.50', '100 or more$16.00']);
    expect(new URL(api.sent('GET', API.myPrices)[0]!.path, 'http://shop.test').searchParams.get('toolIds')).toBe('defrost-timer');
  });
});
