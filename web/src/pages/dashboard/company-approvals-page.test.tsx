import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API } from '@fridgeparts/common/api-paths';
import type { Booking } from '@fridgeparts/common/booking';
import { failure, fakeApi, json, page } from '../../test-support/fake-api';
import { bookingFixture, companyFixture, FIXTURE_ADDRESS, myCompanyFixture, lineFixture } from '../../test-support/fixtures';
import { CASEY, renderSignedIn } from '../../test-support/signed-in';

vi.mock('../../lib/infra/toast', () => import('../../test-support/toast'));

const api = fakeApi();
const { default: CompanyApprovalsPage } = await import('./company-approvals-page');
const { default: CompanyOrdersPage } = await import('./company-orders-page');

const COMPANY = companyFixture({ shipTo: [{ id: 's1', label: 'Main warehouse', address: FIXTURE_ADDRESS }], terms: 'net30', creditLimit: 25000 });
const asAdmin = json(myCompanyFixture({ company: COMPANY, role: 'company-admin', spendingLimit: null }));

const WAITING = bookingFixture({
  _id: 'w1',
  orderNumber: 'FP-2026-000077',
  userName: 'Tech',
  email: 'tech@northwind.test',
  address: 'Main warehouse, 1200 Harbor Blvd, Oakland, CA 94607, US',
  state: 'awaiting-approval',
  companyId: 'c1',
  shipToId: 's1',
  total: 812.5,
  lineCount: 2,
  lines: [
    lineFixture({
      toolId: 't',
      partNumber: 'FP-CMP-1',
      name: 'Compressor',
      quantity: 1,
      price: 700,
      lineTotal: 700,
    }),
    lineFixture({
      toolId: 'g',
      partNumber: 'FP-GSK-2',
      name: 'Door Gasket',
      quantity: 9,
      price: 12.5,
      lineTotal: 112.5,
    }),
  ],
  approval: { spendingLimit: 500, decision: null, decidedBy: null, decidedAt: null, note: null, expiresAt: '2099-01-03T10:00:00.000Z' },
});

