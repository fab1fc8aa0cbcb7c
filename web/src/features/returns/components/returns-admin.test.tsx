import { afterEach, describe, expect, it, vi } from 'vitest';
vi.mock('../../../lib/infra/toast', () => import('../../../test-support/toast'));
import { useState } from 'react';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { failure, fakeApi, json } from '../../../test-support/fake-api';
import { notify } from '../../../test-support/toast';
import type { FakeUser } from '../../../test-support/fake-auth-client';
import { renderSignedIn } from '../../../test-support/signed-in';
import { API } from '@fridgeparts/common/api-paths';
import type { Return, ReturnsPage } from '@fridgeparts/common/returns/returns.answers';
import type { ReturnState } from '@fridgeparts/common/returns/returns';
import { returnFixture } from '../lib/return-fixtures';

const api = fakeApi();
const RID = returnFixture().id;
const { ReturnsAdmin } = await import('./returns-admin');

const ADMIN: FakeUser = { uid: 'u-admin', email: 'admin@fridgeparts.test', displayName: 'Admin', emailVerified: true };
const list = (state: ReturnState) => API.returns({ state });

function Harness() {
  const [state, setState] = useState<ReturnState>('requested');
  return (
    <main>
      <h1>Returns</h1>
      <ReturnsAdmin state={state} onState={setState} />
    </main>
  );
}

function show(pages: Partial<Record<ReturnState, Return[]>>) {
  for (const state of ['requested', 'approved', 'received', 'refunded', 'declined', 'closed'] as const)
    api.on('GET', list(state), json<ReturnsPage>({ returns: pages[state] ?? [], nextCursor: null }));
  return renderSignedIn(<Harness />, { user: ADMIN });
}

const NOT_NEEDED = returnFixture({
  lines: [
    { ...returnFixture().lines[0]!, reason: 'not-needed', note: null },
    { ...returnFixture().lines[0]!, lineId: '1', name: 'Start Relay', partNumber: null, quantity: 1, reason: 'wrong-part', note: null },
  ],
});

