import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { API } from '@fridgeparts/common/api-paths';
import type { Cart } from '@fridgeparts/common/cart';
import { failure, fakeApi, json } from '../../../test-support/fake-api';
import { bookingFixture, lineFixture } from '../../../test-support/fixtures';
import { renderSignedIn } from '../../../test-support/signed-in';
import { notify } from '../../../test-support/toast';

const api = fakeApi();
vi.mock('../../../lib/infra/toast', () => import('../../../test-support/toast'));

const { ReorderButton, reorderLines } = await import('./reorder-button');

const show = (booking = bookingFixture()) =>
  renderSignedIn(
    <Routes>
      <Route path="/dashboard/myorder" element={<ReorderButton booking={booking} />} />
      <Route path="/dashboard/cart" element={<p>Cart page</p>} />
    </Routes>,
    { at: '/dashboard/myorder' },
  );

describe('ReorderButton', () => {
  afterEach(cleanup);
  beforeEach(() => {});

  it('takes every line of an order', () => {
    const lines = [
      lineFixture({
        toolId: 'gasket',
        partNumber: 'FP-GSK-1',
        name: 'Door Gasket',
        quantity: 10,
        price: 2,
        lineTotal: 20,
      }),
      lineFixture({
        toolId: 'heater',
        partNumber: null,
        name: 'Defrost Heater',
        quantity: 3,
        price: 40,
        lineTotal: 120,
      }),
    ];
    expect(reorderLines(bookingFixture({ lines }))).toEqual([
      { toolId: 'gasket', quantity: 10 },
      { toolId: 'heater', quantity: 3 },
    ]);
  });

  it("puts the order's lines into the cart and opens the cart", async () => {
    api.on('POST', API.cartLines, json<Cart>({ lines: [], lineCount: 1, total: 0, ready: true, updatedAt: null, version: '1', tax: null }));
    await show(
      bookingFixture({
        lines: [
          lineFixture({
            toolId: 'fan',
            partNumber: null,
            name: 'Door Gasket',
            quantity: 4,
            price: 12.5,
            lineTotal: 50,
          }),
        ],
      }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Reorder Door Gasket: add to cart' }));
    expect(await screen.findByText('Cart page')).toBeInTheDocument();
    expect(api.sent('POST', API.cartLines).map((r) => r.body)).toEqual([{ lines: [{ toolId: 'fan', quantity: 4 }] }]);
    expect(notify.success).toHaveBeenCalledWith('Added 1 line of order FP-2026-000001 to your cart');
  });

  it('stays on the page and says why when the cart refuses', async () => {
    api.on('POST', API.cartLines, failure('invalid-argument', 'No tool has id fan', { 'lines.0.toolId': 'No tool has id fan' }));
    await show(
      bookingFixture({
        lines: [
          lineFixture({
            toolId: 'fan',
            partNumber: null,
            name: 'Door Gasket',
            quantity: 4,
            price: 12.5,
            lineTotal: 50,
          }),
        ],
      }),
    );
    await userEvent.click(screen.getByRole('button', { name: /Reorder/ }));
    await vi.waitFor(() => expect(notify.error).toHaveBeenCalledWith('No tool has id fan'));
    expect(screen.queryByText('Cart page')).not.toBeInTheDocument();
  });
});
