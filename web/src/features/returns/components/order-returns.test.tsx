import { afterEach, describe, expect, it, vi } from 'vitest';
vi.mock('../../../lib/infra/toast', () => import('../../../test-support/toast'));
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { failure, fakeApi, file, json } from '../../../test-support/fake-api';
import { catchDownloads } from '../../../test-support/downloads';
import { renderSignedIn } from '../../../test-support/signed-in';
import { API } from '@fridgeparts/common/api-paths';
import type { BookingReturns, Return } from '@fridgeparts/common/returns/returns.answers';
import { returnFixture } from '../lib/return-fixtures';
import type { CoreBookingLine } from '../lib/core-offers';
import { lineFixture } from '../../../test-support/fixtures';

const api = fakeApi();
const { default: OrderReturns } = await import('./order-returns');

const saved = catchDownloads('blob:slip');

const RETURNS = API.bookingReturns('o1');

const OPEN: BookingReturns['returnable'] = [
  {
    lineId: '0',
    name: 'Door Gasket',
    partNumber: 'FP-GSK-1',
    quantity: 8,
    reasons: [
      { reason: 'wrong-part', until: '2026-12-03T18:00:00.000Z' },
      { reason: 'not-needed', until: '2026-12-03T18:00:00.000Z' },
      { reason: 'defective', until: '2027-11-03T18:00:00.000Z' },
    ],
  },
  { lineId: '1', name: 'Start Relay', partNumber: null, quantity: 2, reasons: [{ reason: 'defective', until: '2027-11-03T18:00:00.000Z' }] },
];

function show(answer: BookingReturns | ReturnType<typeof failure>, lines: CoreBookingLine[] = []) {
  api.on('GET', RETURNS, 'status' in answer ? answer : json<BookingReturns>(answer));
  return renderSignedIn(
    <main>
      <h1>Order</h1>
      <OrderReturns bookingId="o1" orderNumber="FP-2026-000042" lines={lines} />
    </main>,
  );
}