describe('Approvals (decision 0061)', () => {
  afterEach(cleanup);

  it('lists each waiting order: number, buyer, ship-to, lines, total and when it is released', async () => {
    api.on('GET', API.myCompany, asAdmin).on('GET', API.companyApprovals('c1'), page([WAITING]));
    await renderSignedIn(<CompanyApprovalsPage />);
    const row = await screen.findByTestId('approval-row');
    expect(row).toHaveTextContent('FP-2026-000077');
    expect(row).toHaveTextContent('Tech');
    expect(row).toHaveTextContent('Main warehouse, 1200 Harbor Blvd');
    expect(within(row).getByRole('list', { name: 'Lines of order FP-2026-000077' })).toHaveTextContent('1 × Compressor FP-CMP-19 × Door Gasket FP-GSK-2');
    expect(within(row).getByTestId('approval-total')).toHaveTextContent('$812.50');
    expect(row.querySelector('time[datetime="2099-01-03T10:00:00.000Z"]')).not.toBeNull();
    await waitFor(() => expect(document.title).toBe('Approvals | FridgeParts'));
    // Reached from My company's links, which every company page shows (marked as current in the e2e walk).
    expect(screen.getByRole('navigation', { name: 'Company pages' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Approvals' })).toHaveAttribute('href', '/dashboard/company/approvals');
  });

  it('approves with a note: the request, a status message, and the list read again', async () => {
    api.on('GET', API.myCompany, asAdmin).on('GET', API.companyApprovals('c1'), page([WAITING]));
    api.on('POST', API.approveBooking('w1'), () => {
      api.on('GET', API.companyApprovals('c1'), page([]));
      return json<Booking>({ ...WAITING, state: 'confirmed' });
    });
    await renderSignedIn(<CompanyApprovalsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Approve order FP-2026-000077' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve order FP-2026-000077' });
    expect(dialog).toHaveTextContent('confirms it on account');
    await userEvent.type(within(dialog).getByLabelText('Note to the buyer (optional)'), 'For the Henderson job');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('No orders are waiting for approval.')).toBeInTheDocument();
    expect(screen.getByTestId('approvals-status')).toHaveTextContent('Order FP-2026-000077 approved: it is confirmed on account');
    expect(api.sent('POST', API.approveBooking('w1')).map((r) => r.body)).toEqual([{ note: 'For the Henderson job' }]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a decline needs a note: without one nothing is sent and the field says why; with one it goes', async () => {
    api.on('GET', API.myCompany, asAdmin).on('GET', API.companyApprovals('c1'), page([WAITING]));
    api.on('POST', API.declineBooking('w1'), json<Booking>({ ...WAITING, state: 'declined' }));
    await renderSignedIn(<CompanyApprovalsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Decline order FP-2026-000077' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline order FP-2026-000077' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Decline' }));
    expect(await within(dialog).findByText(/Say why the order is declined/)).toBeInTheDocument();
    expect(api.sent('POST', API.declineBooking('w1'))).toHaveLength(0);
    await userEvent.type(within(dialog).getByLabelText('Why it is declined'), 'Over budget this month');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Decline' }));
    expect(await screen.findByText(/Order FP-2026-000077 declined/)).toBeInTheDocument();
    expect(api.sent('POST', API.declineBooking('w1')).map((r) => r.body)).toEqual([{ note: 'Over budget this month' }]);
  });

  it('the server’s refusal (the credit limit’s 409) stays in the dialog, where the admin reads it', async () => {
    const message = 'This order would pass the credit limit of $25,000.00: $24,800.00 is open, so $200.00 is left.';
    api.on('GET', API.myCompany, asAdmin).on('GET', API.companyApprovals('c1'), page([WAITING]));
    api.on('POST', API.approveBooking('w1'), failure('conflict', message));
    await renderSignedIn(<CompanyApprovalsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Approve order FP-2026-000077' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve order FP-2026-000077' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await within(dialog).findByTestId('decision-refusal')).toHaveTextContent(message);
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Not approved');
    expect(api.sent('POST', API.approveBooking('w1')).map((r) => r.body)).toEqual([{}]);
  });

  it('says so when nothing waits, and tells a buyer the page is for company admins', async () => {
    api.on('GET', API.myCompany, asAdmin).on('GET', API.companyApprovals('c1'), page([]));
    await renderSignedIn(<CompanyApprovalsPage />);
    expect(await screen.findByText('No orders are waiting for approval.')).toBeInTheDocument();
    cleanup();
    api.on('GET', API.myCompany, json(myCompanyFixture({ company: COMPANY, spendingLimit: 500 })));
    await renderSignedIn(<CompanyApprovalsPage />, { user: { ...CASEY, uid: 'u-buyer' } });
    expect(await screen.findByText(/Only the company admins of Northwind Refrigeration Service see this page/)).toBeInTheDocument();
    expect(api.sent('GET', API.companyApprovals('c1'))).toHaveLength(1);
  });
});

describe('Company orders (decision 0061)', () => {
  afterEach(cleanup);

  it('pages through every order of the company, each with its state and a link to its page', async () => {
    const confirmed = bookingFixture({
      _id: 'o2',
      orderNumber: 'FP-2026-000078',
      companyId: 'c1',
      state: 'confirmed',
      payment: { method: 'invoice', invoiceId: 'in_1', number: 'NW-0042', hostedInvoiceUrl: 'https://invoice.test', dueDate: null, status: 'open' },
    });
    api.on('GET', API.myCompany, asAdmin);
    api.once('GET', API.companyOrders('c1'), page([WAITING], 'next-1'));
    await renderSignedIn(<CompanyOrdersPage />);
    expect(await screen.findByTestId('company-order-row')).toHaveTextContent('Waiting for approval');
    api.on('GET', API.companyOrders('c1'), page([confirmed]));
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByTestId('company-order-row')).toHaveLength(2));
    expect(screen.getAllByTestId('company-order-row')[1]).toHaveTextContent('Confirmed, on accountinvoice NW-0042 open');
    expect(screen.getByRole('link', { name: 'Order FP-2026-000078: open its page' })).toHaveAttribute('href', '/dashboard/order/o2');
    expect(api.sent('GET', API.companyOrders('c1')).map((r) => r.path)).toEqual([
      '/companies/c1/orders?limit=20',
      '/companies/c1/orders?limit=20&cursor=next-1',
    ]);
    await waitFor(() => expect(document.title).toBe('Company orders | FridgeParts'));
  });
});
