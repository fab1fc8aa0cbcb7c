import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API } from '@fridgeparts/common/api-paths';
import type { CompanyContractPrice } from '@fridgeparts/common/contract-prices.answers';
import { sampleTool } from '@fridgeparts/common/testing/sample-tool';
import { failure, fakeApi, json, page } from '../../../test-support/fake-api';
import { searchAnswer } from '../../../test-support/fake-search';
import { renderSignedIn } from '../../../test-support/signed-in';
import { notify } from '../../../test-support/toast';

vi.mock('../../../lib/infra/toast', () => import('../../../test-support/toast'));

const api = fakeApi();
const { CompanyPrices } = await import('./company-prices');

const THERMOSTAT = sampleTool('thermostat', { name: 'Cold Control Thermostat', partNumber: 'FP-THM-CC-036', price: 16.9 });
const GASKET = sampleTool('gasket', { name: 'Door Gasket', partNumber: 'FP-GSK-UNI-096', price: 24.75 });
const at = '2026-11-27T10:00:00.000Z';
const PRICE: CompanyContractPrice = { toolId: 'thermostat', price: 14.25, priceBreaks: [{ minQuantity: 100, price: 13.5 }], createdAt: at, updatedAt: at };

const show = () => renderSignedIn(<CompanyPrices companyId="c1" companyName="Northwind" />);
const rows = () => screen.getAllByTestId('company-price-row');

describe('CompanyPrices (CONTRACT §10: the shop admin’s contract prices)', () => {
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });

  it('lists each price with its tool’s part number, name and list price, and says when there are none', async () => {
    api.on('GET', API.companyPrices('c1'), page([PRICE])).on('GET', API.tool('thermostat'), json(THERMOSTAT));
    await show();
    await waitFor(() => expect(within(rows()[0]!).getByText('FP-THM-CC-036')).toBeInTheDocument());
    const row = rows()[0]!;
    expect(within(row).getByRole('link', { name: 'Cold Control Thermostat' })).toHaveAttribute('href', '/purchaseorder/thermostat');
    expect(row).toHaveTextContent('$16.90');
    expect(within(row).getByTestId('company-price')).toHaveTextContent('$14.25');
    expect(row).toHaveTextContent('100+: $13.50');
    cleanup();

    api.on('GET', API.companyPrices('c1'), page([]));
    await show();
    expect(await screen.findByText(/No contract prices yet/)).toBeInTheDocument();
  });

  it('adds a price for a tool found by its number: the form checks it, the server’s message sits at its field', async () => {
    api
      .on('GET', API.companyPrices('c1'), page([]))
      .on('GET', API.search, searchAnswer([GASKET, THERMOSTAT]))
      .on('PUT', API.companyPrice('c1', 'gasket'), failure('invalid-argument', 'Check the form', { priceBreaks: 'Price breaks must fall in price' }));
    await show();
    await userEvent.type(screen.getByLabelText('Part number or name'), 'FP-GSK');
    const hit = (await screen.findAllByTestId('price-tool-hit')).find((h) => h.textContent?.includes('FP-GSK-UNI-096'))!;
    await userEvent.click(within(hit).getByRole('button', { name: 'Set a contract price for FP-GSK-UNI-096 Door Gasket' }));
    const dialog = await screen.findByRole('dialog', { name: 'New contract price' });
    expect(dialog).toHaveTextContent('List price $24.75');
    await userEvent.type(within(dialog).getByLabelText(/Contract price \(USD\)/), '0');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(dialog).getByLabelText(/Contract price \(USD\)/)).toHaveAttribute('aria-invalid', 'true'));
    expect(api.sent('PUT', API.companyPrice('c1', 'gasket'))).toHaveLength(0);

    await userEvent.clear(within(dialog).getByLabelText(/Contract price \(USD\)/));
    await userEvent.type(within(dialog).getByLabelText(/Contract price \(USD\)/), '21.00');
    await userEvent.type(within(dialog).getByLabelText(/Contract price breaks/), '100: 20.00');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(dialog).getByText('Price breaks must fall in price')).toBeInTheDocument());
    expect(api.sent('PUT', API.companyPrice('c1', 'gasket'))[0]!.body).toEqual({ price: '21.00', priceBreaks: '100: 20.00' });

    api.on('PUT', API.companyPrice('c1', 'gasket'), json({ toolId: 'gasket', price: 21, priceBreaks: [], createdAt: at, updatedAt: at }, { status: 201 }));
    api.on('GET', API.companyPrices('c1'), page([{ toolId: 'gasket', price: 21, priceBreaks: [], createdAt: at, updatedAt: at }]));
    api.on('GET', API.tool('gasket'), json(GASKET));
    await userEvent.clear(within(dialog).getByLabelText(/Contract price breaks/));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(notify.success).toHaveBeenCalledWith('Contract price of FP-GSK-UNI-096 Door Gasket saved for Northwind.');
    await waitFor(() => expect(within(rows()[0]!).getByTestId('company-price')).toHaveTextContent('$21.00'));
  });

  it('edits a price from its values, and deletes one only after confirmation', async () => {
    api
      .on('GET', API.companyPrices('c1'), page([PRICE]))
      .on('GET', API.tool('thermostat'), json(THERMOSTAT))
      .on('PUT', API.companyPrice('c1', 'thermostat'), json({ ...PRICE, price: 14 }))
      .on('DELETE', API.companyPrice('c1', 'thermostat'), json({ deletedCount: 1 }));
    await show();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit the contract price of FP-THM-CC-036 Cold Control Thermostat' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit contract price' });
    expect(within(dialog).getByLabelText(/Contract price \(USD\)/)).toHaveValue('14.25');
    expect(within(dialog).getByLabelText(/Contract price breaks/)).toHaveValue('100: 13.50');
    await userEvent.clear(within(dialog).getByLabelText(/Contract price \(USD\)/));
    await userEvent.type(within(dialog).getByLabelText(/Contract price \(USD\)/), '14');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.sent('PUT', API.companyPrice('c1', 'thermostat'))[0]!.body).toEqual({ price: '14', priceBreaks: '100: 13.50' });

    await userEvent.click(screen.getByRole('button', { name: 'Delete the contract price of FP-THM-CC-036 Cold Control Thermostat' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this contract price?' });
    expect(api.sent('DELETE', API.companyPrice('c1', 'thermostat'))).toHaveLength(0);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.sent('DELETE', API.companyPrice('c1', 'thermostat'))).toHaveLength(1));
  });
});
