import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { API } from '@fridgeparts/common/api-paths';
import type { Booking } from '@fridgeparts/common/booking';
import type { BookingReturns } from '@fridgeparts/common/returns/returns.answers';
import { fakeApi, json } from '../../test-support/fake-api';
import { bookingFixture, lineFixture } from '../../test-support/fixtures';
import { CASEY, renderSignedIn } from '../../test-support/signed-in';
import { returnFixture } from '../../features/returns/lib/return-fixtures';

const api = fakeApi();
const { default: OrderPage } = await import('./order-page');

const order = (shipped: number): Booking =>
  bookingFixture({
    _id: 'o1',
    orderNumber: 'FP-2026-000042',
    email: CASEY.email,
    state: shipped > 0 ? 'shipped' : 'paid',
    paid: true,
    transactionId: 'pi_1',
    lines: [lineFixture({ toolId: 't', partNumber: 'FP-GSK-1', name: 'Door Gasket', quantity: 10, price: 12.5, lineTotal: 125, shippedQuantity: shipped })],
  });

function show(booking: Booking) {
  api.on('GET', API.myBooking('o1'), json<Booking>(booking)).on('GET', API.isAdmin(CASEY.email), json({ admin: false }));
  return renderSignedIn(
    <main>
      <Routes>
        <Route path="/dashboard/order/:id" element={<OrderPage />} />
      </Routes>
    </main>,
    { at: '/dashboard/order/o1' },
  );
}

describe('the order page composes the order and its returns (CONTRACT §8, §16)', () => {
  afterEach(cleanup);

  it('an order nothing of which has shipped asks for no returns', async () => {
    await show(order(0));
    expect(await screen.findByTestId('order-page-number')).toHaveTextContent('FP-2026-000042');
    await waitFor(() => expect(api.sent('GET', API.myBooking('o1'))).toHaveLength(1));
    expect(api.sent('GET', API.bookingReturns('o1'))).toHaveLength(0);
  });

  it('a shipped order shows its Returns under it, with Return parts while a line is returnable', async () => {
    api.on(
      'GET',
      API.bookingReturns('o1'),
      json<BookingReturns>({
        returns: [returnFixture()],
        returnable: [
          { lineId: '0', name: 'Door Gasket', partNumber: 'FP-GSK-1', quantity: 8, reasons: [{ reason: 'defective', until: '2027-11-03T18:00:00.000Z' }] },
        ],
      }),
    );
    await show(order(10));
    expect(await screen.findByRole('heading', { name: 'Returns' })).toBeInTheDocument();
    expect(screen.getByTestId('order-return')).toHaveTextContent('RMA-2026-000012');
    expect(screen.getByRole('button', { name: 'Return parts' })).toBeInTheDocument();
  });
});
