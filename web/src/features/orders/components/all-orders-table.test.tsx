import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Booking } from '@fridgeparts/common/booking';

const markShipped = vi.fn(async () => undefined);
const deleteOrder = vi.fn(async () => undefined);
let items: Booking[] = [];
vi.mock('../api/use-all-orders', () => ({
  useAllOrders: () => ({
    items,
    loading: false,
    loadingMore: false,
    error: undefined,
    hasMore: false,
    loadMore: vi.fn(),
    reload: vi.fn(),
    remove: vi.fn(),
    update: vi.fn(),
    markShipped,
    deleteOrder,
  }),
}));

const { AllOrdersTable } = await import('./all-orders-table');

const base: Booking = {
  _id: 'b',
  toolId: 't',
  userName: 'Casey',
  email: 'casey@example.test',
  name: 'Door Gasket',
  phone: '+1 555 010 2030',
  address: '1 Cold Street',
  price: 12.5,
  quantity: 10,
  total: 125,
  itemMinimumQuantity: 10,
  itemAvailableQuantity: 40,
  paid: false,
  transactionId: null,
  status: null,
  createdAt: '2026-01-01T00:00:00.000Z',
};

function rowOf(id: string) {
  return within(screen.getAllByTestId('order-row')[Number(id)]);
}

describe('AllOrdersTable paid and shipping columns (SPEC §4)', () => {
  afterEach(cleanup);

  it('shows each state exactly as the spec says', () => {
    items = [
      { ...base, _id: 'unpaid' },
      { ...base, _id: 'paid-no-tx', paid: true },
      { ...base, _id: 'paid', paid: true, transactionId: 'pi_1' },
      { ...base, _id: 'shipped', paid: true, transactionId: 'pi_2', status: 'shipped' },
    ];
    render(<AllOrdersTable />);
    // unpaid: plain UnPaid label, Cancel
    expect(rowOf('0').getByText('UnPaid').closest('button')).toBeNull();
    expect(rowOf('0').getByRole('button', { name: /Cancel order/ })).toBeInTheDocument();
    expect(rowOf('0').getByText('$12.50')).toBeInTheDocument();
    // paid without a transaction id: clickable UnPaid, Pending
    expect(rowOf('1').getByRole('button', { name: /UnPaid/ })).toBeInTheDocument();
    expect(rowOf('1').getByRole('button', { name: /Pending/ })).toBeInTheDocument();
    // paid: Paid, Pending
    expect(rowOf('2').getByText('Paid')).toBeInTheDocument();
    expect(rowOf('2').getByRole('button', { name: /Pending/ })).toBeInTheDocument();
    expect(rowOf('2').queryByRole('button', { name: /Cancel/ })).toBeNull();
    // shipped
    expect(rowOf('3').getByText('Shipped')).toBeInTheDocument();
    expect(rowOf('3').queryByRole('button')).toBeNull();
  });

  it('Pending marks shipped; Cancel deletes only after the confirmation', async () => {
    items = [
      { ...base, _id: 'unpaid' },
      { ...base, _id: 'paid', paid: true, transactionId: 'pi_1' },
    ];
    render(<AllOrdersTable />);
    await userEvent.click(rowOf('1').getByRole('button', { name: /Pending/ }));
    expect(markShipped).toHaveBeenCalledWith(expect.objectContaining({ _id: 'paid' }));
    await userEvent.click(rowOf('0').getByRole('button', { name: /Cancel order/ }));
    expect(deleteOrder).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(deleteOrder).toHaveBeenCalledWith(expect.objectContaining({ _id: 'unpaid' }));
  });
});
