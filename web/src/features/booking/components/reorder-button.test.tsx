import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { bookingFixture } from '../../../test-support/fixtures';

const addToCart = vi.fn();
const toastSuccess = vi.fn();
const toastError = vi.fn();
vi.mock('../../../lib/use-cart', () => ({ useAddToCart: () => ({ addToCart, pending: false }) }));
vi.mock('../../../lib/toast', () => ({ notify: { error: (m: string) => toastError(m), success: (m: string) => toastSuccess(m), info: vi.fn() } }));

const { ReorderButton, reorderLines } = await import('./reorder-button');

function show(booking = bookingFixture()) {
  render(
    <MemoryRouter initialEntries={['/dashboard/myorder']}>
      <Routes>
        <Route path="/dashboard/myorder" element={<ReorderButton booking={booking} />} />
        <Route path="/dashboard/cart" element={<p>Cart page</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('ReorderButton', () => {
  afterEach(cleanup);
  beforeEach(() => {
    addToCart.mockReset();
    toastSuccess.mockReset();
    toastError.mockReset();
  });

  it("takes every line of an order, or the one line of an order written before lines", () => {
    const lines = [
      { toolId: 'gasket', partNumber: 'FP-GSK-1', name: 'Door Gasket', quantity: 10, price: 2, lineTotal: 20 },
      { toolId: 'heater', partNumber: null, name: 'Defrost Heater', quantity: 3, price: 40, lineTotal: 120 },
    ];
    expect(reorderLines(bookingFixture({ lines }))).toEqual([{ toolId: 'gasket', quantity: 10 }, { toolId: 'heater', quantity: 3 }]);
    expect(reorderLines(bookingFixture({ toolId: 'fan', quantity: 4 }))).toEqual([{ toolId: 'fan', quantity: 4 }]);
  });

  it("puts the order's lines into the cart and opens the cart", async () => {
    addToCart.mockResolvedValueOnce({});
    show(bookingFixture({ toolId: 'fan', quantity: 4 }));
    await userEvent.click(screen.getByRole('button', { name: 'Reorder Door Gasket: add to cart' }));
    expect(await screen.findByText('Cart page')).toBeInTheDocument();
    expect(addToCart).toHaveBeenCalledWith([{ toolId: 'fan', quantity: 4 }]);
    expect(toastSuccess).toHaveBeenCalledWith('Added 1 line of order FP-2026-000001 to your cart');
  });

  it('stays on the page and says why when the cart refuses', async () => {
    addToCart.mockRejectedValueOnce(new Error('No tool has id fan'));
    show(bookingFixture({ toolId: 'fan', quantity: 4 }));
    await userEvent.click(screen.getByRole('button', { name: /Reorder/ }));
    expect(toastError).toHaveBeenCalledWith('No tool has id fan');
    expect(screen.queryByText('Cart page')).not.toBeInTheDocument();
  });
});
