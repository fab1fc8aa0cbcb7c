import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API } from '@fridgeparts/common/api-paths';
import { MESSAGES } from '@fridgeparts/common/messages';
import type { ModelDeleteResponse, ModelListResponse, ModelSummary } from '@fridgeparts/common/models/appliance-model.answers';
import { fakeApi, failure, held, json } from '../../../test-support/fake-api';
import { TEST_ID_TOKEN } from '../../../test-support/fake-auth-client';
import { renderSignedIn } from '../../../test-support/signed-in';
import { notify } from '../../../test-support/toast';

vi.mock('../../../lib/infra/toast', () => import('../../../test-support/toast'));

const api = fakeApi();
const { ModelsTable } = await import('./models-table');

const model = (modelNumber: string, brand: string, applianceType: ModelSummary['applianceType'] = 'top-freezer-refrigerator'): ModelSummary => ({
  modelKey: modelNumber.replace(/[^A-Z0-9]/gi, '').toUpperCase(),
  modelNumber,
  brand,
  applianceType,
  title: `${brand} ${modelNumber} refrigerator`,
});
const ARB = model('ARB-22.4X', 'Arctica', 'bottom-freezer-refrigerator');
const NRT = model('NRT-18F2W', 'Nordcold');
const NSS = model('NSS-25G5S', 'Nordcold', 'side-by-side-refrigerator');
/** A page as GET /models answers it: the models, the cursor, and every brand with its count (the page's own here). */
const brandsOf = (models: ModelSummary[]) =>
  [...new Set(models.map((m) => m.brand))].map((brand) => ({ brand, models: models.filter((m) => m.brand === brand).length }));
const list = (models: ModelSummary[], cursor: string | null = null) => json<ModelListResponse>({ models, cursor, brands: brandsOf(models) });
const bearer = expect.objectContaining({ authorization: `Bearer ${TEST_ID_TOKEN}` });

const renderTable = () =>
  renderSignedIn(
    <main>
      <h1>Manage Appliance Models</h1>
      <ModelsTable />
    </main>,
  );

describe('ModelsTable (CONTRACT §12: the admin’s models)', () => {
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });

  it('lists each model with its brand, type and title, linked to its public page; read signed in and past the browser’s cache', async () => {
    api.on('GET', API.models(), list([ARB, NRT]));
    await renderTable();
    const rows = await screen.findAllByTestId('model-row');
    expect(rows).toHaveLength(2);
    const cells = within(rows[1]!).getAllByRole('cell');
    expect(cells.map((c) => c.dataset.label)).toEqual(['Model number', 'Brand', 'Appliance type', 'Title', 'Delete']);
    expect(within(rows[1]!).getByRole('link', { name: 'NRT-18F2W' })).toHaveAttribute('href', '/appliance-models/NRT18F2W');
    expect(cells[1]).toHaveTextContent('Nordcold');
    expect(cells[2]).toHaveTextContent('Top-freezer refrigerator');
    expect(cells[3]).toHaveTextContent('Nordcold NRT-18F2W refrigerator');
    expect(api.requests).toEqual([expect.objectContaining({ method: 'GET', path: '/models', headers: bearer, cache: 'no-store' })]);
  });

  it('pages through the models with the API’s cursor', async () => {
    api.on('GET', API.models(), list([ARB, NRT], 'next-page')).on('GET', API.models({ cursor: 'next-page' }), list([NSS]));
    await renderTable();
    expect(await screen.findAllByTestId('model-row')).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByTestId('model-row')).toHaveLength(3));
    expect(screen.getByRole('link', { name: 'NSS-25G5S' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(api.sent('GET', API.models({ cursor: 'next-page' }))).toHaveLength(1);
  });

  it('shows skeleton rows while loading, an empty state, and an error with Try again', async () => {
    api.on('GET', API.models(), held().answer);
    await renderTable();
    expect(screen.getByRole('table', { name: 'Appliance models' })).toHaveAttribute('aria-busy', 'true');
    cleanup();
    api.on('GET', API.models(), list([]));
    await renderTable();
    expect(await screen.findByText('No appliance models yet: import them below.')).toBeInTheDocument();
    cleanup();
    api.on('GET', API.models(), failure('unavailable', 'The server is not answering.'));
    await renderTable();
    expect(await screen.findByRole('alert')).toHaveTextContent('The server is not answering.');
    api.on('GET', API.models(), list([NRT]));
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('model-row')).toHaveTextContent('NRT-18F2W');
  });

  it('Delete asks first; once confirmed the model is deleted, the list reads again and says so', async () => {
    api.on('GET', API.models(), list([ARB, NRT])).on('DELETE', API.model('NRT18F2W'), json<ModelDeleteResponse>({ deleted: 'NRT18F2W' }));
    await renderTable();
    const remove = await screen.findByRole('button', { name: 'Delete model NRT-18F2W' });
    await userEvent.click(remove);
    const dialog = await screen.findByRole('dialog', { name: MESSAGES.deleteConfirm });
    expect(dialog).toHaveTextContent('Model NRT-18F2W (Nordcold), with its drawings and the parts it lists.');
    // Cancel first: nothing is sent.
    await userEvent.click(within(dialog).getByRole('button', { name: 'cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.sent('DELETE', API.model('NRT18F2W'))).toEqual([]);

    await userEvent.click(remove);
    api.on('GET', API.models(), list([ARB]));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.sent('DELETE', API.model('NRT18F2W'))).toEqual([expect.objectContaining({ headers: bearer })]);
    // The list reads again after the dialog has closed: wait for its answer, not for the dialog.
    await waitFor(() => expect(screen.getAllByTestId('model-row')).toHaveLength(1));
    expect(screen.queryByRole('link', { name: 'NRT-18F2W' })).not.toBeInTheDocument();
    expect(api.sent('GET', API.models())).toHaveLength(2);
    expect(notify.success).toHaveBeenCalledWith('Model deleted.');
  });

  it('a delete the server refuses is toasted, and the list reads again', async () => {
    api.on('GET', API.models(), list([NRT])).on('DELETE', API.model('NRT18F2W'), failure('not-found', 'There is no model NRT18F2W.'));
    await renderTable();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete model NRT-18F2W' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(notify.error).toHaveBeenCalledWith('There is no model NRT18F2W.');
    expect(notify.success).not.toHaveBeenCalled();
    await waitFor(() => expect(api.sent('GET', API.models())).toHaveLength(2));
  });
});
