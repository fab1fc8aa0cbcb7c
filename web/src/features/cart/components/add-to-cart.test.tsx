import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { API } from '@fridgeparts/common/api-paths';
import type { Cart } from '@fridgeparts/common/cart';
import type { Tool } from '@fridgeparts/common/tool';
import { MESSAGES } from '@fridgeparts/common/messages';
import { fakeApi, json } from '../../../test-support/fake-api';
import { renderRestoring, renderSignedIn, renderSignedOut } from '../../../test-support/signed-in';
import { notify } from '../../../test-support/toast';

const api = fakeApi();
vi.mock('../../../lib/infra/toast', () => import('../../../test-support/toast'));

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
const EMPTY: Cart = { lines: [], lineCount: 0, total: 0, ready: false, updatedAt: null, version: '0', tax: null };

const page = (compact: boolean) => (
  <Routes>
    <Route path="/purchaseorder" element={<AddToCart tool={tool} compact={compact} />} />
    <Route path="/login" element={<p>Login page</p>} />
    <Route path="/dashboard/cart" element={<p>Cart page</p>} />
  </Routes>
);
const show = (compact = false) => renderSignedIn(page(compact), { at: '/purchaseorder' });

describe('AddToCart', { timeout: 15_000 }, () => {
  afterEach(cleanup);
  beforeEach(() => {});

  it("starts at the tool's minimum, adds that many to the cart on the server, says so and links to the cart", async () => {
    api.on('POST', API.cartLines, json<Cart>({ ...EMPTY, lineCount: 1, version: '1' }));
    await show();
    const quantity = screen.getByLabelText('Quantity');
    expect(quantity).toHaveValue(10);
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '30');
    await userEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Added 30 x Door Gasket to your cart'));
    expect(api.requests).toEqual([expect.objectContaining({ method: 'POST', path: API.cartLines, body: { lines: [{ toolId: 'gasket', quantity: 30 }] } })]);
    expect(screen.getByTestId('add-to-cart-note')).toHaveTextContent('Added 30. View cart');
    await userEvent.click(screen.getByRole('link', { name: 'View cart' }));
    expect(screen.getByText('Cart page')).toBeInTheDocument();
  });

  it("checks the quantity with the booking modal's rules: out of range or off the pack size keeps the button disabled", async () => {
    await show();
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
    expect(api.requests).toEqual([]);
  });

  it('on a catalogue card names the tool, and sends a visitor who is not signed in to log in', async () => {
    await renderSignedOut(page(true), { at: '/purchaseorder' });
    expect(screen.getByLabelText('Quantity of Door Gasket')).toHaveValue(10);
    await userEvent.click(screen.getByRole('button', { name: 'Add to cart: Door Gasket' }));
    expect(screen.getByText('Login page')).toBeInTheDocument();
    expect(api.requests).toEqual([]);
  });

  it('waits while a stored session is being restored: a signed-in buyer is not sent to log in and nothing is lost', async () => {
    // Until Firebase Auth has restored the session, nobody reads as signed in.
    const { restore } = renderRestoring(page(true), { at: '/purchaseorder' });
    const button = screen.getByRole('button', { name: 'Add to cart: Door Gasket' });
    expect(button).toBeDisabled();
    await userEvent.click(button);
    expect(screen.queryByText('Login page')).toBeNull();
    expect(api.requests).toEqual([]);
    // Restored: the buyer adds as usual.
    restore();
    await waitFor(() => expect(button).toBeEnabled());
  });
});
