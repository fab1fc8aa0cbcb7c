import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { API } from '@fridgeparts/common/api-paths';
import type { Tool } from '@fridgeparts/common/tool';
import { MESSAGES } from '@fridgeparts/common/messages';
import { renderWithQuery } from '../../../test-support/render';

const apiFetch = vi.fn();
const toastSuccess = vi.fn();
vi.mock('../../../lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/api-client')>()),
  apiFetch: (...a: unknown[]) => apiFetch(...a),
}));
let user: { uid: string; email: string; displayName: string } | null = null;
let sessionLoading = false;
vi.mock('../../../lib/session', () => ({ useSession: () => ({ user, loading: sessionLoading }) }));
vi.mock('../../../lib/toast', () => ({ notify: { error: vi.fn(), success: (m: string) => toastSuccess(m), info: vi.fn(), dismiss: vi.fn() } }));

const { AddToCart } = await import('./add-to-cart');

const tool = {
  _id: 'gasket',
  name: 'Door Gasket',
  description: '',
  image: '',
  price: 25,
  minimumQuantity: 10,
  availableQuantity: 100,
  packSize: 10,
  partNumber: 'FP-GSK-UNI-096',
  priceBreaks: [],
} as unknown as Tool;
const EMPTY = { lines: [], lineCount: 0, total: 0, ready: false, updatedAt: null, version: '0' };

function show(compact = false) {
  return renderWithQuery(
    <MemoryRouter initialEntries={['/purchaseorder']}>
      <Routes>
        <Route path="/purchaseorder" element={<AddToCart tool={tool} compact={compact} />} />
        <Route path="/login" element={<p>Login page</p>} />
        <Route path="/dashboard/cart" element={<p>Cart page</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('AddToCart', { timeout: 15_000 }, () => {
  afterEach(cleanup);
  beforeEach(() => {
    apiFetch.mockReset();
    toastSuccess.mockReset();
    user = { uid: 'u1', email: 'casey@example.test', displayName: 'Casey' };
    sessionLoading = false;
  });

  it("starts at the tool's minimum, adds that many to the cart on the server, says so and links to the cart", async () => {
    apiFetch.mockImplementation(async (path: string, o: { method?: string; body?: unknown }) => {
      if (path === API.cartLines && o.method === 'POST') return { ...EMPTY, lineCount: 1, version: '1' };
      throw new Error(`unexpected ${o.method ?? 'GET'} ${path}`);
    });
    show();
    const quantity = screen.getByLabelText('Quantity');
    expect(quantity).toHaveValue(10);
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '30');
    await userEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith('Added 30 x Door Gasket to your cart'));
    expect(apiFetch).toHaveBeenCalledExactlyOnceWith(
      API.cartLines,
      expect.objectContaining({ method: 'POST', body: { lines: [{ toolId: 'gasket', quantity: 30 }] } }),
    );
    expect(screen.getByTestId('add-to-cart-note')).toHaveTextContent('Added 30. View cart');
    await userEvent.click(screen.getByRole('link', { name: 'View cart' }));
    expect(screen.getByText('Cart page')).toBeInTheDocument();
  });

  it("checks the quantity with the booking modal's rules: out of range or off the pack size keeps the button disabled", async () => {
    show();
    const quantity = screen.getByLabelText('Quantity');
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '101');
    expect(quantity).toHaveAttribute('aria-invalid', 'true');
    expect(quantity).toHaveAccessibleDescription(MESSAGES.quantityOutOfRange);
    expect(screen.getByRole('button', { name: 'Add to cart' })).toBeDisabled();
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '15');
    expect(quantity).toHaveAccessibleDescription('Quantity must be a multiple of the pack size (10)');
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '20');
    expect(quantity).toHaveAttribute('aria-invalid', 'false');
    expect(screen.getByRole('button', { name: 'Add to cart' })).toBeEnabled();
    expect(apiFetch).not.toHaveBeenCalled();
  });

  it('on a catalogue card names the tool, and sends a visitor who is not signed in to log in', async () => {
    user = null;
    show(true);
    expect(screen.getByLabelText('Quantity of Door Gasket')).toHaveValue(10);
    await userEvent.click(screen.getByRole('button', { name: 'Add to cart: Door Gasket' }));
    expect(screen.getByText('Login page')).toBeInTheDocument();
    expect(apiFetch).not.toHaveBeenCalled();
  });

  it('waits while a stored session is being restored: a signed-in buyer is not sent to log in and nothing is lost', async () => {
    // Until Firebase Auth has restored the session, nobody reads as signed in.
    user = null;
    sessionLoading = true;
    show(true);
    const button = screen.getByRole('button', { name: 'Add to cart: Door Gasket' });
    expect(button).toBeDisabled();
    await userEvent.click(button);
    expect(screen.queryByText('Login page')).toBeNull();
    expect(apiFetch).not.toHaveBeenCalled();
  });
});
