import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API } from '@fridgeparts/common/api-paths';
import type { ModelImportResponse, ModelListResponse, ModelSummary } from '@fridgeparts/common/models/appliance-model.answers';
import { MODEL_CSV_HEADER } from '@fridgeparts/common/models/model-basics';
import { fakeApi, json } from '../../test-support/fake-api';
import { renderSignedIn } from '../../test-support/signed-in';

vi.mock('../../lib/infra/toast', () => import('../../test-support/toast'));

const api = fakeApi();
const { default: ManageModelsPage } = await import('./manage-models-page');

const NRT: ModelSummary = {
  modelKey: 'NRT18F2W',
  modelNumber: 'NRT-18F2W',
  brand: 'Nordcold',
  applianceType: 'top-freezer-refrigerator',
  title: 'Nordcold top-freezer',
};
const NEW: ModelSummary = { modelKey: 'ZZTEST1', modelNumber: 'ZZ-TEST-1', brand: 'Arctica', applianceType: 'chest-freezer', title: 'Arctica chest freezer' };
const list = (models: ModelSummary[]) =>
  json<ModelListResponse>({
    models,
    cursor: null,
    brands: [...new Set(models.map((m) => m.brand))].map((brand) => ({ brand, models: models.filter((m) => m.brand === brand).length })),
  });

function file(name: string, content: string): File {
  const f = new File([content], name);
  Object.defineProperty(f, 'text', { value: () => Promise.resolve(content) });
  return f;
}

describe('Manage Appliance Models', () => {
  afterEach(cleanup);

  it('titles the page, lists the models above the import, and the list reads again after an import', async () => {
    api.on('GET', API.models(), list([NRT])).on('POST', API.importModels, async () => {
      api.on('GET', API.models(), list([NRT, NEW]));
      return json<ModelImportResponse>({ imported: 1, modelKeys: ['ZZTEST1'] }, { status: 201 });
    });
    await renderSignedIn(<ManageModelsPage />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Manage Appliance Models');
    await waitFor(() => expect(document.title).toBe('Manage Appliance Models | FridgeParts'));
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Models', 'Import models']);
    // The format guide is folded under the form (issue 43).
    expect(screen.getByRole('heading', { level: 3, name: 'The files' }).closest('details')).not.toHaveAttribute('open');
    expect(await screen.findAllByTestId('model-row')).toHaveLength(1);

    const csv = [MODEL_CSV_HEADER.join(','), 'ZZ-TEST-1,Arctica,chest-freezer,Arctica chest freezer,Lid,1,FP-GSK-096,1,'].join('\n');
    await userEvent.upload(screen.getByLabelText('Files to import'), [file('models.csv', csv), file('Lid.svg', '<svg/>')]);
    await userEvent.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Imported 1 model');
    await waitFor(() => expect(screen.getAllByTestId('model-row')).toHaveLength(2));
    const added = screen.getAllByTestId('model-row')[1]!;
    expect(within(added).getByRole('link', { name: 'ZZ-TEST-1' })).toHaveAttribute('href', '/appliance-models/ZZTEST1');
    expect(within(added).getAllByRole('cell')[2]).toHaveTextContent('Chest freezer');
  });

  it('finds models by number with the server’s search from 3 letters or digits, and lists every model again when cleared', async () => {
    api.on('GET', API.models(), list([NRT, NEW])).on('GET', API.models({ q: 'NRT18' }), list([NRT]));
    await renderSignedIn(<ManageModelsPage />);
    expect(await screen.findAllByTestId('model-row')).toHaveLength(2);
    const field = screen.getByRole('searchbox', { name: 'Find a model by its number' });
    await userEvent.type(field, 'nr');
    expect(screen.getByText('At least 3 letters or digits.')).toBeInTheDocument();
    await userEvent.type(field, 't-18');
    await waitFor(() => expect(screen.getAllByTestId('model-row')).toHaveLength(1));
    expect(screen.getByRole('link', { name: 'NRT-18F2W' })).toBeInTheDocument();
    expect(api.requests.map((r) => r.path)).toContain('/models?q=NRT18');
    await userEvent.clear(field);
    await waitFor(() => expect(screen.getAllByTestId('model-row')).toHaveLength(2));
  });
});
