import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API } from '@fridgeparts/common/api-paths';
import { EXEMPTION_API } from '@fridgeparts/common/tax/exemption.paths';
import { NO_COMPANY } from '@fridgeparts/common/company';
import { failure, fakeApi, json } from '../../test-support/fake-api';
import { companyFixture, FIXTURE_ADDRESS, myCompanyFixture } from '../../test-support/fixtures';
import { CASEY, renderSignedIn } from '../../test-support/signed-in';
import type { ExemptionList } from '@fridgeparts/common/tax/exemption.answers';

vi.mock('../../lib/infra/toast', () => import('../../test-support/toast'));

const api = fakeApi();
const { default: MyCompanyPage } = await import('./my-company-page');

const COMPANY = companyFixture({
  shipTo: [
    { id: 's1', label: 'Main warehouse', address: FIXTURE_ADDRESS },
    { id: 's2', label: 'Service van depot', address: { ...FIXTURE_ADDRESS, city: 'San Jose' } },
  ],
  terms: 'net30',
  creditLimit: 25000,
  openInvoiceTotal: 1200.5,
  members: [
    { uid: CASEY.uid, email: CASEY.email, role: 'company-admin', spendingLimit: null, joinedAt: '2026-11-20T10:00:00.000Z' },
    { uid: 'u-theo', email: 'theo@example.test', role: 'buyer', spendingLimit: 500, joinedAt: '2026-11-21T10:00:00.000Z' },
  ],
  invitations: [{ email: 'new@example.test', role: 'buyer', spendingLimit: null, invitedAt: '2026-11-22T10:00:00.000Z' }],
  version: '3',
});

describe('My company', () => {
  afterEach(cleanup);
  // The ship-to locations' tax certificates (CONTRACT §15), none here: their own test is ship-to-certificates.test.tsx.
  beforeEach(() => void api.on('GET', EXEMPTION_API.companyExemptions('c1'), json<ExemptionList>({ exemptions: [] })));

  it('tells someone in no company so (the API answers three nulls), not as an error', async () => {
    api.on('GET', API.myCompany, json(NO_COMPANY));
    await renderSignedIn(<MyCompanyPage />);
    expect(await screen.findByText(/You are not in a company/)).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('My company | FridgeParts'));
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it("shows a buyer the company read only, with the buyer's own role and spending limit", async () => {
    api.on('GET', API.myCompany, json(myCompanyFixture({ company: COMPANY, spendingLimit: 500 })));
    await renderSignedIn(<MyCompanyPage />);
    expect(await screen.findByRole('heading', { level: 1, name: COMPANY.name })).toBeInTheDocument();
    expect(screen.getByTestId('my-company-role')).toHaveTextContent(
      'You are a buyer of Northwind Refrigeration Service. Your spending limit: $500.00 per order.',
    );
    expect(screen.getByText('$25,000.00')).toBeInTheDocument();
    expect(screen.getByText('$1,200.50')).toBeInTheDocument();
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Main warehouse: 1200 Harbor Blvd, Oakland, CA 94607, US',
      'Service van depot: 1200 Harbor Blvd, San Jose, CA 94607, US',
    ]);
    expect(screen.queryByRole('heading', { name: 'People' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Invite|Edit|Remove/ })).toBeNull();
  });

  it("lets a company admin change a buyer's spending limit: the member's path, role and limit as typed", async () => {
    api.on('GET', API.myCompany, json(myCompanyFixture({ company: COMPANY, role: 'company-admin', spendingLimit: null })));
    api.on('PATCH', API.companyMember('c1', 'u-theo'), (req) => {
      const body = req.body as { spendingLimit: string };
      const company = { ...COMPANY, members: COMPANY.members.map((m) => (m.uid === 'u-theo' ? { ...m, spendingLimit: Number(body.spendingLimit) } : m)) };
      api.on('GET', API.myCompany, json(myCompanyFixture({ company, role: 'company-admin', spendingLimit: null })));
      return json(company);
    });
    await renderSignedIn(<MyCompanyPage />);
    expect(await screen.findByRole('heading', { name: 'People' })).toBeInTheDocument();
    expect(screen.getAllByTestId('invitation-row')).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Edit theo@example.test' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit theo@example.test' });
    const limit = within(dialog).getByLabelText('Spending limit (USD)');
    expect(limit).toHaveValue('500.00');
    await userEvent.clear(limit);
    await userEvent.type(limit, '750');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.sent('PATCH', API.companyMember('c1', 'u-theo')).map((r) => r.body)).toEqual([{ role: 'buyer', spendingLimit: '750' }]));
    const theo = (await screen.findAllByTestId('member-row')).find((r) => r.textContent?.includes('theo@example.test'))!;
    await waitFor(() => expect(theo).toHaveTextContent('$750.00 per order'));
  });

  it('puts a refused limit at its field and keeps the dialog open', async () => {
    api.on('GET', API.myCompany, json(myCompanyFixture({ company: COMPANY, role: 'company-admin', spendingLimit: null })));
    api.on(
      'PATCH',
      API.companyMember('c1', 'u-theo'),
      failure('invalid-argument', 'Invalid input', { spendingLimit: 'Spending limit must be null (no limit) or an amount' }),
    );
    await renderSignedIn(<MyCompanyPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit theo@example.test' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit theo@example.test' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Spending limit must be null (no limit) or an amount')).toBeInTheDocument();
  });
});