describe('the order page’s Returns (CONTRACT §16)', () => {
  afterEach(cleanup);

  it('lists each return with its state, lines and reasons, the address once approved, the refund once made, and its RMA slip', async () => {
    const refunded = returnFixture({
      id: 'b1b2c3d4e5f6a7b8c9d0e1f2',
      rmaNumber: 'RMA-2026-000013',
      state: 'refunded',
      restockingFeePercent: 15,
      refund: { parts: 25, fee: 3.75, shipping: 0, tax: 1.54, total: 22.79, method: 'card', refundId: 're_1', creditNoteId: null },
      returnAddress: 'FridgeParts Returns, 2100 Industrial Way, Springfield, IL 62702',
    });
    await show({
      returns: [returnFixture({ state: 'approved', returnAddress: 'FridgeParts Returns, 2100 Industrial Way, Springfield, IL 62702' }), refunded],
      returnable: [],
    });
    const cards = await screen.findAllByTestId('order-return');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByTestId('order-return-rma')).toHaveTextContent('RMA-2026-000012');
    expect(within(cards[0]!).getByTestId('order-return-state')).toHaveTextContent('Approved');
    expect(within(cards[0]!).getByTestId('order-return-line')).toHaveTextContent('2 × Door Gasket (FP-GSK-1): Wrong part “Got the 24 in”');
    expect(within(cards[0]!).getByTestId('order-return-address')).toHaveTextContent('2100 Industrial Way, Springfield, IL 62702');
    expect(within(cards[0]!).queryByTestId('order-return-refund')).toBeNull();
    // Refunded: the server's amounts, the fee with its rate; no address to send to any more.
    expect(within(cards[1]!).getByTestId('order-return-state')).toHaveTextContent('Refunded');
    expect(within(cards[1]!).queryByTestId('order-return-address')).toBeNull();
    expect(within(cards[1]!).getByTestId('refund-fee')).toHaveTextContent('−$3.75');
    expect(within(cards[1]!).getByText('Restocking fee (15%)')).toBeInTheDocument();
    expect(within(cards[1]!).getByTestId('refund-total')).toHaveTextContent('$22.79');
    // Nothing returnable left: no Return parts.
    expect(screen.queryByRole('button', { name: 'Return parts' })).toBeNull();

    api.on('GET', API.returnSlip('o1', 'b1b2c3d4e5f6a7b8c9d0e1f2'), file('%PDF-1.7', 'application/pdf'));
    await userEvent.click(within(cards[1]!).getByRole('button', { name: 'RMA slip (PDF) of RMA-2026-000013' }));
    await waitFor(() => expect(saved).toContain('RMA-2026-000013.pdf'));
  });

  it('shows nothing for an order with nothing returned nor returnable, or one the reader may not see', async () => {
    await show({ returns: [], returnable: [{ ...OPEN[1]!, reasons: [] }] });
    await waitFor(() => expect(api.sent('GET', RETURNS)).toHaveLength(1));
    expect(screen.queryByRole('heading', { name: 'Returns' })).toBeNull();
    cleanup();
    await show(failure('permission-denied', 'Not your order'));
    await waitFor(() => expect(api.sent('GET', RETURNS)).toHaveLength(2));
    expect(screen.queryByRole('heading', { name: 'Returns' })).toBeNull();
  });

  it('says when the returns could not be read, and reads them again on Try again', async () => {
    await show(failure('internal', 'The shop is having trouble'));
    expect(await screen.findByRole('alert')).toHaveTextContent('The returns could not be loaded.');
    api.on('GET', RETURNS, json<BookingReturns>({ returns: [returnFixture()], returnable: [] }));
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('order-return')).toHaveTextContent('RMA-2026-000012');
  });

  it('Return parts: per line a quantity, the reasons whose window is open with their last day, a note; sends once and shows the RMA number', async () => {
    await show({ returns: [], returnable: OPEN });
    await userEvent.click(await screen.findByRole('button', { name: 'Return parts' }));
    const dialog = await screen.findByRole('dialog', { name: 'Return parts of order FP-2026-000042' });
    const lines = within(dialog).getAllByTestId('return-line');
    expect(lines).toHaveLength(2);
    const reason = within(lines[0]!).getByRole('combobox', { name: 'Reason' });
    expect(
      within(reason)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Wrong part (until Dec 3)', 'Not needed (until Dec 3)', 'Defective (until Nov 3)']);
    expect(
      within(lines[1]!)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Defective (until Nov 3)']);

    // Nothing chosen: said, nothing sent.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Request return' }));
    expect(await within(dialog).findByText('Return at least one unit of one line')).toBeInTheDocument();
    // Too many: at its field.
    const quantity = within(lines[0]!).getByRole('textbox', { name: 'Quantity to return' });
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '9');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Request return' }));
    await waitFor(() => expect(quantity).toHaveAccessibleDescription('At most 8 can be returned'));
    expect(api.sent('POST', RETURNS)).toHaveLength(0);

    // The server refuses the first try (the window closed meanwhile) at the line's reason; the second goes through.
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '2');
    await userEvent.selectOptions(reason, 'not-needed');
    await userEvent.type(within(lines[0]!).getByRole('textbox', { name: 'Note (optional)' }), 'Spare');
    api.once(
      'POST',
      RETURNS,
      failure('invalid-argument', 'Not returnable', { 'lines.0.reason': 'The 30-day return window for not-needed closed on Dec 3, 2026' }),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Request return' }));
    await waitFor(() => expect(reason).toHaveAccessibleDescription('The 30-day return window for not-needed closed on Dec 3, 2026'));
    await userEvent.selectOptions(reason, 'wrong-part');
    api.on('POST', RETURNS, json<Return>(returnFixture(), { status: 201 }));
    api.on('GET', RETURNS, json<BookingReturns>({ returns: [returnFixture()], returnable: OPEN }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Request return' }));
    const done = await screen.findByRole('dialog', { name: 'Return RMA-2026-000012' });
    expect(within(done).getByTestId('return-rma')).toHaveTextContent('RMA-2026-000012');
    expect(within(done).getByRole('list', { name: 'What happens next' })).toBeInTheDocument();

    const posts = api.sent('POST', RETURNS);
    expect(posts).toHaveLength(2);
    expect(posts[1]!.body).toEqual({ lines: [{ lineId: '0', quantity: 2, reason: 'wrong-part', note: 'Spare' }] });
    // One key for the dialog's life: the retry is the same request.
    expect(posts[0]!.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(posts[1]!.headers['idempotency-key']).toBe(posts[0]!.headers['idempotency-key']);
    // The list is read again and shows the new return.
    expect(await screen.findByTestId('order-return')).toHaveTextContent('RMA-2026-000012');
    await userEvent.click(within(done).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  describe('core returns (decision 0088)', () => {
    /** Line 0 a gasket; line 1 two compressors with a $75.00 deposit each, 2 cores owed, due Jan 27. */
    const LINES: CoreBookingLine[] = [
      lineFixture({ toolId: 'g', partNumber: 'FP-GSK-1', name: 'Door Gasket', quantity: 10, price: 12.5, lineTotal: 125, shippedQuantity: 10 }),
      {
        ...lineFixture({
          toolId: 'c',
          partNumber: 'FP-CMP-134A-033',
          name: 'Hermetic Compressor',
          quantity: 2,
          price: 310,
          lineTotal: 620,
          shippedQuantity: 2,
        }),
        coreDeposit: 150,
        coresOwed: 2,
        coresDueOn: '2027-01-27',
        coresKept: false,
      },
    ];
    const coreReturn = (over: Partial<Return> = {}) =>
      returnFixture({
        id: 'c1b2c3d4e5f6a7b8c9d0e1f2',
        rmaNumber: 'RMA-2026-000020',
        lines: [
          {
            ...returnFixture().lines[0]!,
            lineId: '1',
            name: 'Hermetic Compressor',
            partNumber: 'FP-CMP-134A-033',
            quantity: 2,
            reason: 'core',
            note: null,
            unitPrice: 310,
            coreDeposit: 75,
            inspection: null,
          },
        ],
        ...over,
      });

    it('Return cores: the cores owed, their deposit and due day; a core return of only core lines, then its RMA number', async () => {
      await show({ returns: [], returnable: OPEN }, LINES);
      await userEvent.click(await screen.findByRole('button', { name: 'Return cores' }));
      const dialog = await screen.findByRole('dialog', { name: 'Return cores of order FP-2026-000042' });
      // Both kinds can go back: the dialog offers the choice, on cores as opened.
      expect(within(dialog).getByRole('radio', { name: 'Return cores' })).toBeChecked();
      const lines = within(dialog).getAllByTestId('return-line');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toHaveTextContent('Hermetic Compressor (FP-CMP-134A-033)');
      const quantity = within(lines[0]!).getByRole('textbox', { name: 'Cores to return' });
      expect(quantity).toHaveValue('2');
      expect(quantity).toHaveAccessibleDescription('0 to 2; deposit $75.00 each, due back by Jan 27');
      expect(within(dialog).queryByRole('combobox', { name: 'Reason' })).toBeNull();
      await userEvent.clear(quantity);
      await userEvent.type(quantity, '3');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Request core return' }));
      await waitFor(() => expect(quantity).toHaveAccessibleDescription('At most 2 can be returned'));
      expect(api.sent('POST', RETURNS)).toHaveLength(0);

      await userEvent.clear(quantity);
      await userEvent.type(quantity, '1');
      api.on('POST', RETURNS, json<Return>(coreReturn({ lines: [{ ...coreReturn().lines[0]!, quantity: 1 }] }), { status: 201 }));
      api.on('GET', RETURNS, json<BookingReturns>({ returns: [coreReturn()], returnable: OPEN }));
      await userEvent.click(within(dialog).getByRole('button', { name: 'Request core return' }));
      const done = await screen.findByRole('dialog', { name: 'Return RMA-2026-000020' });
      expect(within(done).getByTestId('return-requested')).toHaveTextContent('Your return number is RMA-2026-000020 (1 core).');
      expect(api.sent('POST', RETURNS)[0]!.body).toEqual({ lines: [{ lineId: '1', quantity: 1, reason: 'core' }] });
    });

    it('the dialog switches between a part return and a core return; each sends only its own lines', async () => {
      await show({ returns: [], returnable: OPEN }, LINES);
      await userEvent.click(await screen.findByRole('button', { name: 'Return parts' }));
      const dialog = await screen.findByRole('dialog', { name: 'Return parts of order FP-2026-000042' });
      expect(within(dialog).getAllByTestId('return-line')).toHaveLength(2);
      await userEvent.click(within(dialog).getByRole('radio', { name: 'Return cores' }));
      expect(await screen.findByRole('dialog', { name: 'Return cores of order FP-2026-000042' })).toBe(dialog);
      expect(within(dialog).getAllByTestId('return-line')).toHaveLength(1);
      await userEvent.click(within(dialog).getByRole('radio', { name: 'Return parts' }));
      expect(within(dialog).getAllByTestId('return-line')).toHaveLength(2);
      expect(within(dialog).getAllByRole('textbox', { name: 'Quantity to return' })[0]).toHaveValue('0');
    });

    it('no Return cores once every core owed is in an open core return, or the deposit was kept; a refunded core return shows the deposit back', async () => {
      const refunded = coreReturn({
        id: 'd1b2c3d4e5f6a7b8c9d0e1f2',
        rmaNumber: 'RMA-2026-000021',
        state: 'refunded',
        lines: [{ ...coreReturn().lines[0]!, quantity: 1, inspection: 'accepted' }],
        refund: { parts: 75, fee: 0, shipping: 0, tax: 5.63, total: 80.63, method: 'card', refundId: 're_2', creditNoteId: null },
      });
      await show({ returns: [coreReturn({ state: 'approved', lines: [{ ...coreReturn().lines[0]!, quantity: 1 }] }), refunded], returnable: [] }, [
        LINES[0]!,
        { ...LINES[1]!, coresOwed: 1 },
      ]);
      const cards = await screen.findAllByTestId('order-return');
      expect(within(cards[0]!).getByTestId('order-return-line')).toHaveTextContent(
        '1 × Hermetic Compressor (FP-CMP-134A-033): Core return (deposit $75.00 each)',
      );
      expect(within(cards[0]!).getByTestId('order-return-next')).toHaveTextContent(/old units/);
      expect(within(cards[1]!).getByTestId('order-return-rma')).toHaveTextContent('RMA-2026-000021');
      expect(within(cards[1]!).getByTestId('order-return-inspection')).toHaveTextContent('Accepted');
      expect(within(cards[1]!).getByRole('heading', { name: 'Deposit back' })).toBeInTheDocument();
      expect(within(cards[1]!).getByTestId('refund-parts')).toHaveTextContent('$75.00');
      expect(within(cards[1]!).getByTestId('refund-total')).toHaveTextContent('$80.63');
      expect(within(cards[1]!).queryByTestId('refund-fee')).toBeNull();
      expect(within(cards[1]!).getByTestId('order-return-next')).toHaveTextContent('Deposit refunded to the card the order was paid with.');
      expect(screen.queryByRole('button', { name: 'Return cores' })).toBeNull();
      cleanup();
      await show({ returns: [], returnable: [] }, [LINES[0]!, { ...LINES[1]!, coresKept: true }]);
      await waitFor(() => expect(api.sent('GET', RETURNS).length).toBeGreaterThan(0));
      expect(screen.queryByRole('button', { name: 'Return cores' })).toBeNull();
      expect(screen.queryByRole('heading', { name: 'Returns' })).toBeNull();
    });
  });
});
