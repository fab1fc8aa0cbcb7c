import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { API } from '@fridgeparts/common/api-paths';
import type { Booking } from '@fridgeparts/common/booking';
import { bookingFixture } from '../../../test-support/fixtures';
import { renderWithQuery } from '../../../test-support/render';

const { ApiError, apiFetch } = vi.hoisted(() => {
  class ApiError extends Error {
    constructor(
      readonly status: number,
      readonly code: string,
      message: string,
    ) {
      super(message);
    }
  }
  return { ApiError, apiFetch: vi.fn(async (_path: string, _options?: { method?: string }): Promise<unknown> => undefined) };
});
vi.mock('../../../lib/api-client', () => ({ apiFetch, apiFetchFile: vi.fn(), saveFile: vi.fn(), ApiError }));
let signedIn = { email: 'casey@example.test' };
vi.mock('../../../lib/session', () => ({ useSession: () => ({ user: { uid: 'u1', displayName: 'Casey', ...signedIn }, loading: false }) }));
let isAdmin = false;
vi.mock('../../../lib/use-admin', () => ({ useAdmin: () => ({ admin: isAdmin, loading: false }) }));

const { OrderDetails } = await import('./order-details');

const order = (over: Partial<Booking> = {}): Booking =>
  bookingFixture({
    _id: 'o1',
    orderNumber: 'FP-2026-000042',
    poNumber: 'JOB-9',
    total: 160,
    state: 'reserved',
    lineCount: 3,
    lines: [
      { toolId: 't', partNumber: 'FP-TEST-001', name: 'Door Gasket', quantity: 10, price: 12.5, lineTotal: 125 },
      { toolId: 'r', partNumber: 'FP-RLY-1', name: 'Start Relay', quantity: 2, price: 15, lineTotal: 30 },
      { toolId: 'f', partNumber: null, name: 'Fuse', quantity: 1, price: 5, lineTotal: 5 },
    ],
    events: [{ type: 'booked', at: '2026-01-01T00:00:00.000Z' }],
    ...over,
  });

function serve(answer: Booking | Error) {
  apiFetch.mockImplementation(async (path: string) => {
    if (path === API.myBooking('o1')) {
      if (answer instanceof Error) throw answer;
      return answer;
    }
    return undefined;
  });
}

function show() {
  return renderWithQuery(
    <main>
      <OrderDetails id="o1" />
    </main>,
    { wrapper: MemoryRouter },
  );
}

