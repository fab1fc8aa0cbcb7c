import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Navigate, Route, Routes } from 'react-router-dom';
import { API } from '@fridgeparts/common/api-paths';
import type { CompanyInvoice } from '@fridgeparts/common/invoice.answers';
import { ROUTES } from '../../lib/infra/paths';
import { fakeApi, json, page } from '../../test-support/fake-api';
import { companyFixture, FIXTURE_ADDRESS } from '../../test-support/fixtures';
import { renderSignedIn } from '../../test-support/signed-in';

vi.mock('../../lib/infra/toast', () => import('../../test-support/toast'));

const api = fakeApi();
const { default: CompanyInvoicesPage } = await import('./company-invoices-page');

const COMPANY = companyFixture({
  name: 'Acme Cooling',
  shipTo: [{ id: 's1', label: 'Shop', address: FIXTURE_ADDRESS }],
  terms: 'net30',
  creditLimit: 25_000,
  openInvoiceTotal: 1_234.5,
});
const invoice = (over: Partial<CompanyInvoice>): CompanyInvoice => ({
  orderId: 'o1',
  orderNumber: 'FP-2026-000101',
  invoiceId: 'in_1',
  invoiceNumber: 'ACME-0007',
  amount: 387,
  dueDate: '2099-12-27T10:00:00.000Z',
  status: 'open',
  hostedInvoiceUrl: 'http://stripe.test/invoice/in_1',
  createdAt: '2026-11-27T10:00:00.000Z',
  ...over,
});
const INVOICES = API.companyInvoices('c1');

async function renderPage(at = '/dashboard/companies/c1/invoices') {
  await renderSignedIn(
    <Routes>
      <Route path="/" element={<Navigate to={at} />} />
      <Route path={ROUTES.companyInvoices} element={<CompanyInvoicesPage />} />
    </Routes>,
  );
}

describe("A company's invoices for the shop admin (decision 0063)", () => {
  afterEach(cleanup);

  it('shows the open total and the credit limit, then the open invoices with due dates, overdue marked, each linked', async () => {
    api.on('GET', API.company('c1'), json(COMPANY));
    api.on(
      'GET',
      INVOICES,
      page(
        [
          invoice({}),
          invoice({ orderId: 'o2', orderNumber: 'FP-2026-000100', invoiceId: 'in_0', invoiceNumber: null, dueDate: '2020-01-31T10:00:00.000Z', amount: 847.5 }),
        ],
        'next',
      ),
    );
    await renderPage();
    await waitFor(() => expect(screen.getByTestId('invoice-company')).toHaveTextContent('Acme Cooling'));
    expect(screen.getByRole('heading', { level: 1, name: 'Invoices' })).toBeInTheDocument();
    expect(document.title).toMatch(/^Invoices of Acme Cooling/);
    expect(screen.getByTestId('invoice-open-total')).toHaveTextContent('$1,234.50');
    expect(screen.getByTestId('invoice-credit-limit')).toHaveTextContent('$25,000.00');
    expect(screen.getByText('$23,765.50')).toBeInTheDocument();
    const rows = (await screen.findAllByTestId('invoice-row')).map((r) => within(r));
    expect(api.sent('GET', INVOICES)[0]?.path).toBe('/companies/c1/invoices?status=open&limit=20');
    expect(rows[0]!.getByRole('link', { name: 'FP-2026-000101' })).toHaveAttribute('href', '/dashboard/order/o1');
    expect(rows[0]!.getByText('$387.00')).toBeInTheDocument();
    // The number a bank remittance quotes; none before Stripe finalizes the invoice.
    expect(rows[0]!.getByTestId('invoice-number')).toHaveTextContent('ACME-0007');
    expect(rows[1]!.getByTestId('invoice-number')).toHaveTextContent('not issued yet');
    expect(rows[0]!.getByText('Dec 27, 2099')).toBeInTheDocument();
    expect(rows[0]!.queryByTestId('invoice-overdue')).toBeNull();
    expect(rows[0]!.getByRole('link', { name: 'Open invoice of order FP-2026-000101' })).toHaveAttribute('href', 'http://stripe.test/invoice/in_1');
    expect(rows[1]!.getByTestId('invoice-overdue')).toHaveTextContent('Jan 31, 2020 · overdue');
    expect(screen.getByRole('link', { name: '← Company page' })).toHaveAttribute('href', '/dashboard/companies/c1');
    // The next page on the API's cursor.
    api.on('GET', INVOICES, page([invoice({ orderId: 'o3', orderNumber: 'FP-2026-000099' })]));
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: 'FP-2026-000099' })).toBeInTheDocument();
    expect(api.sent('GET', INVOICES)[1]?.path).toBe('/companies/c1/invoices?status=open&limit=20&cursor=next');
  });

  it('filters by status (all: no status sent), and says when there is none', async () => {
    api.on('GET', API.company('c1'), json(COMPANY));
    api.on('GET', INVOICES, page([]));
    await renderPage();
    expect(await screen.findByText('No open invoices.')).toBeInTheDocument();
    api.on('GET', INVOICES, page([invoice({ status: 'paid' })]));
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'paid');
    expect(await screen.findByTestId('invoice-status')).toHaveTextContent('Paid');
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'all');
    await screen.findAllByTestId('invoice-row');
    expect(api.sent('GET', INVOICES).map((r) => r.path)).toEqual([
      '/companies/c1/invoices?status=open&limit=20',
      '/companies/c1/invoices?status=paid&limit=20',
      '/companies/c1/invoices?limit=20',
    ]);
  });
});
