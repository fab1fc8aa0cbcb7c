import { afterEach, describe, expect, it, vi } from 'vitest';
vi.mock('../../../lib/infra/toast', () => import('../../../test-support/toast'));
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API } from '@fridgeparts/common/api-paths';
import type { Booking } from '@fridgeparts/common/booking';
import type { Shipment } from '@fridgeparts/common/shipping/shipments.answers';
import { fakeApi, failure, file, json, type Reply } from '../../../test-support/fake-api';
import { catchDownloads } from '../../../test-support/downloads';
import { notify } from '../../../test-support/toast';
import { ask } from '../../../test-support/questions';
import { TEST_ID_TOKEN, type FakeUser } from '../../../test-support/fake-auth-client';
import { amountsOf, taxFixture, withTax } from '../../../test-support/amounts';
import { fuseLineFixture, gasketLineFixture, manyLineBookingFixture, relayLineFixture } from '../../../test-support/fixtures';
import { CASEY, renderSignedIn } from '../../../test-support/signed-in';

const api = fakeApi();
const { OrderDetails } = await import('./order-details');

const ADMIN: FakeUser = { uid: 'u-admin', email: 'admin@fridgeparts.test', displayName: 'Admin', emailVerified: true };
/** The order page's read of its order (GET /mybooking/{id}: the owner or an admin). */
const ORDER = API.myBooking('o1');
const bearer = expect.objectContaining({ authorization: `Bearer ${TEST_ID_TOKEN}` });
const SID = 'a1b2c3d4e5f6a7b8c9d0e1f2';
const SID2 = 'b1b2c3d4e5f6a7b8c9d0e1f2';

const saved = catchDownloads('blob:slip');

const order = (over: Partial<Booking> = {}): Booking =>
  manyLineBookingFixture({
    _id: 'o1',
    state: 'reserved',
    lines: [gasketLineFixture(), relayLineFixture(), fuseLineFixture({ partNumber: null })],
    events: [{ type: 'booked', at: '2026-01-01T00:00:00.000Z' }],
    ...over,
  });

