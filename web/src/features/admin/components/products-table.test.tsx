import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { MESSAGES } from '@fridgeparts/common/messages';
import type { Tool } from '@fridgeparts/common/tool';
import { ApiError } from '../../../lib/api-client';
import { renderWithQuery } from '../../../test-support/render';

vi.mock('../../../lib/toast', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));
let items: Tool[] = [];
const list = {
  loading: false,
  loadingMore: false,
  error: undefined as Error | undefined,
  hasMore: false,
  loadMore: vi.fn(),
  retry: vi.fn(),
  deleteProduct: vi.fn(async () => undefined),
  editProduct: vi.fn(async () => undefined),
};
// The list is faked; the edit dialog's own read (useEditableTool) is real, over a faked network call.
vi.mock('../api/use-products', async (importOriginal) => ({ ...(await importOriginal<typeof import('../api/use-products')>()), useManagedProducts: () => ({ items, ...list }) }));
const reads: { body: Tool; etag: string }[] = [];
const apiFetchTagged = vi.fn(async (path: string, options: { auth?: boolean; fresh?: boolean }) => {
  expect(path).toBe('/tool/t1');
  expect(options).toMatchObject({ auth: true, fresh: true });
  const next = reads.shift();
  if (!next) throw new Error('no read queued');
  return next;
});
vi.mock('../../../lib/api-client', async (importOriginal) => ({ ...(await importOriginal<typeof import('../../../lib/api-client')>()), apiFetchTagged: (...a: [string, { auth?: boolean; fresh?: boolean }]) => apiFetchTagged(...a) }));

const { notify } = await import('../../../lib/toast');
const { ProductsTable } = await import('./products-table');

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
};

const renderTable = () =>
  renderWithQuery(
    <main>
      <h1>Manage All Products</h1>
      <ProductsTable />
    </main>,
    { wrapper: MemoryRouter },
  );

describe('ProductsTable', () => {
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
    reads.length = 0;
    Object.assign(list, { loading: false, loadingMore: false, error: undefined, hasMore: false });
  });

  it('lists each product with its part number, price and quantities, and labels every cell with its column', () => {
    items = [tool];
    renderTable();
    const row = screen.getByTestId('product-row');
    expect(row).toHaveTextContent('Flaring Tool Kit');
    expect(row).toHaveTextContent('FP-TL-FLR45');
    expect(row).toHaveTextContent('$64.50');
    const cells = within(row).getAllByRole('cell');
    expect(cells.map((c) => c.dataset.label)).toEqual(['#', 'Item name', 'Price', 'Minimum quantity', 'Available quantity', 'Edit', 'Cancel']);
    expect(cells[3]).toHaveTextContent('5');
    expect(cells[4]).toHaveTextContent('120');
    expect(within(row).getByRole('button', { name: 'Edit Flaring Tool Kit' })).toHaveAttribute('aria-haspopup', 'dialog');
  });

  it('shows an empty state with a way to Add A Product', () => {
    items = [];
    renderTable();
    expect(screen.getByText('The catalogue is empty.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add A Product' })).toHaveAttribute('href', '/dashboard/addnewitem');
  });

  it('shows skeleton rows while loading, and an error with Try again', async () => {
    items = [];
    list.loading = true;
    renderTable();
    expect(screen.getByRole('table', { name: 'All products' })).toHaveAttribute('aria-busy', 'true');
    cleanup();
    Object.assign(list, { loading: false, error: new Error('The server is not answering.') });
    renderTable();
    expect(screen.getByRole('alert')).toHaveTextContent('The server is not answering.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(list.retry).toHaveBeenCalledOnce();
  });

  it('Edit reads the product afresh: the current values and stock, Add stock; Save sends only the changes with If-Match’s tag, says so, closes and gives focus back to Edit', async () => {
    items = [tool];
    // Orders took 25 since the list was read: the form shows the stock as it is now.
    reads.push({ body: { ...tool, availableQuantity: 95 }, etag: '"v1"' });
    renderTable();
    const edit = screen.getByRole('button', { name: 'Edit Flaring Tool Kit' });
    await userEvent.click(edit);
    const dialog = await screen.findByRole('dialog', { name: 'Edit Flaring Tool Kit' });
    const price = await within(dialog).findByRole('spinbutton', { name: 'Price' });
    expect(price).toHaveValue(64.5);
    await waitFor(() => expect(price).toHaveFocus());
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
    expect(list.editProduct).toHaveBeenCalledWith({ tool: { ...tool, availableQuantity: 95 }, etag: '"v1"' }, { minimumQuantity: '10', addStock: '30' });
    expect(notify.success).toHaveBeenCalledWith('Flaring Tool Kit saved');
    expect(edit).toHaveFocus();
  });

  it('a save refused because the product changed meanwhile (412) shows the current values with the message; the next save goes with the new tag', async () => {
    items = [tool];
    const message = 'This product changed while you were editing: here are the current values. Check them and save again.';
    reads.push({ body: tool, etag: '"v1"' }, { body: { ...tool, availableQuantity: 80, price: 70 }, etag: '"v2"' });
    list.editProduct.mockRejectedValueOnce(new ApiError(412, 'precondition-failed', message));
    renderTable();
    await userEvent.click(screen.getByRole('button', { name: 'Edit Flaring Tool Kit' }));
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
    expect(list.editProduct).toHaveBeenLastCalledWith({ tool: { ...tool, availableQuantity: 80, price: 70 }, etag: '"v2"' }, { addStock: '5' });
    expect(apiFetchTagged).toHaveBeenCalledTimes(2);
  });

  it('Edit checks the fields with the tool schema and puts the server field errors on their fields; Cancel closes without saving', async () => {
    items = [tool];
    reads.push({ body: tool, etag: '"v1"' });
    list.editProduct.mockRejectedValueOnce(new ApiError(400, 'invalid', 'Check the fields', { 'priceBreaks.0.price': 'A price break must be lower than the price', addStock: 'Only 120 in stock' }));
    renderTable();
    await userEvent.click(screen.getByRole('button', { name: 'Edit Flaring Tool Kit' }));
    const dialog = await screen.findByRole('dialog');
    const minimum = await within(dialog).findByLabelText('Minimum quantity');
    await userEvent.clear(minimum);
    await userEvent.type(within(dialog).getByLabelText('Add stock'), '2.5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(minimum).toHaveAttribute('aria-invalid', 'true'));
    expect(within(dialog).getByLabelText('Add stock')).toHaveAttribute('aria-invalid', 'true');
    expect(list.editProduct).not.toHaveBeenCalled();

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
    expect(list.editProduct).toHaveBeenCalledOnce();
    expect(notify.success).not.toHaveBeenCalled();
  });

  it('Cancel asks first, then deletes the product', async () => {
    items = [tool];
    renderTable();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel (delete) Flaring Tool Kit' }));
    const confirm = await screen.findByRole('dialog', { name: MESSAGES.deleteConfirm });
    expect(confirm).toHaveTextContent('Flaring Tool Kit');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(list.deleteProduct).toHaveBeenCalledWith(tool);
    expect(notify.success).toHaveBeenCalledWith('Product deleted.');
  });
});
