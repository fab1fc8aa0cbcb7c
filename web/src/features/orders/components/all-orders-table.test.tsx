import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import userEvent from '@testing-library/user-event';
import { API } from '@fridgeparts/common/api-paths';
import type { Booking } from '@fridgeparts/common/booking';
import type { DeletedCountResponse } from '@fridgeparts/common/responses';
import { fakeApi, json, page } from '../../../test-support/fake-api';
import { TEST_ID_TOKEN } from '../../../test-support/fake-auth-client';
import { bookingFixture, lineFixture, manyLineBookingFixture } from '../../../test-support/fixtures';
import { renderSignedIn } from '../../../test-support/signed-in';

const api = fakeApi();
const { AllOrdersTable } = await import('./all-orders-table');

/** Every order, unfiltered (GET /bookingOrder), and the table once its rows are there. */
const ALL = API.filteredOrders({});
async function renderTable(items: Booking[], ui: ReactElement = <AllOrdersTable />) {
  api.on('GET', ALL, page(items));
  await renderSignedIn(ui);
  await screen.findAllByTestId('order-row');
}

/** The row's action buttons, leaving out the order's PDF, which every row offers. */
const actionButtons = (row: ReturnType<typeof within>) => row.queryAllByRole('button').filter((b: HTMLElement) => !/PDF/.test(b.textContent ?? ''));

const base: Booking = bookingFixture({ _id: 'b' });

function rowOf(id: string) {
  return within(screen.getAllByTestId('order-row')[Number(id)]);
}

