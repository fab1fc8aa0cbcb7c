import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API } from '@fridgeparts/common/api-paths';
import type { Booking } from '@fridgeparts/common/booking';
import { fakeApi, failure, held, page } from '../../../test-support/fake-api';
import { TEST_ID_TOKEN } from '../../../test-support/fake-auth-client';
import { bookingFixture, gasketLineFixture, relayLineFixture } from '../../../test-support/fixtures';
import { CASEY, renderSignedIn } from '../../../test-support/signed-in';

const api = fakeApi();
const { MyOrdersTable } = await import('./my-orders-table');

const base: Booking = bookingFixture();
/** The signed-in customer's own bookings (SPEC §4). */
const MINE = API.myBookings(CASEY.email);
const rows = async () => (await screen.findAllByTestId('booking-row')).map((r) => within(r));

describe('MyOrdersTable', () => {
  afterEach(cleanup);

  it('offers Pay and Cancel on an unpaid booking, and the Paid badge with the id once paid', async () => {
    api.on('GET', MINE, page([base, { ...base, _id: 'b2', paid: true, transactionId: 'pi_123', state: 'paid' }]));
    await renderSignedIn(<MyOrdersTable />);
    const [unpaid, paid] = await rows();
    expect(unpaid.getByRole('link', { name: /Pay for/ })).toHaveAttribute('href', '/dashboard/payment/b1');
    expect(unpaid.getByRole('button', { name: /Cancel booking/ })).toBeInTheDocument();
    expect(unpaid.getByText('$125.00')).toBeInTheDocument();
    expect(paid.getByText('Paid')).toBeInTheDocument();
    expect(paid.getByText('pi_123')).toBeInTheDocument();
    expect(paid.queryByRole('button', { name: /Cancel/ })).toBeNull();
    expect(paid.queryByRole('link', { name: /Pay/ })).toBeNull();
    expect(api.requests).toEqual([
      expect.objectContaining({
        method: 'GET',
        path: '/booking?email=casey%40example.test&limit=10',
        headers: expect.objectContaining({ authorization: `Bearer ${TEST_ID_TOKEN}` }),
      }),
    ]);
  });

  it('follows the lifecycle: Shipped, Refunded and Expired, none of them payable or cancellable', async () => {
    api.on(
      'GET',
      MINE,
      page([
        { ...base, _id: 'reserved', state: 'reserved' },
        { ...base, _id: 'shipped', paid: true, transactionId: 'pi_s', status: 'shipped', state: 'shipped' },
        { ...base, _id: 'refunded', paid: true, transactionId: 'pi_r', state: 'refunded' },
        { ...base, _id: 'expired', state: 'expired' },
      ]),
    );
    await renderSignedIn(<MyOrdersTable />);
    const [reserved, shipped, refunded, expired] = await rows();
    expect(reserved.getByRole('link', { name: /Pay for/ })).toHaveAttribute('href', '/dashboard/payment/reserved');
    expect(reserved.getByRole('button', { name: /Cancel booking/ })).toBeInTheDocument();

    expect(shipped.getByText('Paid')).toBeInTheDocument();
    expect(shipped.getByText('Shipped')).toBeInTheDocument();
    expect(shipped.getByTestId('transaction-id')).toHaveTextContent('pi_s');

    expect(refunded.getByText('Refunded')).toBeInTheDocument();
    expect(refunded.queryByText('Paid')).toBeNull();
    expect(refunded.getByTestId('transaction-id')).toHaveTextContent('pi_r');

    expect(expired.getByText('Released')).toBeInTheDocument();
    for (const row of [shipped, refunded, expired]) {
      expect(row.queryByRole('link', { name: /Pay/ })).toBeNull();
      expect(row.queryByRole('button', { name: /Cancel/ })).toBeNull();
    }
  });

  it('an order confirmed on account (decision 0063) shows On account and its invoice, never Pay, Paid or Cancel', async () => {
    const invoice = (status: 'pending' | 'open', url: string | null) => ({
      method: 'invoice' as const,
      invoiceId: url && 'in_1',
      number: url && 'NW-0051',
      hostedInvoiceUrl: url,
      dueDate: null,
      status,
    });
    api.on(
      'GET',
      MINE,
      page([
        { ...base, _id: 'open', orderNumber: 'FP-2026-000051', state: 'confirmed', payment: invoice('open', 'http://stripe.test/invoice/in_1') },
        { ...base, _id: 'pending', orderNumber: 'FP-2026-000052', state: 'confirmed', payment: invoice('pending', null) },
      ]),
    );
    await renderSignedIn(<MyOrdersTable />);
    const [open, pending] = await rows();
    expect(open.getByText('On account')).toBeInTheDocument();
    expect(open.getByRole('link', { name: 'Invoice of order FP-2026-000051' })).toHaveAttribute('href', 'http://stripe.test/invoice/in_1');
    expect(open.getByRole('link', { name: 'Invoice of order FP-2026-000051' })).toHaveTextContent('Invoice NW-0051');
    expect(pending.getByText('Invoice being issued')).toBeInTheDocument();
    for (const row of [open, pending]) {
      expect(row.queryByText('Paid')).toBeNull();
      expect(row.queryByRole('link', { name: /Pay/ })).toBeNull();
      expect(row.queryByRole('button', { name: /Cancel/ })).toBeNull();
    }
  });

  it('shows an empty state with a way to the catalogue', async () => {
    api.on('GET', MINE, page([]));
    await renderSignedIn(<MyOrdersTable />);
    expect(await screen.findByText('You have not booked anything yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse the catalogue' })).toHaveAttribute('href', '/purchaseorder');
  });

  it('labels every cell with its column (the phone cards show the labels) and loads more on request', async () => {
    api.on('GET', MINE, page([base], 'after-b1')).on('GET', `${MINE}&cursor=after-b1`, page([{ ...base, _id: 'b0', orderNumber: 'FP-2025-000009' }]));
    await renderSignedIn(<MyOrdersTable />);
    const [first] = await rows();
    const cells = first!.getAllByRole('cell');
    expect(cells.map((c) => c.dataset.label)).toEqual(['#', 'Order', 'Item', 'Contact', 'Address', 'Quantity', 'Total', 'Payment', 'More']);
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByTestId('booking-row')).toHaveLength(2));
    expect(screen.getAllByTestId('booking-row')[1]).toHaveTextContent('FP-2025-000009');
    expect(api.requests.map((r) => r.path)).toEqual([
      '/booking?email=casey%40example.test&limit=10',
      '/booking?email=casey%40example.test&limit=10&cursor=after-b1',
    ]);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('shows skeleton rows while loading, and an error with Try again', async () => {
    api.on('GET', MINE, held().answer);
    await renderSignedIn(<MyOrdersTable />);
    expect(await screen.findByRole('table', { name: 'My Booking Order' })).toHaveAttribute('aria-busy', 'true');
    cleanup();
    api.on('GET', MINE, failure('unavailable', 'The server is not answering.'));
    await renderSignedIn(<MyOrdersTable />);
    expect(await screen.findByRole('alert')).toHaveTextContent('The server is not answering.');
    api.on('GET', MINE, page([base]));
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('booking-row')).toHaveTextContent('FP-2026-000001');
  });

  it('lists orders (CONTRACT §8): the number opens its page, with the date, PO number, first item and line count, total and state', async () => {
    api.on(
      'GET',
      MINE,
      page([
        bookingFixture({
          _id: 'many',
          orderNumber: 'FP-2026-000042',
          poNumber: 'JOB-9',
          total: 155,
          lineCount: 2,
          lines: [gasketLineFixture(), relayLineFixture()],
        }),
        bookingFixture({ _id: 'one', orderNumber: 'FP-2026-000043', lineCount: 1 }),
      ]),
    );
    await renderSignedIn(<MyOrdersTable />);
    const [many, one] = await rows();
    expect(many.getByRole('link', { name: /FP-2026-000042/ })).toHaveAttribute('href', '/dashboard/order/many');
    expect(many.getByText('PO JOB-9')).toBeInTheDocument();
    expect(screen.getAllByTestId('booking-row')[0]!.querySelector('time')).toHaveAttribute('dateTime', '2026-01-01T00:00:00.000Z');
    expect(many.getByTestId('order-items')).toHaveTextContent('Door Gasket + 1 more line');
    expect(many.getByText('12')).toBeInTheDocument();
    expect(many.getByText('$155.00')).toBeInTheDocument();
    expect(many.getByText('Not paid')).toBeInTheDocument();
    expect(one.getByTestId('order-items')).toHaveTextContent(/^Door Gasket$/);
  });
});
