import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API } from '@fridgeparts/common/api-paths';
import type { ModelImportResponse } from '@fridgeparts/common/models/appliance-model.answers';
import { MODEL_CSV_HEADER } from '@fridgeparts/common/models/model-basics';
import { fakeApi, failure, json } from '../../../test-support/fake-api';
import { TEST_ID_TOKEN } from '../../../test-support/fake-auth-client';
import { renderSignedIn } from '../../../test-support/signed-in';
import { notify } from '../../../test-support/toast';

vi.mock('../../../lib/infra/toast', () => import('../../../test-support/toast'));

const api = fakeApi();
const { ModelImportForm } = await import('./model-import-form');

/** A file as the browser gives it (jsdom's File has no text()). */
function file(name: string, content: string): File {
  const f = new File([content], name);
  Object.defineProperty(f, 'text', { value: () => Promise.resolve(content) });
  return f;
}

const HEADER = MODEL_CSV_HEADER.join(',');
const CSV = [
  HEADER,
  'ZZ-TEST-1,Nordcold,top-freezer-refrigerator,Test model,Freezer door,1,FP-GSK-096,1,Gasket',
  'ZZ-TEST-1,Nordcold,top-freezer-refrigerator,Test model,Freezer door,2,FP-NOPE,1,',
].join('\n');
const SVG = '<svg xmlns="http://www.w3.org/2000/svg"><text data-ref="1">1</text><text data-ref="2">2</text></svg>';
const bearer = expect.objectContaining({ authorization: `Bearer ${TEST_ID_TOKEN}` });

const renderForm = () =>
  renderSignedIn(
    <main>
      <h1>Manage Appliance Models</h1>
      <ModelImportForm />
    </main>,
  );
const chooser = () => screen.getByLabelText('Files to import');
const importButton = () => screen.getByRole('button', { name: 'Import' });

describe('ModelImportForm (CONTRACT §12: the admin’s import)', () => {
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });

  it('sends a CSV and its drawings as one { csv, diagrams } body, then names the models imported, each a link to its page', async () => {
    api.on('POST', API.importModels, json<ModelImportResponse>({ imported: 1, modelKeys: ['ZZTEST1'] }, { status: 201 }));
    await renderForm();
    expect(chooser()).toHaveAccessibleDescription('One .json file, or one .csv file with its .svg drawings (choose them together).');
    await userEvent.upload(chooser(), [file('models.csv', CSV), file('ZZ-TEST-1 Freezer door.svg', SVG)]);
    await userEvent.click(importButton());

    const done = await screen.findByRole('status');
    expect(done).toHaveTextContent('Imported 1 model');
    expect(within(done).getByRole('link', { name: 'ZZ-TEST-1' })).toHaveAttribute('href', '/appliance-models/ZZTEST1');
    expect(api.sent('POST', API.importModels)).toEqual([
      expect.objectContaining({ body: { csv: CSV, diagrams: { 'ZZTEST1/Freezer door': SVG } }, headers: bearer }),
    ]);
    // The files are spent: Import again asks for files instead of sending them twice.
    expect((chooser() as HTMLInputElement).files).toHaveLength(0);
    await userEvent.click(importButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose a .json file, or a .csv file with its .svg drawings.');
    expect(api.sent('POST', API.importModels)).toHaveLength(1);
  });

  it('a refusal lists every bad line and drawing, in the file’s order, and says nothing was imported', async () => {
    api.on(
      'POST',
      API.importModels,
      failure('invalid-argument', '2 problems, the first: ... Nothing was imported: fix them and send the import again.', {
        'diagrams.ZZTEST1/Freezer door': 'The drawing has a script element',
        'lines.3': 'Line 3: there is no part FP-NOPE. The nearest: FP-GSK-096',
      }),
    );
    await renderForm();
    await userEvent.upload(chooser(), [file('models.csv', CSV), file('ZZ-TEST-1 Freezer door.svg', SVG)]);
    await userEvent.click(importButton());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Nothing was imported: 2 problems to fix, then import the files again.');
    expect(
      within(alert)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Line 3: there is no part FP-NOPE. The nearest: FP-GSK-096', 'Drawing ZZ-TEST-1 Freezer door.svg: The drawing has a script element']);
    // Shown on the page, not toasted as well.
    expect(notify.error).not.toHaveBeenCalled();
  });

  it('a JSON file goes up as { models }, and a refused model is named by its number and section', async () => {
    const models = [{ modelNumber: 'ZZ-TEST-2', sections: [{ name: 'Machine compartment', diagramSvg: SVG, callouts: [] }] }];
    api.on(
      'POST',
      API.importModels,
      failure('invalid-argument', 'A section needs at least one callout', { 'models.0.sections.0.callouts': 'A section needs at least one callout' }),
    );
    await renderForm();
    await userEvent.upload(chooser(), file('models.json', JSON.stringify({ models })));
    await userEvent.click(importButton());
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('listitem')).toHaveTextContent(
      'Model 1 (ZZ-TEST-2), section Machine compartment, callouts: A section needs at least one callout',
    );
    expect(api.sent('POST', API.importModels)).toEqual([expect.objectContaining({ body: { models } })]);
  });

  it('files it cannot send are named before anything is sent', async () => {
    await renderForm();
    await userEvent.upload(chooser(), [file('ZZ-TEST-1 Freezer door.svg', SVG)]);
    await userEvent.click(importButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('The .svg drawings go with a .csv file: choose the .csv file too.');
    expect(api.requests.filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('another failure says nothing was imported, with Try again, which sends the same import again', async () => {
    api.once('POST', API.importModels, failure('unavailable', 'The shop is busy. Please try again in a moment.'));
    await renderForm();
    await userEvent.upload(chooser(), [file('models.csv', CSV), file('Freezer door.svg', SVG)]);
    await userEvent.click(importButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Nothing was imported. The shop is busy. Please try again in a moment.');
    api.on('POST', API.importModels, json<ModelImportResponse>({ imported: 1, modelKeys: ['ZZTEST1'] }, { status: 201 }));
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Imported 1 model');
    const [first, second] = api.sent('POST', API.importModels);
    expect(second?.body).toEqual(first?.body);
    expect(first?.body).toEqual({ csv: CSV, diagrams: { 'Freezer door': SVG } });
  });

  it('shows the CSV’s columns in order, with an example', async () => {
    await renderForm();
    expect(screen.getByTestId('model-csv-header')).toHaveTextContent(HEADER);
    expect(screen.getByRole('heading', { name: 'The files' })).toBeInTheDocument();
    expect(screen.getByText(/NRT-18F2W Freezer door\.svg/)).toBeInTheDocument();
  });
});