describe('OrderDetails: the order page (CONTRACT §8)', () => {
  afterEach(() => {
    cleanup();
    apiFetch.mockReset();
    isAdmin = false;
    signedIn = { email: 'casey@example.test' };
  });

  it('shows the number, state, PO number, contact, every line, the total and the timeline; its owner pays from here', async () => {
    serve(order());
    show();
    expect(await screen.findByRole('heading', { level: 1, name: 'Order FP-2026-000042' })).toBeInTheDocument();
    expect(document.title).toMatch(/^Order FP-2026-000042/);
    expect(screen.getByTestId('order-state')).toHaveTextContent('Reserved, not paid');
    expect(screen.getByTestId('order-po')).toHaveTextContent('JOB-9');
    expect(screen.getByText('+1 555 010 2030')).toBeInTheDocument();
    expect(screen.getByText('1 Cold Street')).toBeInTheDocument();
    // A customer is not shown as the buyer of their own order.
    expect(screen.queryByTestId('order-buyer')).toBeNull();
    const rows = screen.getAllByTestId('order-line').map((r) => within(r));
    expect(rows).toHaveLength(3);
    expect(rows[0]!.getByText('FP-TEST-001')).toBeInTheDocument();
    expect(rows[0]!.getByText('$12.50')).toBeInTheDocument();
    expect(rows[0]!.getByText('$125.00')).toBeInTheDocument();
    expect(rows[1]!.getByText('Start Relay')).toBeInTheDocument();
    expect(rows[2]!.getByText('—')).toBeInTheDocument();
    expect(screen.getByTestId('order-total')).toHaveTextContent('Total $160.00');
    expect(screen.getByTestId('order-payment-state')).toHaveTextContent('Not paid yet');
    expect(screen.getByRole('link', { name: 'Pay $160.00' })).toHaveAttribute('href', '/dashboard/payment/o1');
    expect(screen.getByRole('button', { name: /Purchase order \(PDF\)/ })).toBeInTheDocument();
    const timeline = within(screen.getByTestId('order-timeline'));
    expect(timeline.getAllByRole('listitem')).toHaveLength(1);
    expect(timeline.getByText('Booked')).toBeInTheDocument();
    expect(screen.getByTestId('order-timeline').querySelector('time')).toHaveAttribute('dateTime', '2026-01-01T00:00:00.000Z');
    expect(screen.queryByRole('button', { name: 'Mark shipped' })).toBeNull();
  });

  it('the timeline lists each event in order, and says when a time was not recorded', async () => {
    serve(
      order({
        state: 'shipped',
        status: 'shipped',
        paid: true,
        transactionId: 'pi_42',
        events: [
          { type: 'booked', at: '2026-01-01T00:00:00.000Z' },
          { type: 'paid', at: '2026-01-01T01:00:00.000Z' },
          { type: 'shipped', at: null },
        ],
      }),
    );
    show();
    const timeline = within(await screen.findByTestId('order-timeline'));
    expect(timeline.getAllByRole('listitem').map((li) => li.getAttribute('data-event'))).toEqual(['booked', 'paid', 'shipped']);
    expect(within(timeline.getAllByRole('listitem')[2]!).getByText('time not recorded')).toBeInTheDocument();
    expect(screen.getByTestId('transaction-id')).toHaveTextContent('pi_42');
    expect(screen.getByTestId('order-payment-state')).toHaveTextContent('Paid by card');
    // Paid, so no Pay; shipped, so neither ship nor refund.
    expect(screen.queryByRole('link', { name: /Pay/ })).toBeNull();
    expect(screen.getByRole('button', { name: /Invoice \(PDF\)/ })).toBeInTheDocument();
  });

  it('an admin sees the buyer, ships a paid order, and the page shows the answer', async () => {
    isAdmin = true;
    signedIn = { email: 'admin@fridgeparts.test' };
    const paid = order({
      state: 'paid',
      paid: true,
      transactionId: 'pi_42',
      userName: 'Casey',
      events: [
        { type: 'booked', at: '2026-01-01T00:00:00.000Z' },
        { type: 'paid', at: '2026-01-01T01:00:00.000Z' },
      ],
    });
    serve(paid);
    show();
    expect(await screen.findByTestId('order-buyer')).toHaveTextContent('Casey (casey@example.test)');
    apiFetch.mockImplementation(async (path: string, options?: { method?: string }) => {
      if (path === API.markShipped('o1') && options?.method === 'PATCH') {
        return {
          ...paid,
          state: 'shipped',
          status: 'shipped',
          events: [...paid.events!, { type: 'shipped', at: '2026-01-02T00:00:00.000Z' }],
        } satisfies Booking;
      }
      return paid;
    });
    await userEvent.click(screen.getByRole('button', { name: 'Mark shipped' }));
    await waitFor(() => expect(screen.getByTestId('order-state')).toHaveTextContent('Shipped'));
    expect(
      within(screen.getByTestId('order-timeline'))
        .getAllByRole('listitem')
        .map((li) => li.getAttribute('data-event')),
    ).toEqual(['booked', 'paid', 'shipped']);
    expect(screen.queryByRole('button', { name: 'Mark shipped' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Refund' })).toBeNull();
  });

  it('an admin refunds only after confirming, naming the order and its lines', async () => {
    isAdmin = true;
    signedIn = { email: 'admin@fridgeparts.test' };
    const paid = order({ state: 'paid', paid: true, transactionId: 'pi_42' });
    serve(paid);
    show();
    await userEvent.click(await screen.findByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund this order?' });
    expect(dialog).toHaveTextContent('Order FP-2026-000042, Door Gasket + 2 more lines for casey@example.test: $160.00');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep the order' }));
    expect(apiFetch).not.toHaveBeenCalledWith(API.refundOrder('o1'), expect.anything());

    apiFetch.mockImplementation(async (path: string) => (path === API.refundOrder('o1') ? { ...paid, state: 'refunded' } : paid));
    await userEvent.click(screen.getByRole('button', { name: 'Refund' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Refund this order?' })).getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(screen.getByTestId('order-state')).toHaveTextContent('Refunded'));
    expect(apiFetch).toHaveBeenCalledWith(API.refundOrder('o1'), expect.objectContaining({ method: 'POST' }));
  });

  it("someone else's order (the server answers 404) is a clear not-found message", async () => {
    serve(new ApiError(404, 'not-found', 'There is no booking with id "o1".'));
    show();
    expect(await screen.findByText('Order not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to My Orders' })).toHaveAttribute('href', '/dashboard/myorder');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('a failed load says so with Try again, and reads again', async () => {
    serve(new Error('Network down'));
    show();
    expect(await screen.findByRole('alert')).toHaveTextContent('The order could not be loaded. Network down');
    serve(order());
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Order FP-2026-000042' })).toBeInTheDocument();
  });
});
