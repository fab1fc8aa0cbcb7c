import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { API } from '@fridgeparts/common/api-paths';
import type { ToolModelEntry, ToolModelsResponse } from '@fridgeparts/common/models/appliance-model.answers';
import { fakeApi, json } from '../../../test-support/fake-api';
import { renderWithQuery } from '../../../test-support/render';
import { ToolModels } from './tool-models';

const api = fakeApi();

const entry = (modelNumber: string, sectionId: string, ref: string): ToolModelEntry => ({
  modelKey: modelNumber.replace(/[^A-Z0-9]/gi, ''),
  modelNumber,
  brand: 'Nordcold',
  sectionId,
  sectionName: sectionId === 'machine' ? 'Machine compartment' : 'Refrigeration deck',
  ref,
});

describe('ToolModels (CONTRACT §12: "Fits N models" on the tool page)', () => {
  afterEach(cleanup);

  it('says how many models list the part and lists them a page at a time, each a link to its drawing with the callout chosen', async () => {
    api
      .on('GET', API.toolModels('fan'), json<ToolModelsResponse>({ models: [entry('NRT-18F2W', 'machine', '4')], cursor: 'next' }))
      .on('GET', API.toolModels('fan', 'next'), json<ToolModelsResponse>({ models: [entry('ARC-RI1-HC', 'deck', '2')], cursor: null }));
    renderWithQuery(
      <MemoryRouter>
        <ToolModels toolId="fan" count={2} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Fits 2 models' })).toBeInTheDocument();
    const listed = await screen.findByTestId('tool-models-list');
    expect(within(listed).getByRole('link', { name: 'Nordcold NRT-18F2W' })).toHaveAttribute('href', '/appliance-models/NRT18F2W?section=machine&callout=4');
    expect(listed).toHaveTextContent('Machine compartment, callout 4');
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(listed).getAllByRole('link')).toHaveLength(2));
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('shows nothing and asks nothing for a part no model lists', () => {
    renderWithQuery(
      <MemoryRouter>
        <ToolModels toolId="fan" count={0} />
      </MemoryRouter>,
    );
    expect(screen.queryByTestId('tool-models')).toBeNull();
    expect(api.requests).toHaveLength(0);
  });
});
