import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { API } from '@fridgeparts/common/api-paths';
import { bookingFixture } from '../../../test-support/fixtures';
import { renderWithQuery } from '../../../test-support/render';

// The network, faked where the app meets it: POST /cart/lines answers (or refuses) here.
const addLines = vi.fn();
const toastSuccess = vi.fn();
const toastError = vi.fn();
vi.mock('../../../lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/api-client')>()),
  apiFetch: async (path: string, o: { method?: string; body?: unknown } = {}) => {
    if (path === API.cartLines && o.method === 'POST') return addLines(o.body);
    throw new Error(`unexpected ${o.method ?? 'GET'} ${path}`);
  },
}));
vi.mock('../../../lib/session', () => ({ useSession: () => ({ user: { uid: 'u1', email: 'casey@example.test', displayName: 'Casey' }, loading: false }) }));
vi.mock('../../../lib/toast', () => ({ notify: { error: (m: string) => toastError(m), success: (m: string) => toastSuccess(m), info: vi.fn() } }));

const { ApiError } = await import('../../../lib/api-client');
const { ReorderButton, reorderLines } = await import('./reorder-button');

function show(booking = bookingFixture()) {
  renderWithQuery(
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
    addLines.mockReset();
    toastSuccess.mockReset();
    toastError.mockReset();
  });

  it('takes every line of an order', () => {
    const lines = [
      {
        toolId: 'gasket',
        partNumber: 'FP-GSK-1',
        name: 'Door Gasket',
        quantity: 10,
        price: 2,
        lineTotal: 20,
        resolvedFrom: null,
        shippedQuantity: 0,
        returnedQuantity: 0,
        backorderedQuantity: 0,
      },
      {
        toolId: 'heater',
        partNumber: null,
        name: 'Defrost Heater',
        quantity: 3,
        price: 40,
        lineTotal: 120,
        resolvedFrom: null,
        shippedQuantity: 0,
        returnedQuantity: 0,
        backorderedQuantity: 0,
      },
    ];
    expect(reorderLines(bookingFixture({ lines }))).toEqual([
      { toolId: 'gasket', quantity: 10 },
      { toolId: 'heater', quantity: 3 },
    ]);
  });

  it("puts the order's lines into the cart and opens the cart", async () => {
    addLines.mockResolvedValueOnce({ lines: [], lineCount: 1, total: 0, ready: true, updatedAt: null, version: '1' });
    show(
      bookingFixture({
        lines: [
          {
            toolId: 'fan',
            partNumber: null,
            name: 'Door Gasket',
            quantity: 4,
            price: 12.5,
            lineTotal: 50,
            resolvedFrom: null,
            shippedQuantity: 0,
            returnedQuantity: 0,
            backorderedQuantity: 0,
          },
        ],
      }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Reorder Door Gasket: add to cart' }));
    expect(await screen.findByText('Cart page')).toBeInTheDocument();
    expect(addLines).toHaveBeenCalledExactlyOnceWith({ lines: [{ toolId: 'fan', quantity: 4 }] });
    expect(toastSuccess).toHaveBeenCalledWith('Added 1 line of order FP-2026-000001 to your cart');
  });

  it('stays on the page and says why when the cart refuses', async () => {
    addLines.mockRejectedValueOnce(new ApiError(400, 'invalid-argument', 'No tool has id fan', { 'lines.0.toolId': 'No tool has id fan' }));
    show(
      bookingFixture({
        lines: [
          {
            toolId: 'fan',
            partNumber: null,
            name: 'Door Gasket',
            quantity: 4,
            price: 12.5,
            lineTotal: 50,
            resolvedFrom: null,
            shippedQuantity: 0,
            returnedQuantity: 0,
            backorderedQuantity: 0,
          },
        ],
      }),
    );
    await userEvent.click(screen.getByRole('button', { name: /Reorder/ }));
    await vi.waitFor(() => expect(toastError).toHaveBeenCalledWith('No tool has id fan'));
    expect(screen.queryByText('Cart page')).not.toBeInTheDocument();
  });
});
