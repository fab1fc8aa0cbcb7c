import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API } from '@fridgeparts/common/api-paths';
import type { Booking } from '@fridgeparts/common/booking';
import { fakeApi, failure, json, type Reply } from '../../../test-support/fake-api';
import { TEST_ID_TOKEN, type FakeUser } from '../../../test-support/fake-auth-client';
import { bookingFixture, lineFixture } from '../../../test-support/fixtures';
import { CASEY, renderSignedIn } from '../../../test-support/signed-in';

const api = fakeApi();
const { OrderDetails } = await import('./order-details');

const ADMIN: FakeUser = { uid: 'u-admin', email: 'admin@fridgeparts.test', displayName: 'Admin', emailVerified: true };
/** The order page's read of its order (GET /mybooking/{id}: the owner or an admin). */
const ORDER = API.myBooking('o1');
const bearer = expect.objectContaining({ authorization: `Bearer ${TEST_ID_TOKEN}` });

const order = (over: Partial<Booking> = {}): Booking =>
  bookingFixture({
    _id: 'o1',
    orderNumber: 'FP-2026-000042',
    poNumber: 'JOB-9',
    total: 160,
    state: 'reserved',
    lineCount: 3,
    lines: [
      lineFixture({
        toolId: 't',
        partNumber: 'FP-TEST-001',
        name: 'Door Gasket',
        quantity: 10,
        price: 12.5,
        lineTotal: 125,
      }),
      lineFixture({
        toolId: 'r',
        partNumber: 'FP-RLY-1',
        name: 'Start Relay',
        quantity: 2,
        price: 15,
        lineTotal: 30,
      }),
      lineFixture({
        toolId: 'f',
        partNumber: null,
        name: 'Fuse',
        quantity: 1,
        price: 5,
        lineTotal: 5,
      }),
    ],
    events: [{ type: 'booked', at: '2026-01-01T00:00:00.000Z' }],
    ...over,
  });

/** The page for `user`, the API answering `answer` for the order and whether `user` is an admin. */
function show(answer: Reply, { user = CASEY, admin = false }: { user?: FakeUser; admin?: boolean } = {}) {
  api.on('GET', ORDER, answer).on('GET', API.isAdmin(user.email), json({ admin }));
  return renderSignedIn(
    <main>
      <OrderDetails id="o1" />
    </main>,
    { user },
  );
}