/** A paid order shipped in two boxes: by UPS (delivered) and by freight (in transit); the fuse is left. */
function shippedTwice(): Booking {
  const base = order({ state: 'partially-shipped', paid: true, transactionId: 'pi_42' });
  return {
    ...base,
    lines: base.lines.map((l, i) => ({ ...l, shippedQuantity: [5, 2, 0][i]! })),
    shipments: [
      {
        id: SID,
        lines: [
          { lineId: '0', toolId: 't', partNumber: 'FP-TEST-001', name: 'Door Gasket', quantity: 3 },
          { lineId: '1', toolId: 'r', partNumber: 'FP-RLY-1', name: 'Start Relay', quantity: 2 },
        ],
        carrier: 'ups',
        service: 'Ground',
        trackingNumbers: ['1Z999AA10123456784'],
        trackingUrls: ['https://www.ups.com/track?tracknum=1Z999AA10123456784'],
        shippedAt: '2026-01-02T15:00:00.000Z',
        deliveredAt: '2026-01-04T15:00:00.000Z',
      },
      {
        id: SID2,
        lines: [{ lineId: '0', toolId: 't', partNumber: 'FP-TEST-001', name: 'Door Gasket', quantity: 2 }],
        carrier: 'freight',
        service: null,
        trackingNumbers: ['PRO-77'],
        trackingUrls: ['https://freight.example.com/t/77'],
        shippedAt: '2026-01-03T15:00:00.000Z',
        deliveredAt: null,
      },
    ],
  };
}

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
    expect(amountsOf(screen.getByTestId('order-total'))).toBe('Parts $160.00 · Total $160.00');
    expect(screen.getByTestId('order-payment-state')).toHaveTextContent('Not paid yet');
    expect(screen.getByRole('link', { name: 'Pay $160.00' })).toHaveAttribute('href', '/dashboard/payment/o1');
    expect(screen.getByRole('button', { name: /Purchase order \(PDF\)/ })).toBeInTheDocument();
    const timeline = within(screen.getByTestId('order-timeline'));
    expect(timeline.getAllByRole('listitem')).toHaveLength(1);
    expect(timeline.getByText('Booked')).toBeInTheDocument();
    expect(screen.getByTestId('order-timeline').querySelector('time')).toHaveAttribute('dateTime', '2026-01-01T00:00:00.000Z');
    expect(screen.queryByRole('button', { name: 'Ship…' })).toBeNull();
  });

  it('an order with shipping (CONTRACT §14) names the method and splits the total into parts and shipping; one given as one line says its address was not verified', async () => {
    const shipping = { methodId: 'fedex-2day', name: 'FedEx 2Day', carrier: 'fedex' as const, amount: 24.5 };
    const address = { line1: '1 Cold Street', line2: '', city: 'Oakland', region: 'CA', postalCode: '94607', country: 'US' };
    await show(json<Booking>(order({ total: 184.5, shipping, shippingAddress: address })));
    expect(await screen.findByTestId('order-shipping')).toHaveTextContent('FedEx 2Day · FedEx · $24.50');
    expect(amountsOf(screen.getByTestId('order-total'))).toBe('Parts $160.00 · Shipping $24.50 · Total $184.50');
    expect(screen.queryByTestId('order-address-unverified')).toBeNull();
    cleanup();
    await show(json<Booking>(order({ shipping: { ...shipping, name: 'UPS Ground', carrier: 'ups', amount: 0 }, shippingAddress: null })));
    expect(await screen.findByTestId('order-shipping')).toHaveTextContent('UPS Ground · UPS · Free');
    expect(amountsOf(screen.getByTestId('order-total'))).toBe('Parts $160.00 · Shipping Free · Total $160.00');
    expect(screen.getByTestId('order-address-unverified')).toHaveTextContent('Address not verified');
  });

  it('a taxed order (CONTRACT §15) shows each line’s tax and the Sales tax row between shipping and total; one to an uncollected state says so', async () => {
    const shipping = { methodId: 'fedex-2day', name: 'FedEx 2Day', carrier: 'fedex' as const, amount: 24.5 };
    // 7.25% of 125, 30 and 5, each rounded half away from zero: 9.06, 2.18 (2.175), 0.36.
    const tax = taxFixture({
      lines: [
        { lineId: '0', amount: 9.06 },
        { lineId: '1', amount: 2.18 },
        { lineId: '2', amount: 0.36 },
      ],
    });
    expect(tax.amount).toBe(11.6);
    await show(json<Booking>(withTax(order({ total: 196.1, shipping }), tax)));
    const rows = (await screen.findAllByTestId('order-line')).map((r) => within(r));
    expect(rows.map((r) => r.getByTestId('line-tax').textContent)).toEqual(['$9.06', '$2.18', '$0.36']);
    expect(amountsOf(screen.getByTestId('order-total'))).toBe('Parts $160.00 · Shipping $24.50 · Sales tax (CA 7.25%) $11.60 · Total $196.10');
    expect(screen.getByRole('link', { name: 'Pay $196.10' })).toBeInTheDocument();
    cleanup();
    const none = taxFixture({ lines: [0, 1, 2].map((i) => ({ lineId: String(i), amount: 0 })), reason: 'not_collecting', state: 'OR', rate: null });
    await show(json<Booking>(withTax(order({ total: 184.5, shipping }), none)));
    expect(await screen.findByTestId('order-total')).toBeInTheDocument();
    expect(amountsOf(screen.getByTestId('order-total'))).toBe('Parts $160.00 · Shipping $24.50 · No sales tax collected for OR $0.00 · Total $184.50');
  });

  it('backordered lines (CONTRACT §14) say how many wait and the day they are expected, and whether the order ships complete', async () => {
    const base = order();
    const lines = base.lines.map((l, i) => (i === 0 ? { ...l, backorderedQuantity: 6, expectedOn: '2026-12-14' } : l));
    await show(json<Booking>({ ...base, lines, shipComplete: true }));
    const section = await screen.findByTestId('order-backorders');
    expect(section).toHaveTextContent('6 of 10 backordered, expected Dec 14');
    expect(section).toHaveTextContent('This order ships complete');
    cleanup();
    await show(json<Booking>(order()));
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByTestId('order-backorders')).toBeNull();
  });

  it('a line with a core deposit (decision 0088) shows it, the cores owed and the day they are due, or that the deposit was kept', async () => {
    const base = order({ state: 'paid' });
    const cores = (over: object) => base.lines.map((l, i) => (i === 1 ? { ...l, coreDeposit: 150, coresOwed: 2, ...over } : l));
    await show(json<Booking>({ ...base, lines: cores({ coresDueOn: '2027-01-27', coresKept: false }) }));
    const rows = await screen.findAllByTestId('order-line');
    expect(within(rows[1]!).getByTestId('order-line-core-deposit')).toHaveTextContent('Core deposit, refundable: $150.00');
    expect(within(rows[1]!).getByTestId('order-line-cores')).toHaveTextContent('Cores owed: 2 (return by Jan 27)');
    expect(within(rows[0]!).queryByTestId('order-line-core-deposit')).toBeNull();
    expect(within(rows[0]!).queryByTestId('order-line-cores')).toBeNull();
    cleanup();
    // Every core back: the deposit still shows, nothing is owed.
    await show(json<Booking>({ ...base, lines: cores({ coresOwed: 0, coresDueOn: null, coresKept: false }) }));
    expect(within((await screen.findAllByTestId('order-line'))[1]!).queryByTestId('order-line-cores')).toBeNull();
    cleanup();
    await show(json<Booking>({ ...base, lines: cores({ coresDueOn: null, coresKept: true }) }));
    expect(within((await screen.findAllByTestId('order-line'))[1]!).getByTestId('order-line-cores')).toHaveTextContent(/^Core deposit kept$/);
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

  it('an admin sees the buyer and ships part of a paid order from the Ship dialog, with one Idempotency-Key; the page shows the shipment', async () => {
    const paid = order({ state: 'paid', paid: true, transactionId: 'pi_42', userName: 'Casey' });
    const shipment: Shipment = {
      id: SID,
      lines: [
        { lineId: '0', toolId: 't', partNumber: 'FP-TEST-001', name: 'Door Gasket', quantity: 3 },
        { lineId: '1', toolId: 'r', partNumber: 'FP-RLY-1', name: 'Start Relay', quantity: 2 },
      ],
      carrier: 'ups',
      service: 'Ground',
      trackingNumbers: ['1Z999AA10123456784', '1Z999AA10123456785'],
      trackingUrls: ['https://www.ups.com/track?tracknum=1Z999AA10123456784', 'https://www.ups.com/track?tracknum=1Z999AA10123456785'],
      shippedAt: '2026-01-02T15:00:00.000Z',
      deliveredAt: null,
    };
    const after = order({
      ...paid,
      state: 'partially-shipped',
      lines: paid.lines.map((l, i) => ({ ...l, shippedQuantity: [3, 2, 0][i]! })),
      shipments: [shipment],
    });
    api.on('POST', API.shipments('o1'), () => {
      api.on('GET', ORDER, json<Booking>(after));
      return json<Shipment>(shipment, { status: 201 });
    });
    await show(json<Booking>(paid), { user: ADMIN, admin: true });
    expect(await screen.findByTestId('order-buyer')).toHaveTextContent('Casey (casey@example.test)');
    expect(api.sent('GET', API.isAdmin(ADMIN.email))).toEqual([expect.objectContaining({ headers: bearer })]);
    // Nothing has shipped: no Shipments section.
    expect(screen.queryByRole('heading', { name: 'Shipments' })).toBeNull();

    const dialog = await ask('Ship…', 'Ship order FP-2026-000042');
    const gasket = within(dialog).getByRole('textbox', { name: 'Door Gasket (FP-TEST-001)' });
    // Every line defaults to all that is left.
    expect(gasket).toHaveValue('10');
    expect(within(dialog).getByRole('textbox', { name: 'Start Relay (FP-RLY-1)' })).toHaveValue('2');
    await userEvent.clear(gasket);
    await userEvent.type(gasket, '3');
    const fuse = within(dialog).getByRole('textbox', { name: 'Fuse' });
    await userEvent.clear(fuse);
    await userEvent.type(fuse, '0');
    const carrier = within(dialog).getByRole('combobox', { name: 'Carrier' });
    expect([...(carrier as HTMLSelectElement).options].map((o) => o.text)).toEqual(['UPS', 'FedEx', 'USPS', 'LTL freight', 'Other carrier']);
    expect(carrier).toHaveValue('ups');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Service (optional)' }), 'Ground');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Tracking numbers' }), '1Z999AA10123456784,\n1Z999AA10123456785');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ship' }));

    await waitFor(() => expect(screen.getByTestId('order-state')).toHaveTextContent('Partially shipped'));
    expect(screen.queryByRole('dialog')).toBeNull();
    const sent = api.sent('POST', API.shipments('o1'));
    expect(sent).toEqual([
      expect.objectContaining({
        path: '/booking/o1/shipments',
        headers: expect.objectContaining({ authorization: `Bearer ${TEST_ID_TOKEN}`, 'idempotency-key': expect.stringMatching(/^[0-9a-f-]{36}$/) }),
        body: {
          lines: [
            { lineId: '0', quantity: 3 },
            { lineId: '1', quantity: 2 },
          ],
          carrier: 'ups',
          service: 'Ground',
          trackingNumbers: ['1Z999AA10123456784', '1Z999AA10123456785'],
        },
      }),
    ]);
    expect(notify.success).toHaveBeenCalledWith('Shipment of 5 units recorded; the buyer is emailed.');
    const section = screen.getByRole('region', { name: 'Shipments' });
    expect(within(section).getByTestId('shipped-progress')).toHaveTextContent('Door Gasket 3 of 10 shipped');
    expect(within(section).getAllByTestId('shipment')).toHaveLength(1);
    // Still something left to ship: the admin may ship again.
    expect(screen.getByRole('button', { name: 'Ship…' })).toBeInTheDocument();
  });

  it('the Ship dialog checks quantities and the tracking link before sending, puts the server’s line message on its line, and a retry sends the same key', async () => {
    const paid = order({ state: 'paid', paid: true, transactionId: 'pi_42' });
    let calls = 0;
    api.on('POST', API.shipments('o1'), () => {
      calls += 1;
      return calls === 1
        ? failure('invalid-argument', 'The shipment can not go as asked.', {
            'lines.1': 'Line 2 has 1 left to ship (ordered 2, shipped 1, backordered 0); 2 is too many.',
          })
        : json<Shipment>(
            {
              id: SID,
              lines: [],
              carrier: 'freight',
              service: null,
              trackingNumbers: [],
              trackingUrls: ['https://freight.example.com/t/9'],
              shippedAt: '2026-01-02T15:00:00.000Z',
              deliveredAt: null,
            },
            { status: 201 },
          );
    });
    await show(json<Booking>(paid), { user: ADMIN, admin: true });
    const dialog = await ask('Ship…', 'Ship order FP-2026-000042');
    const gasket = within(dialog).getByRole('textbox', { name: 'Door Gasket (FP-TEST-001)' });
    await userEvent.clear(gasket);
    await userEvent.type(gasket, '11');
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Carrier' }), 'freight');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ship' }));
    expect(await within(dialog).findByText('At most 10 left to ship')).toBeInTheDocument();
    expect(within(dialog).getByText('Required for LTL freight: its tracking page is not known, so give its link')).toBeInTheDocument();
    expect(api.sent('POST', API.shipments('o1'))).toEqual([]);

    await userEvent.clear(gasket);
    await userEvent.type(gasket, '10');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Tracking page link' }), 'https://freight.example.com/t/9');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ship' }));
    // The server's "lines.1" is the second line sent: the Start Relay.
    const relay = within(dialog).getByRole('textbox', { name: 'Start Relay (FP-RLY-1)' });
    await waitFor(() => expect(relay).toHaveAccessibleDescription(/Line 2 has 1 left to ship/));
    expect(relay).toHaveAttribute('aria-invalid', 'true');
    await userEvent.clear(relay);
    await userEvent.type(relay, '1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ship' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const sent = api.sent('POST', API.shipments('o1'));
    expect(sent).toHaveLength(2);
    expect(sent[1]!.body).toEqual({
      lines: [
        { lineId: '0', quantity: 10 },
        { lineId: '1', quantity: 1 },
        { lineId: '2', quantity: 1 },
      ],
      carrier: 'freight',
      trackingNumbers: [],
      trackingUrl: 'https://freight.example.com/t/9',
    });
    expect(sent[0]!.headers['idempotency-key']).toBe(sent[1]!.headers['idempotency-key']);
  });

  it('the buyer sees each shipment: date, carrier, lines, tracking links in a new tab, delivered or in transit, and its packing slip; no admin actions', async () => {
    await show(json<Booking>(shippedTwice()));
    const section = await screen.findByRole('region', { name: 'Shipments' });
    const [first, second] = within(section).getAllByTestId('shipment');
    expect(first).toHaveTextContent('Shipment 1: shipped');
    expect(within(first!).getByTestId('shipment-carrier')).toHaveTextContent('UPS, Ground');
    expect(
      within(first!)
        .getAllByTestId('shipment-line')
        .map((l) => l.textContent),
    ).toEqual(['3 × Door Gasket (FP-TEST-001)', '2 × Start Relay (FP-RLY-1)']);
    const link = within(first!).getByRole('link', { name: /^1Z999AA10123456784 ?\(opens in a new tab\)$/ });
    expect(link).toHaveAttribute('href', 'https://www.ups.com/track?tracknum=1Z999AA10123456784');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noreferrer');
    expect(within(first!).getByTestId('shipment-delivery')).toHaveTextContent(/^Delivered /);
    // Freight: the number as text and the link the admin gave.
    expect(within(second!).getByTestId('shipment-carrier')).toHaveTextContent('LTL freight');
    expect(within(second!).getByText('PRO-77')).toBeInTheDocument();
    expect(within(second!).getByRole('link', { name: /^Tracking page ?\(opens in a new tab\)$/ })).toHaveAttribute('href', 'https://freight.example.com/t/77');
    expect(within(second!).getByTestId('shipment-delivery')).toHaveTextContent('In transit');
    // Partly shipped: how much of each line has gone.
    expect(within(section).getByTestId('shipped-progress')).toHaveTextContent('Door Gasket 5 of 10 shipped');
    expect(within(section).queryByRole('button', { name: /Mark delivered/ })).toBeNull();
    expect(within(section).queryByRole('button', { name: /Cancel shipment/ })).toBeNull();

    api.on('GET', API.packingSlip('o1', SID2), file('%PDF-1.4', 'application/pdf'));
    await userEvent.click(within(second!).getByRole('button', { name: 'Packing slip (PDF) of shipment 2' }));
    await waitFor(() => expect(saved).toEqual(['FP-2026-000042-shipment-2.pdf']));
    expect(api.sent('GET', API.packingSlip('o1', SID2))).toEqual([expect.objectContaining({ headers: bearer })]);
  });

  it('an admin marks a shipment delivered; one delivered is neither delivered again nor cancelled', async () => {
    const before = shippedTwice();
    api.on('POST', API.shipmentDelivered('o1', SID2), () => {
      api.on('GET', ORDER, json<Booking>({ ...before, shipments: before.shipments.map((s) => ({ ...s, deliveredAt: '2026-01-05T10:00:00.000Z' })) }));
      return json<Shipment>({ ...before.shipments[1]!, deliveredAt: '2026-01-05T10:00:00.000Z' });
    });
    await show(json<Booking>(before), { user: ADMIN, admin: true });
    const section = await screen.findByRole('region', { name: 'Shipments' });
    // The first arrived already: neither delivered again nor cancelled.
    expect(within(section).queryByRole('button', { name: 'Mark delivered: shipment 1' })).toBeNull();
    expect(within(section).queryByRole('button', { name: 'Cancel shipment 1' })).toBeNull();
    await userEvent.click(within(section).getByRole('button', { name: 'Mark delivered: shipment 2' }));
    await waitFor(() => expect(within(section).getAllByTestId('shipment-delivery')[1]).toHaveTextContent(/^Delivered /));
    expect(api.sent('POST', API.shipmentDelivered('o1', SID2))).toEqual([
      expect.objectContaining({ path: `/booking/o1/shipments/${SID2}/delivered`, headers: bearer }),
    ]);
  });

  it('an admin corrects a shipment’s tracking in the Edit tracking dialog: the server’s field message at its field, then the new links; focus back on Edit tracking', async () => {
    const before = shippedTwice();
    const corrected: Shipment = {
      ...before.shipments[0]!,
      service: null,
      trackingNumbers: ['1Z999AA10123456799'],
      trackingUrls: ['https://www.ups.com/track?tracknum=1Z999AA10123456799'],
    };
    let calls = 0;
    api.on('PATCH', API.shipment('o1', SID), () => {
      calls += 1;
      if (calls === 1) return failure('invalid-argument', 'Invalid request body', { 'trackingNumbers.0': 'This number is not one of UPS’s.' });
      api.on('GET', ORDER, json<Booking>({ ...before, shipments: [corrected, before.shipments[1]!] }));
      return json<Shipment>(corrected);
    });
    await show(json<Booking>(before), { user: ADMIN, admin: true });
    const opener = await screen.findByRole('button', { name: 'Edit tracking: shipment 1' });
    // Every shipment shown has it, delivered or not.
    expect(screen.getByRole('button', { name: 'Edit tracking: shipment 2' })).toBeInTheDocument();
    await userEvent.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Edit tracking of shipment 1' });
    // As the shipment is now.
    expect(within(dialog).getByRole('combobox', { name: 'Carrier' })).toHaveValue('ups');
    expect(within(dialog).getByRole('textbox', { name: 'Service (optional)' })).toHaveValue('Ground');
    const numbers = within(dialog).getByRole('textbox', { name: 'Tracking numbers' });
    expect(numbers).toHaveValue('1Z999AA10123456784');
    // Checked before sending: a bad number, and freight without its link.
    await userEvent.clear(numbers);
    await userEvent.type(numbers, '1Z!9');
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Carrier' }), 'freight');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save tracking' }));
    expect(await within(dialog).findByText('Required for LTL freight: its tracking page is not known, so give its link')).toBeInTheDocument();
    expect(within(dialog).getByText(/“1Z!9” is not/)).toBeInTheDocument();
    expect(api.sent('PATCH', API.shipment('o1', SID))).toEqual([]);

    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Carrier' }), 'ups');
    await userEvent.clear(numbers);
    await userEvent.type(numbers, '1Z999AA10123456799');
    await userEvent.clear(within(dialog).getByRole('textbox', { name: 'Service (optional)' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save tracking' }));
    // The server's "trackingNumbers.0" is the one numbers field; focus goes to it.
    await waitFor(() => expect(numbers).toHaveAccessibleDescription(/This number is not one of UPS’s/));
    expect(numbers).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save tracking' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const sent = api.sent('PATCH', API.shipment('o1', SID));
    expect(sent).toHaveLength(2);
    expect(sent[1]).toEqual(
      expect.objectContaining({
        path: `/booking/o1/shipments/${SID}`,
        headers: bearer,
        body: { carrier: 'ups', service: null, trackingNumbers: ['1Z999AA10123456799'], trackingUrl: null },
      }),
    );
    expect(notify.success).toHaveBeenCalledWith('Tracking of shipment 1 saved.');
    const first = screen.getAllByTestId('shipment')[0]!;
    await waitFor(() =>
      expect(within(first).getByRole('link', { name: /^1Z999AA10123456799/ })).toHaveAttribute('href', 'https://www.ups.com/track?tracknum=1Z999AA10123456799'),
    );
    expect(within(first).queryByRole('link', { name: /^1Z999AA10123456784/ })).toBeNull();
    expect(within(first).getByTestId('shipment-carrier')).toHaveTextContent(/^UPS$/);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Edit tracking: shipment 1' })).toHaveFocus());
  });

  it('the Edit tracking dialog keeps a freight shipment’s link and Cancel sends nothing; the buyer has no Edit tracking', async () => {
    const before = shippedTwice();
    await show(json<Booking>(before), { user: ADMIN, admin: true });
    const opener = await screen.findByRole('button', { name: 'Edit tracking: shipment 2' });
    await userEvent.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Edit tracking of shipment 2' });
    expect(within(dialog).getByRole('combobox', { name: 'Carrier' })).toHaveValue('freight');
    expect(within(dialog).getByRole('textbox', { name: 'Tracking numbers' })).toHaveValue('PRO-77');
    expect(within(dialog).getByRole('textbox', { name: 'Tracking page link' })).toHaveValue('https://freight.example.com/t/77');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(opener).toHaveFocus();
    expect(api.sent('PATCH', API.shipment('o1', SID2))).toEqual([]);
    cleanup();

    await show(json<Booking>(before));
    await screen.findByRole('region', { name: 'Shipments' });
    expect(screen.queryByRole('button', { name: /Edit tracking/ })).toBeNull();
  });

  it('an admin cancels a shipment only after confirming; the page shows the order without it', async () => {
    const before = shippedTwice();
    const without = { ...before, shipments: [before.shipments[0]!], lines: before.lines.map((l, i) => ({ ...l, shippedQuantity: [3, 2, 0][i]! })) };
    api.on('DELETE', API.shipment('o1', SID2), json<Booking>(without));
    await show(json<Booking>(before), { user: ADMIN, admin: true });
    const dialog = await ask('Cancel shipment 2', 'Cancel this shipment?');
    expect(dialog).toHaveTextContent('Shipment 2 (2 units by LTL freight) is removed');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(api.sent('DELETE', API.shipment('o1', SID2))).toEqual([]);

    await userEvent.click(within(await ask('Cancel shipment 2', 'Cancel this shipment?')).getByRole('button', { name: 'Cancel shipment' }));
    await waitFor(() => expect(screen.getAllByTestId('shipment')).toHaveLength(1));
    expect(api.sent('DELETE', API.shipment('o1', SID2))).toEqual([expect.objectContaining({ path: `/booking/o1/shipments/${SID2}`, headers: bearer })]);
  });

  it('an admin refunds only after confirming, naming the order and its lines', async () => {
    const paid = order({ state: 'paid', paid: true, transactionId: 'pi_42' });
    api.on('POST', API.refundOrder('o1'), json<Booking>({ ...paid, state: 'refunded' }));
    await show(json<Booking>(paid), { user: ADMIN, admin: true });
    const dialog = await ask('Refund', 'Refund this order?');
    expect(dialog).toHaveTextContent('Order FP-2026-000042, Door Gasket + 2 more lines for casey@example.test: $160.00');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep the order' }));
    expect(api.sent('POST', API.refundOrder('o1'))).toEqual([]);

    await userEvent.click(within(await ask('Refund', 'Refund this order?')).getByRole('button', { name: 'Refund' }));
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
    expect(await screen.findByRole('button', { name: 'Ship…' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Refund' })).toBeNull();
    const dialog = await ask('Void invoice', "Void this order's invoice?");
    expect(dialog).toHaveTextContent('invoice NW-0009 is voided at Stripe');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep the invoice' }));
    expect(api.sent('POST', API.voidInvoice('o1'))).toEqual([]);

    await userEvent.click(within(await ask('Void invoice', "Void this order's invoice?")).getByRole('button', { name: 'Void invoice' }));
    await waitFor(() => expect(screen.getByTestId('order-state')).toHaveTextContent('Released'));
    expect(screen.getByTestId('order-payment-state')).toHaveTextContent('On account; invoice voided');
    expect(api.sent('POST', API.voidInvoice('o1'))).toEqual([expect.objectContaining({ path: '/booking/o1/invoice/void', headers: bearer })]);
    expect(screen.queryByRole('button', { name: 'Void invoice' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Ship…' })).toBeNull();
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
