import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API } from '@fridgeparts/common/api-paths';
import { MESSAGES } from '@fridgeparts/common/messages';
import type { DeletedCountResponse } from '@fridgeparts/common/responses';
import type { Tool, ToolDetail } from '@fridgeparts/common/tool';
import { fakeApi, failure, held, json, page } from '../../../test-support/fake-api';
import { TEST_ID_TOKEN } from '../../../test-support/fake-auth-client';
import { renderSignedIn } from '../../../test-support/signed-in';
import { notify } from '../../../test-support/toast';
import { availabilityFixture } from '../../../test-support/availability-fixture';

vi.mock('../../../lib/infra/toast', () => import('../../../test-support/toast'));

const api = fakeApi();
const { ProductsTable } = await import('./products-table');

/** Manage All Products reads the catalogue newest first (the product just added on top). */
const LIST = `${API.tools}?sort=newest`;
const bearer = expect.objectContaining({ authorization: `Bearer ${TEST_ID_TOKEN}` });

const tool: Tool = {
  _id: 't1',
  name: 'Flaring Tool Kit',
  description: 'A kit.',
  image: '/images/tools/flaring.svg',
  price: 64.5,
  minimumQuantity: 5,
  availableQuantity: 120,
  partNumber: 'FP-TL-FLR45',
  packSize: 1,
  priceBreaks: [{ minQuantity: 25, price: 63.5 }],
  createdAt: '2026-01-01T00:00:00.000Z',
  category: null,
  specs: {},
  aliases: [],
  weight: 2.5,
  freight: false,
  leadTimeDays: 14,
  restock: [],
  coreDeposit: 0,
  taxCode: null,
  availability: availabilityFixture(120),
};

const renderTable = () =>
  renderSignedIn(
    <main>
      <h1>Manage All Products</h1>
      <ProductsTable />
    </main>,
  );

/** The product form's read of the tool: its values now and their version (CONTRACT §13). */
const tagged = (t: Tool | ToolDetail, etag: string) => json(t, { headers: { ETag: etag } });