describe('the shop admin’s Returns (CONTRACT §16)', () => {
  afterEach(cleanup);

  it('a tab per state, the arrow keys moving between them; each tab’s returns, or why there are none', async () => {
    await show({ requested: [returnFixture()], refunded: [] });
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Requested', 'Awaiting receipt', 'Awaiting refund', 'Refunded', 'Declined', 'Closed claims']);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    const row = await screen.findByTestId('return-row');
    expect(within(row).getByTestId('return-rma')).toHaveTextContent('RMA-2026-000012');
    expect(within(row).getByRole('link', { name: 'FP-2026-000042' })).toHaveAttribute('href', '/dashboard/order/o1');
    expect(within(row).getByTestId('return-line')).toHaveTextContent('2 × Door Gasket (FP-GSK-1): Wrong part');
    expect(screen.getByRole('tabpanel', { name: 'Requested' })).toBeInTheDocument();

    tabs[0]!.focus();
    await userEvent.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Closed claims' })).toHaveFocus();
    await userEvent.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Declined' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Declined' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('No return has been declined.')).toBeInTheDocument();
    await userEvent.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'Requested' })).toHaveFocus();
    expect(api.sent('GET', list('declined'))).toHaveLength(1);
  });

  it('says when the list could not be read, with Try again', async () => {
    api.on('GET', list('requested'), failure('internal', 'The shop is having trouble'));
    await renderSignedIn(<Harness />, { user: ADMIN });
    expect(await screen.findByRole('alert')).toHaveTextContent('The shop is having trouble');
    api.on('GET', list('requested'), json<ReturnsPage>({ returns: [returnFixture()], nextCursor: null }));
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('return-row')).toBeInTheDocument();
  });

  it('Approve: the fee prefilled at 15 % when a part is not needed, checked, then the row shows the next step', async () => {
    await show({ requested: [NOT_NEEDED] });
    await userEvent.click(await screen.findByRole('button', { name: 'Approve RMA-2026-000012' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve RMA-2026-000012' });
    const fee = within(dialog).getByRole('textbox', { name: 'Restocking fee (%)' });
    expect(fee).toHaveValue('15');
    await userEvent.clear(fee);
    await userEvent.type(fee, '60');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(fee).toHaveAccessibleDescription('A whole number from 0 to 50'));
    await userEvent.clear(fee);
    await userEvent.type(fee, '10');
    const approved = { ...NOT_NEEDED, state: 'approved' as const, restockingFeePercent: 10, approvedAt: '2026-11-21T10:00:00.000Z' };
    api.on('POST', API.returnApprove('o1', RID), json<Return>(approved));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.sent('POST', API.returnApprove('o1', RID))[0]!.body).toEqual({ restockingFeePercent: 10 });
    const row = screen.getByTestId('return-row');
    // The table draws its rows in the background (useDeferredValue): the answer shows a render later.
    await waitFor(() => expect(within(row).getByTestId('return-state')).toHaveTextContent('Approved, awaiting the parts'));
    expect(within(row).getByText('Restocking fee 10%')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Receive RMA-2026-000012' })).toBeInTheDocument();
    expect(notify.success).toHaveBeenCalledWith('RMA-2026-000012 approved: the buyer is emailed where to send the parts.');
  });

  it('Approve prefills 0 when no part is a not-needed one; Decline asks the reason first', async () => {
    await show({ requested: [returnFixture()] });
    await userEvent.click(await screen.findByRole('button', { name: 'Approve RMA-2026-000012' }));
    let dialog = await screen.findByRole('dialog', { name: 'Approve RMA-2026-000012' });
    expect(within(dialog).getByRole('textbox', { name: 'Restocking fee (%)' })).toHaveValue('0');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await userEvent.click(screen.getByRole('button', { name: 'Decline RMA-2026-000012' }));
    dialog = await screen.findByRole('dialog', { name: 'Decline RMA-2026-000012?' });
    const reason = within(dialog).getByRole('textbox', { name: 'Reason' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Decline return' }));
    await waitFor(() => expect(reason).toHaveAccessibleDescription('Say why: the buyer is emailed it'));
    expect(api.sent('POST', API.returnDecline('o1', RID))).toHaveLength(0);
    await userEvent.type(reason, 'Installed and used');
    api.on('POST', API.returnDecline('o1', RID), json<Return>({ ...returnFixture(), state: 'declined', declineReason: 'Installed and used' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Decline return' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.sent('POST', API.returnDecline('o1', RID))[0]!.body).toEqual({ reason: 'Installed and used' });
    const row = screen.getByTestId('return-row');
    await waitFor(() => expect(within(row).getByTestId('return-state')).toHaveTextContent('Declined'));
    expect(within(row).getByText('“Installed and used”')).toBeInTheDocument();
    expect(within(row).queryByRole('button')).toBeNull();
  });

  it('Receive: per line resaleable and damaged, together at most the quantity; Refund confirms the server’s amount, then says what was refunded', async () => {
    const approved = { ...NOT_NEEDED, state: 'approved' as const, restockingFeePercent: 15 };
    await show({ requested: [approved] });
    await userEvent.click(await screen.findByRole('button', { name: 'Receive RMA-2026-000012' }));
    const dialog = await screen.findByRole('dialog', { name: 'Receive RMA-2026-000012' });
    const resaleable = within(dialog).getAllByTestId('receive-resaleable');
    const damaged = within(dialog).getAllByTestId('receive-damaged');
    expect(resaleable.map((i) => (i as HTMLInputElement).value)).toEqual(['2', '1']);
    expect(damaged.map((i) => (i as HTMLInputElement).value)).toEqual(['0', '0']);
    await userEvent.type(damaged[0]!, '{Backspace}1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record receipt' }));
    await waitFor(() => expect(damaged[0]).toHaveAccessibleDescription('Resaleable and damaged together at most 2'));
    await userEvent.clear(resaleable[0]!);
    await userEvent.type(resaleable[0]!, '1');
    const due = { parts: 37.5, fee: 5.63, shipping: 0, tax: 2.59, total: 34.46 };
    const received: Return = {
      ...approved,
      state: 'received',
      lines: approved.lines.map((l, i) => ({ ...l, resaleable: 1, damaged: i === 0 ? 1 : 0 })),
      refundDue: due,
    };
    api.on('POST', API.returnReceive('o1', RID), json<Return>(received));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record receipt' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.sent('POST', API.returnReceive('o1', RID))[0]!.body).toEqual({
      lines: [
        { lineId: '0', resaleable: 1, damaged: 1 },
        { lineId: '1', resaleable: 1, damaged: 0 },
      ],
    });

    const row = screen.getByTestId('return-row');
    await waitFor(() => expect(within(row).getAllByTestId('return-line')[0]).toHaveTextContent('(back: 1 resaleable, 1 damaged)'));
    await userEvent.click(within(row).getByRole('button', { name: 'Refund RMA-2026-000012' }));
    const confirm = await screen.findByRole('dialog', { name: 'Refund RMA-2026-000012?' });
    expect(within(confirm).getByTestId('refund-due')).toHaveTextContent('Parts$37.50');
    expect(within(confirm).getByTestId('refund-fee')).toHaveTextContent('−$5.63');
    expect(within(confirm).getByTestId('refund-total')).toHaveTextContent('$34.46');
    expect(within(confirm).getByRole('button', { name: 'Not now' })).toHaveFocus();
    const refund = { ...due, total: 34.46, method: 'card' as const, refundId: 're_1', creditNoteId: null };
    api.on('POST', API.returnRefund('o1', RID), json<Return>({ ...received, state: 'refunded', refund, refundDue: null }));
    await userEvent.click(within(confirm).getByRole('button', { name: 'Refund $34.46' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.sent('POST', API.returnRefund('o1', RID))).toHaveLength(1);
    expect(notify.success).toHaveBeenCalledWith('RMA-2026-000012 refunded: $34.46 to the card.');
    await waitFor(() => expect(within(row).getByTestId('return-state')).toHaveTextContent('Refunded'));
    expect(within(row).getByTestId('return-refunded')).toHaveTextContent('Refunded $34.46 to the card');
    // The amounts the server refunded, under the parts.
    expect(within(within(row).getByTestId('return-refund')).getByTestId('refund-total')).toHaveTextContent('$34.46');
    expect(within(row).queryByRole('button', { name: /Refund/ })).toBeNull();
  });

  it('Receive of a core return (decision 0088): per line Accepted, Partial with an amount at most the deposit, or Rejected; Refund confirms the deposit back', async () => {
    const core = (over: Partial<Return['lines'][number]>) => ({
      ...returnFixture().lines[0]!,
      reason: 'core' as const,
      note: null,
      coreDeposit: 75,
      inspection: null,
      ...over,
    });
    const approved = returnFixture({
      state: 'approved',
      restockingFeePercent: 0,
      lines: [
        core({ lineId: '0', name: 'Hermetic Compressor', partNumber: 'FP-CMP-134A-033', quantity: 2 }),
        core({ lineId: '2', name: 'Condensing Unit', partNumber: null, quantity: 1, coreDeposit: 250 }),
      ],
    });
    await show({ requested: [approved] });
    expect(await screen.findAllByTestId('return-line')).toHaveLength(2);
    expect(screen.getAllByTestId('return-line')[0]).toHaveTextContent('2 × Hermetic Compressor (FP-CMP-134A-033): Core return (deposit $75.00 each)');
    expect(screen.queryByText('Restocking fee 0%')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Receive RMA-2026-000012' }));
    const dialog = await screen.findByRole('dialog', { name: 'Receive RMA-2026-000012' });
    const lines = within(dialog).getAllByTestId('receive-line');
    expect(lines[0]).toHaveTextContent('2 × Hermetic Compressor (FP-CMP-134A-033): deposit $150.00');
    expect(within(lines[0]!).getByRole('radio', { name: 'Accepted' })).toBeChecked();
    expect(within(dialog).queryByTestId('receive-resaleable')).toBeNull();
    // Partial asks the amount: more than the deposit is said at the field, nothing sent.
    await userEvent.click(within(lines[0]!).getByRole('radio', { name: 'Partial' }));
    const amount = within(lines[0]!).getByRole('textbox', { name: 'Amount credited ($)' });
    expect(amount).toHaveAccessibleDescription('At most $150.00');
    await userEvent.type(amount, '150.01');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record inspection' }));
    await waitFor(() => expect(amount).toHaveAccessibleDescription('At most the deposit of these cores, $150.00'));
    await userEvent.clear(amount);
    await userEvent.type(amount, 'some');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record inspection' }));
    await waitFor(() => expect(amount).toHaveAccessibleDescription('The dollars credited, like 42.50 (at most $150.00)'));
    expect(api.sent('POST', API.returnReceive('o1', RID))).toHaveLength(0);
    await userEvent.clear(amount);
    await userEvent.type(amount, '42.50');
    await userEvent.click(within(lines[1]!).getByRole('radio', { name: 'Rejected' }));

    const due = { parts: 42.5, fee: 0, shipping: 0, tax: 3.19, total: 45.69 };
    const received: Return = {
      ...approved,
      state: 'received',
      lines: [
        { ...approved.lines[0]!, inspection: 'partial' },
        { ...approved.lines[1]!, inspection: 'rejected' },
      ],
      refundDue: due,
    };
    api.on('POST', API.returnReceive('o1', RID), json<Return>(received));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Record inspection' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Dollars on the wire, as the server's schema takes them.
    expect(api.sent('POST', API.returnReceive('o1', RID))[0]!.body).toEqual({
      lines: [
        { lineId: '0', inspection: 'partial', amount: 42.5 },
        { lineId: '2', inspection: 'rejected' },
      ],
    });
    const row = screen.getByTestId('return-row');
    await waitFor(() => expect(within(row).getAllByTestId('return-inspection')[0]).toHaveTextContent('(inspected: Partly accepted)'));
    expect(within(row).getAllByTestId('return-inspection')[1]).toHaveTextContent('(inspected: Rejected)');
    expect(within(row).queryByText(/resaleable/)).toBeNull();
    await userEvent.click(within(row).getByRole('button', { name: 'Refund RMA-2026-000012' }));
    const confirm = await screen.findByRole('dialog', { name: 'Refund RMA-2026-000012?' });
    expect(within(confirm).getByTestId('refund-due')).toHaveTextContent('Core deposit$42.50');
    expect(within(confirm).queryByTestId('refund-fee')).toBeNull();
    expect(within(confirm).getByRole('button', { name: 'Refund $45.69' })).toBeInTheDocument();
  });

  it('Approve of a core return (decision 0088) asks no restocking fee: it sends 0', async () => {
    const requested = returnFixture({ lines: [{ ...returnFixture().lines[0]!, reason: 'core', note: null, coreDeposit: 75, inspection: null }] });
    await show({ requested: [requested] });
    await userEvent.click(await screen.findByRole('button', { name: 'Approve RMA-2026-000012' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve RMA-2026-000012' });
    expect(within(dialog).queryByRole('textbox', { name: 'Restocking fee (%)' })).toBeNull();
    expect(dialog).toHaveTextContent('their deposit is refunded by the inspection');
    api.on('POST', API.returnApprove('o1', RID), json<Return>({ ...requested, state: 'approved', restockingFeePercent: 0 }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.sent('POST', API.returnApprove('o1', RID))[0]!.body).toEqual({ restockingFeePercent: 0 });
  });
});
