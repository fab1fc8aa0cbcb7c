import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import type { Booking } from '@fridgeparts/common/booking';
import { bookingFixture } from '../../../test-support/fixtures';
import { renderWithQuery } from '../../../test-support/render';

let items: Booking[] = [];
const list = { loading: false, loadingMore: false, error: undefined as Error | undefined, hasMore: false, loadMore: vi.fn(), retry: vi.fn(), cancel: vi.fn() };
vi.mock('../api/use-my-bookings', () => ({
  useMyBookings: () => ({ items, ...list }),
}));

const { MyOrdersTable } = await import('./my-orders-table');

const base: Booking = bookingFixture();

describe('MyOrdersTable', () => {
  afterEach(() => {
    cleanup();
    Object.assign(list, { loading: false, loadingMore: false, error: undefined, hasMore: false });
  });

  it('offers Pay and Cancel on an unpaid booking, and the Paid badge with the id once paid', () => {
    items = [base, { ...base, _id: 'b2', paid: true, transactionId: 'pi_123', state: 'paid' }];
    renderWithQuery(<MyOrdersTable />, { wrapper: MemoryRouter });
    const [unpaid, paid] = screen.getAllByTestId('booking-row').map((r) => within(r));
    expect(unpaid.getByRole('link', { name: /Pay for/ })).toHaveAttribute('href', '/dashboard/payment/b1');
    expect(unpaid.getByRole('button', { name: /Cancel booking/ })).toBeInTheDocument();
    expect(unpaid.getByText('$125.00')).toBeInTheDocument();
    expect(paid.getByText('Paid')).toBeInTheDocument();
    expect(paid.getByText('pi_123')).toBeInTheDocument();
    expect(paid.queryByRole('button', { name: /Cancel/ })).toBeNull();
    expect(paid.queryByRole('link', { name: /Pay/ })).toBeNull();
  });

  it('follows the lifecycle: Shipped, Refunded and Expired, none of them payable or cancellable', () => {
    items = [
      { ...base, _id: 'reserved', state: 'reserved' },
      { ...base, _id: 'shipped', paid: true, transactionId: 'pi_s', status: 'shipped', state: 'shipped' },
      { ...base, _id: 'refunded', paid: true, transactionId: 'pi_r', state: 'refunded' },
      { ...base, _id: 'expired', state: 'expired' },
    ];
    renderWithQuery(<MyOrdersTable />, { wrapper: MemoryRouter });
    const [reserved, shipped, refunded, expired] = screen.getAllByTestId('booking-row').map((r) => within(r));
    expect(reserved.getByRole('link', { name: /Pay for/ })).toHaveAttribute('href', '/dashboard/payment/reserved');
    expect(reserved.getByRole('button', { name: /Cancel booking/ })).toBeInTheDocument();

    expect(shipped.getByText('Paid')).toBeInTheDocument();
    expect(shipped.getByText('Shipped')).toBeInTheDocument();
    expect(shipped.getByTestId('transaction-id')).toHaveTextContent('pi_s');

    expect(refunded.getByText('Refunded')).toBeInTheDocument();
    expect(refunded.queryByText('Paid')).toBeNull();
    expect(refunded.getByTestId('transaction-id')).toHaveTextContent('pi_r');

    expect(expired.getByText('Expired')).toBeInTheDocument();
    for (const row of [shipped, refunded, expired]) {
      expect(row.queryByRole('link', { name: /Pay/ })).toBeNull();
      expect(row.queryByRole('button', { name: /Cancel/ })).toBeNull();
    }
  });

  it('shows an empty state with a way to the catalogue', () => {
    items = [];
    renderWithQuery(<MyOrdersTable />, { wrapper: MemoryRouter });
    expect(screen.getByRole('link', { name: 'Browse the catalogue' })).toHaveAttribute('href', '/purchaseorder');
  });

  it('labels every cell with its column (the phone cards show the labels) and loads more on request', async () => {
    items = [base];
    list.hasMore = true;
    renderWithQuery(<MyOrdersTable />, { wrapper: MemoryRouter });
    const cells = within(screen.getByTestId('booking-row')).getAllByRole('cell');
    expect(cells.map((c) => c.dataset.label)).toEqual(['#', 'Order', 'Item', 'Name', 'Email', 'Phone', 'Address', 'Quantity', 'Total', 'Payment', 'Cancel', 'More']);
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(list.loadMore).toHaveBeenCalledOnce();
  });

  it('shows skeleton rows while loading, and an error with Try again', async () => {
    items = [];
    list.loading = true;
    renderWithQuery(<MyOrdersTable />, { wrapper: MemoryRouter });
    expect(screen.getByRole('table', { name: 'My Booking Order' })).toHaveAttribute('aria-busy', 'true');
    cleanup();
    Object.assign(list, { loading: false, error: new Error('The server is not answering.') });
    renderWithQuery(<MyOrdersTable />, { wrapper: MemoryRouter });
    expect(screen.getByRole('alert')).toHaveTextContent('The server is not answering.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(list.retry).toHaveBeenCalledOnce();
  });

  it('lists orders (CONTRACT §8): the number opens its page, with the date, PO number, first item and line count, total and state', () => {
    items = [
      bookingFixture({
        _id: 'many',
        orderNumber: 'FP-2026-000042',
        poNumber: 'JOB-9',
        total: 155,
        lineCount: 2,
        lines: [
          { toolId: 't', partNumber: 'FP-TEST-001', name: 'Door Gasket', quantity: 10, price: 12.5, lineTotal: 125 },
          { toolId: 'r', partNumber: 'FP-RLY-1', name: 'Start Relay', quantity: 2, price: 15, lineTotal: 30 },
        ],
      }),
      bookingFixture({ _id: 'one', orderNumber: 'FP-2026-000043', lineCount: 1 }),
    ];
    renderWithQuery(<MyOrdersTable />, { wrapper: MemoryRouter });
    const [many, one] = screen.getAllByTestId('booking-row').map((r) => within(r));
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