describe('ProductsTable', () => {
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });

  it('lists each product with its part number, price and quantities, and labels every cell with its column', async () => {
    api.on('GET', LIST, page([tool]));
    await renderTable();
    const row = await screen.findByTestId('product-row');
    expect(row).toHaveTextContent('Flaring Tool Kit');
    expect(row).toHaveTextContent('FP-TL-FLR45');
    expect(row).toHaveTextContent('$64.50');
    const cells = within(row).getAllByRole('cell');
    expect(cells.map((c) => c.dataset.label)).toEqual(['#', 'Item name', 'Price', 'Minimum quantity', 'Available quantity', 'Edit', 'Cancel']);
    expect(cells[3]).toHaveTextContent('5');
    expect(cells[4]).toHaveTextContent('120');
    expect(within(row).getByRole('button', { name: 'Edit Flaring Tool Kit' })).toHaveAttribute('aria-haspopup', 'dialog');
    expect(api.requests).toEqual([expect.objectContaining({ method: 'GET', path: '/tools?sort=newest&limit=20', headers: bearer })]);
  });

  it('shows an empty state with a way to Add A Product', async () => {
    api.on('GET', LIST, page([]));
    await renderTable();
    expect(await screen.findByText('The catalogue is empty.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add A Product' })).toHaveAttribute('href', '/dashboard/addnewitem');
  });

  it('shows skeleton rows while loading, and an error with Try again', async () => {
    api.on('GET', LIST, held().answer);
    await renderTable();
    expect(screen.getByRole('table', { name: 'All products' })).toHaveAttribute('aria-busy', 'true');
    cleanup();
    api.on('GET', LIST, failure('unavailable', 'The server is not answering.'));
    await renderTable();
    expect(await screen.findByRole('alert')).toHaveTextContent('The server is not answering.');
    api.on('GET', LIST, page([tool]));
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('product-row')).toHaveTextContent('Flaring Tool Kit');
  });

  it('Edit reads the product afresh: the current values and stock, Add stock; Save sends only the changes with If-Match’s tag, says so, closes and gives focus back to Edit', async () => {
    // Orders took 25 since the list was read: the form shows the stock as it is now.
    api
      .on('GET', LIST, page([tool]))
      .on('GET', API.tool('t1'), tagged({ ...tool, availableQuantity: 95 }, '"v1"'))
      .on('PATCH', API.editTool('t1'), tagged({ ...tool, minimumQuantity: 10, availableQuantity: 125 }, '"v2"'));
    await renderTable();
    const edit = await screen.findByRole('button', { name: 'Edit Flaring Tool Kit' });
    await userEvent.click(edit);
    const dialog = await screen.findByRole('dialog', { name: 'Edit Flaring Tool Kit' });
    const price = await within(dialog).findByRole('spinbutton', { name: 'Price' });
    expect(price).toHaveValue(64.5);
    await waitFor(() => expect(price).toHaveFocus());
    // Read signed in and past the browser's cache: a cached copy's tag would be refused.
    expect(api.sent('GET', API.tool('t1'))).toEqual([expect.objectContaining({ cache: 'no-store', headers: bearer })]);
    expect(within(dialog).getByLabelText('Price breaks')).toHaveValue('25: 63.50');
    const inStock = within(dialog).getByRole('textbox', { name: 'In stock' });
    expect(inStock).toHaveValue('95');
    expect(inStock).toHaveAttribute('readonly');
    expect(within(dialog).queryByLabelText('Available quantity')).not.toBeInTheDocument();

    await userEvent.type(within(dialog).getByLabelText('Add stock'), '30');
    await userEvent.clear(within(dialog).getByLabelText('Minimum quantity'));
    await userEvent.type(within(dialog).getByLabelText('Minimum quantity'), '10');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.sent('PATCH', API.editTool('t1'))).toEqual([
      expect.objectContaining({
        body: { minimumQuantity: '10', addStock: '30' },
        headers: expect.objectContaining({ 'if-match': '"v1"', authorization: `Bearer ${TEST_ID_TOKEN}` }),
      }),
    ]);
    expect(notify.success).toHaveBeenCalledWith('Flaring Tool Kit saved');
    expect(edit).toHaveFocus();
    // The row shows what the server saved, where it stands.
    await waitFor(() => expect(within(screen.getByTestId('product-row')).getAllByRole('cell')[4]).toHaveTextContent('125'));
  });

  it('Edit shows the core deposit and tax code as read, and sends a removed deposit as 0 and a new code (decision 0088)', async () => {
    const withDeposit = { ...tool, coreDeposit: 75, taxCode: null };
    api
      .on('GET', LIST, page([withDeposit]))
      .on('GET', API.tool('t1'), tagged(withDeposit, '"v1"'))
      .on('PATCH', API.editTool('t1'), tagged({ ...tool, taxCode: 'txcd_00000000' }, '"v2"'));
    await renderTable();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Flaring Tool Kit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Flaring Tool Kit' });
    const deposit = await within(dialog).findByLabelText('Core deposit (refundable)');
    expect(deposit).toHaveValue(75);
    const code = within(dialog).getByLabelText('Tax code');
    expect(code).toHaveValue('');
    await userEvent.clear(deposit);
    await userEvent.type(code, 'txcd_00000000');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.sent('PATCH', API.editTool('t1')).map((r) => r.body)).toEqual([{ coreDeposit: '0', taxCode: 'txcd_00000000' }]);
  });

  it('a save refused because the product changed meanwhile (412) shows the current values with the message; the next save goes with the new tag', async () => {
    const message = 'This product changed while you were editing: here are the current values. Check them and save again.';
    const now = { ...tool, availableQuantity: 80, price: 70 };
    api
      .on('GET', LIST, page([tool]))
      .on('GET', API.tool('t1'), tagged(now, '"v2"'))
      .once('GET', API.tool('t1'), tagged(tool, '"v1"'))
      .on('PATCH', API.editTool('t1'), tagged({ ...now, availableQuantity: 85 }, '"v3"'))
      .once('PATCH', API.editTool('t1'), failure('precondition-failed', message, undefined, { tool: now }));
    await renderTable();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Flaring Tool Kit' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(await within(dialog).findByLabelText('Add stock'), '5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(message);
    expect(within(dialog).getByRole('textbox', { name: 'In stock' })).toHaveValue('80');
    expect(within(dialog).getByRole('spinbutton', { name: 'Price' })).toHaveValue(70);
    expect(within(dialog).getByLabelText('Add stock')).toHaveValue(null);
    expect(notify.success).not.toHaveBeenCalled();
    expect(notify.error).not.toHaveBeenCalled();

    await userEvent.type(within(dialog).getByLabelText('Add stock'), '5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.sent('PATCH', API.editTool('t1')).map((r) => [r.headers['if-match'], r.body])).toEqual([
      ['"v1"', { addStock: '5' }],
      ['"v2"', { addStock: '5' }],
    ]);
    expect(api.sent('GET', API.tool('t1'))).toHaveLength(2);
  });

  it('Edit checks the fields with the tool schema and puts the server field errors on their fields; Cancel closes without saving', async () => {
    api
      .on('GET', LIST, page([tool]))
      .on('GET', API.tool('t1'), tagged(tool, '"v1"'))
      .on(
        'PATCH',
        API.editTool('t1'),
        failure('invalid-argument', 'Check the fields', { 'priceBreaks.0.price': 'A price break must be lower than the price', addStock: 'Only 120 in stock' }),
      );
    await renderTable();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Flaring Tool Kit' }));
    const dialog = await screen.findByRole('dialog');
    const minimum = await within(dialog).findByLabelText('Minimum quantity');
    await userEvent.clear(minimum);
    await userEvent.type(within(dialog).getByLabelText('Add stock'), '2.5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(minimum).toHaveAttribute('aria-invalid', 'true'));
    expect(within(dialog).getByLabelText('Add stock')).toHaveAttribute('aria-invalid', 'true');
    expect(api.sent('PATCH', API.editTool('t1'))).toEqual([]);

    await userEvent.type(minimum, '5');
    await userEvent.clear(within(dialog).getByLabelText('Add stock'));
    await userEvent.type(within(dialog).getByLabelText('Add stock'), '-500');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const breaks = within(dialog).getByLabelText('Price breaks');
    await waitFor(() => expect(breaks).toHaveAccessibleDescription('A price break must be lower than the price'));
    expect(within(dialog).getByLabelText('Add stock')).toHaveAccessibleDescription('Only 120 in stock');
    expect(screen.getByRole('dialog')).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.sent('PATCH', API.editTool('t1'))).toHaveLength(1);
    expect(notify.success).not.toHaveBeenCalled();
  });

  it('Edit sets the category, specs, other numbers and replacement: only those go up, an emptied one as null; a server error lands on its row', async () => {
    const listed = { ...tool, category: 'gauges', specs: { length: '60' }, aliases: [{ number: 'FP-TL-FLR40', kind: 'superseded' as const }] };
    api
      .on('GET', LIST, page([listed]))
      .on('GET', API.tool('t1'), tagged({ ...listed, replacedBy: null, replaces: ['FP-TL-FLR40'] }, '"v1"'))
      .on('PATCH', API.editTool('t1'), tagged(listed, '"v2"'))
      .once('PATCH', API.editTool('t1'), failure('invalid-argument', 'Check the fields', { 'aliases.1.number': 'W10 is held by FP-X-1' }));
    await renderTable();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Flaring Tool Kit' }));
    const dialog = await screen.findByRole('dialog');
    const category = await within(dialog).findByRole('combobox', { name: 'Category' });
    expect(category).toHaveValue('gauges');
    expect(within(dialog).getByRole('textbox', { name: 'Length (in)' })).toHaveValue('60');
    const first = within(dialog).getByRole('group', { name: 'Other number 1' });
    expect(within(first).getByRole('textbox', { name: 'Number' })).toHaveValue('FP-TL-FLR40');
    expect(within(first).getByRole('combobox', { name: 'Kind' })).toHaveValue('superseded');

    await userEvent.selectOptions(category, 'Tools');
    await userEvent.clear(within(dialog).getByRole('textbox', { name: 'Length (in)' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Voltage (V)' }), '115');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add a number' }));
    const second = within(dialog).getByRole('group', { name: 'Other number 2' });
    await waitFor(() => expect(within(second).getByRole('textbox', { name: 'Number' })).toHaveFocus());
    await userEvent.type(within(second).getByRole('textbox', { name: 'Number' }), 'W10');
    await userEvent.type(within(second).getByRole('textbox', { name: 'Brand' }), 'Whirlpool');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Replaced by' }), 'fp-tl-flr50');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(second).getByRole('textbox', { name: 'Number' })).toHaveAccessibleDescription('W10 is held by FP-X-1'));
    expect(api.sent('PATCH', API.editTool('t1'))[0]?.body).toEqual({
      category: 'tools',
      specs: { voltage: '115' },
      aliases: [
        { number: 'FP-TL-FLR40', kind: 'superseded', brand: '' },
        { number: 'W10', kind: 'oem', brand: 'Whirlpool' },
      ],
      replacedBy: 'fp-tl-flr50',
    });

    // Remove leaves the cursor on Add a number; an emptied category and replacement go up as null.
    await userEvent.click(within(second).getByRole('button', { name: 'Remove other number 2' }));
    expect(within(dialog).getByRole('button', { name: 'Add a number' })).toHaveFocus();
    await userEvent.selectOptions(category, 'Not given');
    await userEvent.clear(within(dialog).getByRole('textbox', { name: 'Replaced by' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.sent('PATCH', API.editTool('t1'))[1]?.body).toEqual({ category: null, specs: { voltage: '115' } });
  });

  it('Cancel asks first, then deletes the product', async () => {
    api.on('GET', LIST, page([tool])).on('DELETE', API.deleteTool('t1'), json<DeletedCountResponse>({ deletedCount: 1 }));
    await renderTable();
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel (delete) Flaring Tool Kit' }));
    const confirm = await screen.findByRole('dialog', { name: MESSAGES.deleteConfirm });
    expect(confirm).toHaveTextContent('Flaring Tool Kit');
    expect(api.sent('DELETE', API.deleteTool('t1'))).toEqual([]);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.sent('DELETE', API.deleteTool('t1'))).toEqual([expect.objectContaining({ path: '/manage/t1', headers: bearer })]);
    expect(notify.success).toHaveBeenCalledWith('Product deleted.');
    expect(await screen.findByText('The catalogue is empty.')).toBeInTheDocument();
  });
});