describe('OrderDetails: the order page (CONTRACT §8)', () => {
  afterEach(cleanup);

  it('shows the number, state, PO number, contact, every line, the total and the timeline; its owner pays from here', async () => {
    await show(json<Booking>(order()));
    expect(await screen.findByRole('heading', { level: 1, name: 'Order FP-2026-000042' })).toBeInTheDocument();
    expect(api.sent('GET', ORDER)).toEqual([expect.objectContaining({ path: '/mybooking/o1', headers: bearer })]);
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

  it('an order with shipping (CONTRACT §14) names the method and splits the total into parts and shipping; one given as one line says its address was not verified', async () => {
    const shipping = { methodId: 'fedex-2day', name: 'FedEx 2Day', carrier: 'fedex' as const, amount: 24.5 };
    const address = { line1: '1 Cold Street', line2: '', city: 'Oakland', region: 'CA', postalCode: '94607', country: 'US' };
    await show(json<Booking>(order({ total: 184.5, shipping, shippingAddress: address })));
    expect(await screen.findByTestId('order-shipping')).toHaveTextContent('FedEx 2Day · FedEx · $24.50');
    expect(screen.getByTestId('order-total')).toHaveTextContent('Parts $160.00 · Shipping $24.50 · Total $184.50');
    expect(screen.queryByTestId('order-address-unverified')).toBeNull();
    cleanup();
    await show(json<Booking>(order({ shipping: { ...shipping, name: 'UPS Ground', carrier: 'ups', amount: 0 }, shippingAddress: null })));
    expect(await screen.findByTestId('order-shipping')).toHaveTextContent('UPS Ground · UPS · Free');
    expect(screen.getByTestId('order-total')).toHaveTextContent('Parts $160.00 · Shipping Free · Total $160.00');
    expect(screen.getByTestId('order-address-unverified')).toHaveTextContent('Address not verified');
  });

  it('an order waiting for approval (CONTRACT §10) says so to its buyer, offers no Pay, and shows the ship-to address', async () => {
    const address = 'Service van depot, 415 Fleet Street, Bay 4, San Jose, CA 95112, US';
    await show(json<Booking>(order({ state: 'awaiting-approval', address, companyId: 'c1', shipToId: 's2' })));
    const notice = (await screen.findByText('Waiting for approval by your company admin')).closest('[role="status"]');
    expect(notice).toHaveTextContent('over your spending limit');
    expect(screen.getByTestId('order-state')).toHaveTextContent('Waiting for approval');
    expect(screen.getByTestId('order-payment-state')).toHaveTextContent('Not payable until a company admin approves it');
    expect(screen.getByText(address)).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Order actions' })).queryByRole('link', { name: /^Pay/ })).toBeNull();
  });

  const decided = (decision: 'approved' | 'declined', note: string | null): Booking['approval'] => ({
    spendingLimit: 100,
    decision,
    decidedBy: { uid: 'u-office', email: 'office@northwind.test' },
    decidedAt: '2026-01-02T10:00:00.000Z',
    note,
    expiresAt: null,
  });

  it('after approval on account (decision 0061): confirmed, who approved and the note, and the invoice link', async () => {
    const payment = {
      method: 'invoice' as const,
      invoiceId: 'in_1',
      number: 'NW-0007',
      hostedInvoiceUrl: 'https://invoice.test/in_1',
      dueDate: '2026-02-01T00:00:00.000Z',
      status: 'open' as const,
    };
    await show(json<Booking>(order({ state: 'confirmed', companyId: 'c1', approval: decided('approved', 'For the Henderson job'), payment })));
    expect(await screen.findByTestId('order-state')).toHaveTextContent('Confirmed, on account');
    expect(screen.getByTestId('order-approval')).toHaveTextContent('Approved by office@northwind.test');
    expect(screen.getByTestId('order-approval')).toHaveTextContent('“For the Henderson job”');
    expect(screen.getByTestId('order-payment-state')).toHaveTextContent('On account; invoice open');
    expect(within(screen.getByTestId('order-invoice')).getByRole('link', { name: 'View and pay the invoice' })).toHaveAttribute(
      'href',
      payment.hostedInvoiceUrl,
    );
    expect(screen.queryByText('Waiting for approval by your company admin')).toBeNull();
    // The number a remittance quotes, in place of a card's transaction id (none on account).
    expect(screen.getByTestId('order-invoice-number')).toHaveTextContent('NW-0007');
    expect(screen.queryByTestId('transaction-id')).toBeNull();
  });

  it('a paid invoice is linked to be read, not paid', async () => {
    const payment = {
      method: 'invoice' as const,
      invoiceId: 'in_2',
      number: 'NW-0008',
      hostedInvoiceUrl: 'https://invoice.test/in_2',
      dueDate: null,
      status: 'paid' as const,
    };
    await show(json<Booking>(order({ state: 'paid', companyId: 'c1', payment })));
    expect(await screen.findByTestId('order-payment-state')).toHaveTextContent('On account; invoice paid');
    expect(within(screen.getByTestId('order-invoice')).getByRole('link', { name: 'View the invoice' })).toHaveAttribute('href', payment.hostedInvoiceUrl);
  });

  it('after a decline: the declined state, who declined and their note', async () => {
    await show(json<Booking>(order({ state: 'declined', companyId: 'c1', approval: decided('declined', 'Over budget this month') })));
    expect(await screen.findByTestId('order-state')).toHaveTextContent('Declined');
    expect(screen.getByText('Declined by office@northwind.test')).toBeInTheDocument();
    expect(screen.getByTestId('order-declined')).toHaveTextContent('“Over budget this month”');
    expect(screen.getByTestId('order-payment-state')).toHaveTextContent('a company admin declined the order');
  });

  it('the timeline has the company admin’s decision at its time, and who made it', async () => {
    const events = [
      { type: 'booked' as const, at: '2026-01-01T00:00:00.000Z' },
      { type: 'paid' as const, at: '2026-01-03T00:00:00.000Z' },
    ];
    await show(json<Booking>(order({ state: 'paid', paid: true, companyId: 'c1', approval: decided('approved', null), events })));
    const items = within(await screen.findByTestId('order-timeline')).getAllByRole('listitem');
    expect(items.map((li) => li.getAttribute('data-event'))).toEqual(['booked', 'approved', 'paid']);
    expect(items[1]).toHaveTextContent('Approved');
    expect(items[1]).toHaveTextContent('by office@northwind.test');
    expect(items[1]!.querySelector('time')).toHaveAttribute('dateTime', '2026-01-02T10:00:00.000Z');
    cleanup();

    await show(json<Booking>(order({ state: 'declined', companyId: 'c1', approval: decided('declined', 'Over budget this month') })));
    const declined = within(await screen.findByTestId('order-timeline')).getAllByRole('listitem');
    expect(declined.map((li) => li.getAttribute('data-event'))).toEqual(['booked', 'declined']);
    expect(declined[1]).toHaveTextContent('Declined');
  });

  it('a company admin reading a colleague’s waiting order sees its buyer and where to decide it', async () => {
    await show(json<Booking>(order({ state: 'awaiting-approval', companyId: 'c1', email: 'tech@northwind.test', userName: 'Tech' })));
    expect(await screen.findByTestId('order-buyer')).toHaveTextContent('Tech (tech@northwind.test)');
    expect(screen.getByRole('link', { name: 'Approvals' })).toHaveAttribute('href', '/dashboard/company/approvals');
    expect(screen.queryByText('Waiting for approval by your company admin')).toBeNull();
  });

  it('an order confirmed on account (decision 0063) says so, reads again while its invoice is issued, then links it; never Pay', async () => {
    const pending = order({
      state: 'confirmed',
      companyId: 'c1',
      payment: { method: 'invoice', invoiceId: null, number: null, hostedInvoiceUrl: null, dueDate: null, status: 'pending' },
    });
    const open = order({
      state: 'confirmed',
      companyId: 'c1',
      payment: {
        method: 'invoice',
        invoiceId: 'in_1',
        number: 'FP-0042',
        hostedInvoiceUrl: 'http://stripe.test/invoice/in_1',
        dueDate: '2026-12-27T10:00:00.000Z',
        status: 'open',
      },
    });
    await show(json<Booking>(pending));
    // The first read again still finds it pending; the next has the invoice.
    api.on('GET', ORDER, json<Booking>(open)).once('GET', ORDER, json<Booking>(pending));
    const notice = (await screen.findByText('Confirmed on account')).closest('[role="status"]');
    expect(notice).toHaveTextContent('Paid on account: your company pays it by invoice. The invoice is being issued');
    // A Net 30 buyer is never told about a card (decision 0076).
    expect(document.body).not.toHaveTextContent(/by card/);
    expect(screen.getByTestId('order-state')).toHaveTextContent('Confirmed, on account');
    expect(within(screen.getByRole('group', { name: 'Order actions' })).queryByRole('link', { name: /^Pay/ })).toBeNull();
    // The page reads the order again (every 2 s) until the invoice's link is there.
    const link = await screen.findByTestId('order-on-account-invoice', undefined, { timeout: 5_000 });
    expect(link).toHaveAttribute('href', 'http://stripe.test/invoice/in_1');
    expect(notice).toHaveTextContent('Paid on account: your company pays the invoice by');
    expect(document.body).not.toHaveTextContent(/by card/);
    expect(screen.getByTestId('order-payment-state')).toHaveTextContent('On account; invoice open');
    expect(api.sent('GET', ORDER).length).toBeGreaterThanOrEqual(2);
  });

  it('a line ordered by another number says which under its item; the others say nothing more (CONTRACT §11)', async () => {
    const lines = order().lines.map((l, i) => (i === 1 ? { ...l, resolvedFrom: { number: 'WR24X10171', kind: 'oem' as const } } : l));
    await show(json<Booking>(order({ lines })));
    const rows = await screen.findAllByTestId('order-line');
    expect(within(rows[1]!).getByTestId('line-ordered-as')).toHaveTextContent('Ordered as WR24X10171 (the appliance maker’s number)');
    expect(within(rows[0]!).queryByTestId('line-ordered-as')).toBeNull();
    expect(screen.getAllByTestId('line-ordered-as')).toHaveLength(1);
  });

  it('the timeline lists each event in order, and says when a time was not recorded', async () => {
    await show(
      json<Booking>(
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
      ),
    );
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
    api.on(
      'PATCH',
      API.markShipped('o1'),
      json<Booking>({ ...paid, state: 'shipped', status: 'shipped', events: [...paid.events!, { type: 'shipped', at: '2026-01-02T00:00:00.000Z' }] }),
    );
    await show(json<Booking>(paid), { user: ADMIN, admin: true });
    expect(await screen.findByTestId('order-buyer')).toHaveTextContent('Casey (casey@example.test)');
    expect(api.sent('GET', API.isAdmin(ADMIN.email))).toEqual([expect.objectContaining({ headers: bearer })]);
    await userEvent.click(screen.getByRole('button', { name: 'Mark shipped' }));
    await waitFor(() => expect(screen.getByTestId('order-state')).toHaveTextContent('Shipped'));
    expect(api.sent('PATCH', API.markShipped('o1'))).toEqual([
      expect.objectContaining({ path: '/api/orders/shipped/o1', body: { status: 'shipped' }, headers: bearer }),
    ]);
    expect(
      within(screen.getByTestId('order-timeline'))
        .getAllByRole('listitem')
        .map((li) => li.getAttribute('data-event')),
    ).toEqual(['booked', 'paid', 'shipped']);
    expect(screen.queryByRole('button', { name: 'Mark shipped' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Refund' })).toBeNull();
  });

  it('an admin refunds only after confirming, naming the order and its lines', async () => {
    const paid = order({ state: 'paid', paid: true, transactionId: 'pi_42' });
    api.on('POST', API.refundOrder('o1'), json<Booking>({ ...paid, state: 'refunded' }));
    await show(json<Booking>(paid), { user: ADMIN, admin: true });
    await userEvent.click(await screen.findByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund this order?' });
    expect(dialog).toHaveTextContent('Order FP-2026-000042, Door Gasket + 2 more lines for casey@example.test: $160.00');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep the order' }));
    expect(api.sent('POST', API.refundOrder('o1'))).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Refund' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Refund this order?' })).getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(screen.getByTestId('order-state')).toHaveTextContent('Refunded'));
    expect(api.sent('POST', API.refundOrder('o1'))).toEqual([expect.objectContaining({ path: '/bookingOrder/o1/refund', headers: bearer })]);
  });

  it('an admin voids a confirmed on-account order’s invoice only after confirming; the page shows the order released', async () => {
    const payment = {
      method: 'invoice' as const,
      invoiceId: 'in_9',
      number: 'NW-0009',
      hostedInvoiceUrl: 'https://invoice.test/in_9',
      dueDate: null,
      status: 'open' as const,
    };
    const confirmed = order({ state: 'confirmed', companyId: 'c1', payment });
    api.on('POST', API.voidInvoice('o1'), json<Booking>({ ...confirmed, state: 'expired', payment: { ...payment, status: 'void' } }));
    await show(json<Booking>(confirmed), { user: ADMIN, admin: true });
    // On account it ships before it is paid; there is no card to refund.
    expect(await screen.findByRole('button', { name: 'Mark shipped' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Refund' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Void invoice' }));
    const dialog = await screen.findByRole('dialog', { name: "Void this order's invoice?" });
    expect(dialog).toHaveTextContent('invoice NW-0009 is voided at Stripe');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep the invoice' }));
    expect(api.sent('POST', API.voidInvoice('o1'))).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Void invoice' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: "Void this order's invoice?" })).getByRole('button', { name: 'Void invoice' }));
    await waitFor(() => expect(screen.getByTestId('order-state')).toHaveTextContent('Released'));
    expect(screen.getByTestId('order-payment-state')).toHaveTextContent('On account; invoice voided');
    expect(api.sent('POST', API.voidInvoice('o1'))).toEqual([expect.objectContaining({ path: '/booking/o1/invoice/void', headers: bearer })]);
    expect(screen.queryByRole('button', { name: 'Void invoice' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Mark shipped' })).toBeNull();
  });

  it("someone else's order (the server answers 404) is a clear not-found message", async () => {
    await show(failure('not-found', 'There is no booking with id "o1".'));
    expect(await screen.findByText('Order not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to My Orders' })).toHaveAttribute('href', '/dashboard/myorder');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('a failed load says so with Try again, and reads again', async () => {
    await show(failure('unavailable', 'The server is not answering.'));
    expect(await screen.findByRole('alert')).toHaveTextContent('The order could not be loaded. The server is not answering.');
    api.on('GET', ORDER, json<Booking>(order()));
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Order FP-2026-000042' })).toBeInTheDocument();
    expect(api.sent('GET', ORDER)).toHaveLength(2);
  });
});