describe('AllOrdersTable paid and shipping columns (SPEC §4)', () => {
  afterEach(cleanup);

  it('shows each state exactly as the spec says', async () => {
    await renderTable([
      { ...base, _id: 'unpaid' },
      // The state as the server derives it from these flags (the table decides from state).
      { ...base, _id: 'paid-no-tx', paid: true, state: 'paid' },
      { ...base, _id: 'paid', paid: true, transactionId: 'pi_1', state: 'paid' },
      { ...base, _id: 'shipped', paid: true, transactionId: 'pi_2', status: 'shipped', state: 'shipped' },
    ]);
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
    expect(actionButtons(rowOf('3'))).toEqual([]);
  });

  it('Pending marks shipped; Cancel deletes only after the confirmation', async () => {
    api
      .on('PATCH', API.markShipped('paid'), json<Booking>({ ...base, _id: 'paid', paid: true, transactionId: 'pi_1', status: 'shipped', state: 'shipped' }))
      .on('DELETE', API.deleteOrder('unpaid'), json<DeletedCountResponse>({ deletedCount: 1 }));
    await renderTable([
      { ...base, _id: 'unpaid' },
      { ...base, _id: 'paid', paid: true, transactionId: 'pi_1', state: 'paid' },
    ]);
    await userEvent.click(rowOf('1').getByRole('button', { name: /Pending/ }));
    await waitFor(() => expect(rowOf('1').getByText('Shipped')).toBeInTheDocument());
    expect(api.sent('PATCH', API.markShipped('paid'))).toEqual([
      expect.objectContaining({ body: { status: 'shipped' }, headers: expect.objectContaining({ authorization: `Bearer ${TEST_ID_TOKEN}` }) }),
    ]);
    await userEvent.click(rowOf('0').getByRole('button', { name: /Cancel order/ }));
    await screen.findByRole('dialog');
    expect(api.sent('DELETE', API.deleteOrder('unpaid'))).toEqual([]);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getAllByTestId('order-row')).toHaveLength(1));
    expect(api.sent('DELETE', API.deleteOrder('unpaid'))).toHaveLength(1);
  });

  it('the lifecycle: Paid with its transaction id, Refund only for paid unshipped orders, Refunded and Expired without actions', async () => {
    await renderTable([
      { ...base, _id: 'paid', paid: true, transactionId: 'pi_paid', state: 'paid' },
      { ...base, _id: 'shipped', paid: true, transactionId: 'pi_shipped', status: 'shipped', state: 'shipped' },
      { ...base, _id: 'refunded', paid: true, transactionId: 'pi_refunded', state: 'refunded' },
      { ...base, _id: 'expired', state: 'expired' },
      { ...base, _id: 'paid-no-tx', paid: true, state: 'paid' },
      { ...base, _id: 'reserved', state: 'reserved' },
    ]);
    expect(rowOf('0').getByText('Paid')).toBeInTheDocument();
    expect(rowOf('0').getByTestId('transaction-id')).toHaveTextContent('pi_paid');
    expect(rowOf('0').getByRole('button', { name: /Pending/ })).toBeInTheDocument();
    expect(rowOf('0').getByRole('button', { name: /Refund Door Gasket/ })).toBeInTheDocument();
    // Shipped: no refund from here.
    expect(rowOf('1').getByText('Shipped')).toBeInTheDocument();
    expect(rowOf('1').getByTestId('transaction-id')).toHaveTextContent('pi_shipped');
    expect(actionButtons(rowOf('1'))).toEqual([]);
    // Refunded and expired: nothing left to do.
    expect(rowOf('2').getByText('Refunded')).toBeInTheDocument();
    expect(rowOf('2').getByTestId('transaction-id')).toHaveTextContent('pi_refunded');
    expect(rowOf('2').queryByText('Paid')).toBeNull();
    expect(actionButtons(rowOf('2'))).toEqual([]);
    expect(rowOf('3').getByText('Released')).toBeInTheDocument();
    expect(actionButtons(rowOf('3'))).toEqual([]);
    // Paid without a recorded payment: nothing to refund through the provider.
    expect(rowOf('4').queryByRole('button', { name: /Refund/ })).toBeNull();
    // A reservation: UnPaid and Cancel, as before.
    expect(rowOf('5').getByText('UnPaid')).toBeInTheDocument();
    expect(rowOf('5').getByRole('button', { name: /Cancel order/ })).toBeInTheDocument();
    expect(rowOf('5').queryByRole('button', { name: /Refund/ })).toBeNull();
  });

  it('Refund asks first: keeping the order changes nothing, confirming refunds that order', async () => {
    api.on('POST', API.refundOrder('paid'), json<Booking>({ ...base, _id: 'paid', paid: true, transactionId: 'pi_paid', state: 'refunded' }));
    await renderTable([{ ...base, _id: 'paid', paid: true, transactionId: 'pi_paid', state: 'paid' }]);
    await userEvent.click(rowOf('0').getByRole('button', { name: /Refund/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund this order?' });
    expect(dialog).toHaveTextContent('Door Gasket for casey@example.test, quantity 10: $125.00');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep the order' }));
    expect(api.sent('POST', API.refundOrder('paid'))).toEqual([]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await userEvent.click(rowOf('0').getByRole('button', { name: /Refund/ }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Refund this order?' })).getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(rowOf('0').getByText('Refunded')).toBeInTheDocument());
    expect(api.sent('POST', API.refundOrder('paid'))).toEqual([
      expect.objectContaining({ path: '/bookingOrder/paid/refund', headers: expect.objectContaining({ authorization: `Bearer ${TEST_ID_TOKEN}` }) }),
    ]);
  });

  it('the refund confirmation takes the focus to Keep the order, gives it back to Refund when kept, and to the heading after a refund', async () => {
    api.on('POST', API.refundOrder('paid'), json<Booking>({ ...base, _id: 'paid', paid: true, transactionId: 'pi_paid', state: 'refunded' }));
    await renderTable(
      [{ ...base, _id: 'paid', paid: true, transactionId: 'pi_paid', state: 'paid' }],
      <main>
        <h1>Manage All Orders</h1>
        <AllOrdersTable />
      </main>,
    );
    const refundButton = rowOf('0').getByRole('button', { name: /Refund/ });
    await userEvent.click(refundButton);
    expect(within(await screen.findByRole('dialog', { name: 'Refund this order?' })).getByRole('button', { name: 'Keep the order' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.sent('POST', API.refundOrder('paid'))).toEqual([]);
    expect(refundButton).toHaveFocus();

    await userEvent.click(refundButton);
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Refund this order?' })).getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.sent('POST', API.refundOrder('paid'))).toHaveLength(1);
    expect(screen.getByRole('heading', { name: 'Manage All Orders' })).toHaveFocus();
  });

  it('lists orders (CONTRACT §8): the number opens its page, the first item and line count, every unit, no single price for many lines', async () => {
    await renderTable([manyLineBookingFixture({ _id: 'many' })]);
    const row = rowOf('0');
    expect(row.getByRole('link', { name: /FP-2026-000042/ })).toHaveAttribute('href', '/dashboard/order/many');
    expect(row.getByText('PO JOB-9')).toBeInTheDocument();
    expect(row.getByTestId('order-items')).toHaveTextContent('Door Gasket + 2 more lines');
    expect(row.getByText('13')).toBeInTheDocument();
    expect(row.getByText('$160.00')).toBeInTheDocument();
    expect(row.queryByText('$12.50')).toBeNull();
    // Minimum and available describe one tool: for many lines they are per line, on the order page.
    expect(row.getAllByTestId('per-line')).toHaveLength(2);
    for (const cell of row.getAllByTestId('per-line')) expect(cell).toHaveTextContent('— (per line, on the order page)');
    expect(row.queryByText('10')).toBeNull();
    expect(row.queryByText('40')).toBeNull();
  });

  it("a one-line order shows its item's price, minimum and stock", async () => {
    await renderTable([bookingFixture({ _id: 'one', price: 12.5, itemMinimumQuantity: 7, itemAvailableQuantity: 41, lineCount: 1 })]);
    const row = rowOf('0');
    expect(row.getByText('$12.50')).toBeInTheDocument();
    // Minimum and stock share a column (issue 43: the table fits at 1280 px).
    expect(row.getByText('7 / 41')).toBeInTheDocument();
    expect(row.queryByTestId('per-line')).toBeNull();
  });
});

describe('AllOrdersTable: orders on account (decision 0066)', () => {
  afterEach(cleanup);

  const onAccount = (over: Partial<Booking> = {}): Booking => ({
    ...base,
    _id: 'acct',
    orderNumber: 'FP-2026-000077',
    state: 'confirmed',
    companyId: 'c1',
    payment: { method: 'invoice', invoiceId: 'in_7', number: 'NW-0007', hostedInvoiceUrl: 'https://invoice.test/in_7', dueDate: null, status: 'open' },
    ...over,
  });

  it('offers Ship and Void invoice for a confirmed order, never Cancel (the server refuses it); Cancel stays for an order waiting for approval', async () => {
    await renderTable([
      onAccount(),
      onAccount({ _id: 'issuing', payment: { ...onAccount().payment!, invoiceId: null, number: null, status: 'pending' } }),
      { ...base, _id: 'waiting', state: 'awaiting-approval' },
    ]);
    expect(rowOf('0').getByText('On account')).toBeInTheDocument();
    expect(actionButtons(rowOf('0')).map((b: HTMLElement) => b.textContent)).toEqual(['Ship', 'Void invoice']);
    // An invoice still being issued can not be voided yet; it ships.
    expect(actionButtons(rowOf('1')).map((b: HTMLElement) => b.textContent)).toEqual(['Ship']);
    expect(rowOf('2').getByRole('button', { name: /Cancel order/ })).toBeInTheDocument();
  });

  it('Void invoice asks first, naming the order and its invoice; confirmed, it voids and the row shows the order released', async () => {
    api.on('POST', API.voidInvoice('acct'), json<Booking>(onAccount({ state: 'expired', payment: { ...onAccount().payment!, status: 'void' } })));
    await renderTable([onAccount()]);
    await userEvent.click(rowOf('0').getByRole('button', { name: /Void invoice of order FP-2026-000077/ }));
    const dialog = await screen.findByRole('dialog', { name: "Void this order's invoice?" });
    expect(dialog).toHaveTextContent('Order FP-2026-000077 for casey@example.test');
    expect(dialog).toHaveTextContent('invoice NW-0007 is voided at Stripe');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep the invoice' }));
    expect(api.sent('POST', API.voidInvoice('acct'))).toEqual([]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await userEvent.click(rowOf('0').getByRole('button', { name: /Void invoice/ }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Void invoice' }));
    await waitFor(() => expect(rowOf('0').getByText('Released')).toBeInTheDocument());
    expect(api.sent('POST', API.voidInvoice('acct'))).toHaveLength(1);
    expect(actionButtons(rowOf('0'))).toEqual([]);
  });

  it('Ship marks a confirmed order shipped', async () => {
    api.on('PATCH', API.markShipped('acct'), json<Booking>(onAccount({ state: 'shipped', status: 'shipped' })));
    await renderTable([onAccount()]);
    await userEvent.click(rowOf('0').getByRole('button', { name: /Ship: mark/ }));
    await waitFor(() => expect(rowOf('0').getByText('Shipped')).toBeInTheDocument());
    expect(api.sent('PATCH', API.markShipped('acct'))).toHaveLength(1);
  });

  it('says how much of each order has shipped (CONTRACT §14), and a partly shipped order ships its rest', async () => {
    const lines = [
      lineFixture({ toolId: 'a', partNumber: 'FP-A', name: 'Door Gasket', quantity: 4, price: 10, lineTotal: 40 }),
      lineFixture({ toolId: 'b', partNumber: 'FP-B', name: 'Start Relay', quantity: 2, price: 10, lineTotal: 20 }),
      lineFixture({ toolId: 'c', partNumber: 'FP-C', name: 'Fuse', quantity: 1, price: 10, lineTotal: 10 }),
    ];
    const partly = bookingFixture({
      _id: 'part',
      state: 'partially-shipped',
      paid: true,
      transactionId: 'pi_p',
      lineCount: 3,
      lines: lines.map((l, i) => ({ ...l, shippedQuantity: [4, 2, 0][i]! })),
    });
    const whole = bookingFixture({
      _id: 'whole',
      state: 'shipped',
      paid: true,
      transactionId: 'pi_w',
      lineCount: 3,
      lines: lines.map((l) => ({ ...l, shippedQuantity: l.quantity })),
    });
    const none = bookingFixture({ _id: 'none', state: 'paid', paid: true, transactionId: 'pi_n', lineCount: 3, lines });
    await renderTable([partly, whole, none]);
    expect(rowOf('0').getByTestId('order-shipped')).toHaveTextContent('2 of 3 lines shipped');
    expect(rowOf('1').queryByTestId('order-shipped')).toBeNull();
    expect(rowOf('2').queryByTestId('order-shipped')).toBeNull();
    expect(rowOf('0').getByRole('button', { name: /^Ship rest: mark/ })).toBeInTheDocument();
  });

  it('the To ship filter asks the server for paid or confirmed orders with lines left, oldest first (toShip=true)', async () => {
    const paid = bookingFixture({ _id: 'p1', state: 'paid', paid: true, transactionId: 'pi_1' });
    api.on('GET', API.filteredOrders({ toShip: 'true' }), page([paid]));
    await renderSignedIn(<AllOrdersTable filter={{ toShip: 'true' }} />);
    await screen.findAllByTestId('order-row');
    expect(api.requests.map((r) => r.path)).toContain('/bookingOrder?toShip=true&limit=20');
  });
});
