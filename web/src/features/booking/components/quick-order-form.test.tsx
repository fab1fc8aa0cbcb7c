import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { API } from '@fridgeparts/common/api-paths';
import type { Booking } from '@fridgeparts/common/booking';
import { bookingFixture } from '../../../test-support/fixtures';
import { renderWithQuery } from '../../../test-support/render';

const quickOrder = vi.fn();
const toastError = vi.fn();
const toastSuccess = vi.fn();
// Add to cart goes to the network, faked where the app meets it: POST /cart/lines answers here.
const addToCart = vi.fn();
// The buyer's last orders (GET /booking?email=), which the contact is prefilled from.
let lastOrders: Booking[] = [];
vi.mock('../api/use-create-booking', () => ({ useQuickOrder: () => quickOrder }));
vi.mock('../../../lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/api-client')>()),
  apiFetch: async (path: string, o: { method?: string; body?: { lines: unknown[] } } = {}) => {
    if (path === API.cartLines && o.method === 'POST') return addToCart(o.body?.lines);
    if (path.startsWith(API.myBookings('casey@example.test'))) return lastOrders;
    throw new Error(`unexpected ${o.method ?? 'GET'} ${path}`);
  },
}));
vi.mock('../../../lib/session', () => ({ useSession: () => ({ user: { uid: 'u1', email: 'casey@example.test', displayName: 'Casey' }, loading: false }) }));
vi.mock('../../../lib/toast', () => ({ notify: { error: (m: string) => toastError(m), success: (m: string) => toastSuccess(m), info: vi.fn() } }));
vi.mock('../../../lib/auth-client', () => ({ currentIdToken: vi.fn() }));

const { ApiError } = await import('../../../lib/api-client');
const { QuickOrderForm } = await import('./quick-order-form');

/** A CSV file as the browser gives it (jsdom's File has no text()). */
function csv(content: string, name = 'po.csv'): File {
  const file = new File([content], name, { type: 'text/csv' });
  Object.defineProperty(file, 'text', { value: () => Promise.resolve(content) });
  return file;
}

async function fillIn() {
  renderWithQuery(
    <MemoryRouter>
      <QuickOrderForm />
    </MemoryRouter>,
  );
  await userEvent.click(screen.getByLabelText('Lines: part number and quantity'));
  await userEvent.paste('FP-CMP-134A-033 5\nFP-THM-CC-036 25');
  await userEvent.click(screen.getByLabelText(/^Phone/));
  await userEvent.paste('555 0100');
  await userEvent.click(screen.getByLabelText(/^Address/));
  await userEvent.paste('1 Cold Street');
}

describe('QuickOrderForm', { timeout: 15_000 }, () => {
  afterEach(cleanup);
  beforeEach(() => {
    quickOrder.mockReset();
    addToCart.mockReset();
    toastError.mockReset();
    toastSuccess.mockReset();
    lastOrders = [];
  });

  it('prefills phone and address from the last order and checks them as checkout does, before sending', async () => {
    lastOrders = [bookingFixture({ phone: '+1 555 010 2030', address: '1 Cold Street' })];
    renderWithQuery(
      <MemoryRouter>
        <QuickOrderForm />
      </MemoryRouter>,
    );
    await waitFor(() => expect(screen.getByLabelText(/^Phone/)).toHaveValue('+1 555 010 2030'));
    expect(screen.getByLabelText(/^Address/)).toHaveValue('1 Cold Street');
    await userEvent.click(screen.getByLabelText('Lines: part number and quantity'));
    await userEvent.paste('FP-CMP-134A-033 5');
    await userEvent.clear(screen.getByLabelText(/^Phone/));
    await userEvent.type(screen.getByLabelText(/^Phone/), 'call me');
    await userEvent.click(screen.getByRole('button', { name: 'Book 1 line' }));
    await waitFor(() => expect(screen.getByLabelText(/^Phone/)).toHaveAccessibleDescription('Phone must be a phone number, like +1 555 010 2030'));
    expect(quickOrder).not.toHaveBeenCalled();
  });

  it("shows the server's per-line answers in the table and its phone answer on the Phone field", async () => {
    quickOrder.mockRejectedValueOnce(
      new ApiError(400, 'invalid-argument', 'Some lines cannot be booked.', {
        'lines.1.quantity': 'Only 20 available',
        phone: 'Enter a phone number we can call',
      }),
    );
    await fillIn();
    await userEvent.click(screen.getByRole('button', { name: 'Book 2 lines' }));
    const rows = await screen.findAllByTestId('quick-order-line');
    await waitFor(() => expect(within(rows[1]!).getByText('Only 20 available')).toBeInTheDocument());
    expect(within(rows[0]!).getByText('OK')).toBeInTheDocument();
    expect(screen.getByText('Enter a phone number we can call')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Phone/)).toHaveAttribute('aria-invalid', 'true');
    expect(toastError).toHaveBeenCalledWith('Some lines cannot be booked.');
    expect(quickOrder).toHaveBeenCalledWith({
      lines: [
        { partNumber: 'FP-CMP-134A-033', quantity: 5 },
        { partNumber: 'FP-THM-CC-036', quantity: 25 },
      ],
      phone: '555 0100',
      address: '1 Cold Street',
    });

    // Editing the lines clears the server's word on them.
    await userEvent.type(screen.getByLabelText('Lines: part number and quantity'), '0');
    expect(screen.queryByText('Only 20 available')).not.toBeInTheDocument();
  });

  it('books one order of every line, toasts its number and line count, and empties the lines but keeps the contact', async () => {
    quickOrder.mockResolvedValueOnce({ orderNumber: 'FP-1001', lineCount: 2 });
    await fillIn();
    await userEvent.click(screen.getByRole('button', { name: 'Book 2 lines' }));
    expect(await screen.findByTestId('quick-order-done')).toHaveTextContent('Booked: order FP-1001 with 2 lines. See it in My Orders to pay.');
    expect(toastSuccess).toHaveBeenCalledWith('Order FP-1001 booked: 2 lines');
    expect(screen.getByLabelText('Lines: part number and quantity')).toHaveValue('');
    expect(screen.getByLabelText(/^Phone/)).toHaveValue('555 0100');
  });
  it('adds the lines to the cart without a phone or address, and links to the cart', async () => {
    addToCart.mockResolvedValueOnce({ lines: [], lineCount: 2, total: 0, ready: true, updatedAt: null, version: '1' });
    renderWithQuery(
      <MemoryRouter>
        <QuickOrderForm />
      </MemoryRouter>,
    );
    await userEvent.click(screen.getByLabelText('Lines: part number and quantity'));
    await userEvent.paste('FP-CMP-134A-033 5\nFP-THM-CC-036 25');
    expect(screen.getByRole('button', { name: 'Book 2 lines' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByTestId('quick-order-carted')).toHaveTextContent('Added 2 lines to your cart. Go to the cart to check out.');
    expect(screen.getByRole('link', { name: 'Go to the cart' })).toHaveAttribute('href', '/dashboard/cart');
    expect(addToCart).toHaveBeenCalledWith([
      { partNumber: 'FP-CMP-134A-033', quantity: 5 },
      { partNumber: 'FP-THM-CC-036', quantity: 25 },
    ]);
    expect(toastSuccess).toHaveBeenCalledWith('Added 2 lines to your cart');
    expect(screen.getByLabelText('Lines: part number and quantity')).toHaveValue('');
  });

  it('marks the lines the cart refuses (an unknown part number), as booking does', async () => {
    addToCart.mockRejectedValueOnce(
      new ApiError(400, 'invalid-argument', 'Some lines can not go in the cart.', { 'lines.1.partNumber': 'No tool has part number FP-THM-CC-036' }),
    );
    renderWithQuery(
      <MemoryRouter>
        <QuickOrderForm />
      </MemoryRouter>,
    );
    await userEvent.click(screen.getByLabelText('Lines: part number and quantity'));
    await userEvent.paste('FP-CMP-134A-033 5\nFP-THM-CC-036 25');
    await userEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    const rows = await screen.findAllByTestId('quick-order-line');
    await waitFor(() => expect(within(rows[1]!).getByText('No tool has part number FP-THM-CC-036')).toBeInTheDocument());
    expect(within(rows[0]!).getByText('OK')).toBeInTheDocument();
    expect(toastError).toHaveBeenCalledWith('Some lines can not go in the cart.');
  });

  it('reads an uploaded CSV into the lines; the Upload CSV button opens the file chooser; a large file is refused', async () => {
    renderWithQuery(
      <MemoryRouter>
        <QuickOrderForm />
      </MemoryRouter>,
    );
    const input = screen.getByTestId('quick-order-file') as HTMLInputElement;
    const opened = vi.fn();
    input.addEventListener('click', opened);
    screen.getByRole('button', { name: 'Upload CSV' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(opened).toHaveBeenCalledOnce();

    await userEvent.upload(input, csv('partNumber,quantity\nFP-CMP-134A-033,5\n'));
    await waitFor(() => expect(screen.getByLabelText('Lines: part number and quantity')).toHaveValue('partNumber,quantity\nFP-CMP-134A-033,5\n'));
    expect(await screen.findAllByTestId('quick-order-line')).toHaveLength(1);
    expect(screen.getByRole('table', { name: 'Lines to book' })).toHaveTextContent('FP-CMP-134A-033');

    await userEvent.upload(input, csv('x'.repeat(64 * 1024 + 1), 'big.csv'));
    expect(toastError).toHaveBeenCalledWith('That file is too large for a quick order (at most 64 KB, 50 lines).');
    expect(screen.getByLabelText('Lines: part number and quantity')).toHaveValue('partNumber,quantity\nFP-CMP-134A-033,5\n');
  });
});
