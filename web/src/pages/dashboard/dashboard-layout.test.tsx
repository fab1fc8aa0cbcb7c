import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { API } from '@fridgeparts/common/api-paths';
import type { Booking } from '@fridgeparts/common/booking';
import { NO_COMPANY } from '@fridgeparts/common/company';
import { fakeApi, json, page } from '../../test-support/fake-api';
import { bookingFixture, myCompanyFixture } from '../../test-support/fixtures';
import { CASEY, renderSignedIn } from '../../test-support/signed-in';

const api = fakeApi();
const { default: DashboardLayout } = await import('./dashboard-layout');
const { default: DashboardHomePage } = await import('./dashboard-home-page');

const ADMIN_OF_C1 = myCompanyFixture({ role: 'company-admin', spendingLimit: null });
const waiting = (n: number) => Array.from({ length: n }, (_, i) => bookingFixture({ _id: `w${i}`, state: 'awaiting-approval', companyId: 'c1' }));

function signedIn(company: unknown, admin = false) {
  api.on('GET', API.isAdmin(CASEY.email), json({ admin }));
  api.on('GET', API.myCompany, json(company));
}

const menu = () => screen.getAllByRole('list', { name: 'Dashboard menu' })[0]!;

describe('the dashboard for each role (decision 0067)', () => {
  afterEach(cleanup);

  it("shows a company admin how many orders wait, in the menu's Approvals and on the home page, and names their role", async () => {
    signedIn(ADMIN_OF_C1);
    api.on('GET', API.companyApprovals('c1'), page<Booking>(waiting(2)));
    await renderSignedIn(<DashboardLayout />);
    expect(await screen.findAllByTestId('dashboard-role')).not.toHaveLength(0);
    expect(screen.getAllByTestId('dashboard-role')[0]).toHaveTextContent('· Company admin');
    const approvals = await within(menu()).findByRole('link', { name: 'Approvals (2 waiting)' });
    expect(approvals).toHaveAttribute('href', '/dashboard/company/approvals');
    expect(within(menu()).getByRole('link', { name: 'Company orders' })).toHaveAttribute('href', '/dashboard/company/orders');
    expect(within(menu()).getByRole('link', { name: 'My company' })).toBeInTheDocument();
    cleanup();

    await renderSignedIn(<DashboardHomePage />);
    const line = await screen.findByRole('link', { name: '2 orders wait for your approval' });
    expect(line).toHaveAttribute('href', '/dashboard/company/approvals');
    expect(screen.getByTestId('dashboard-approvals')).toHaveTextContent('2 orders wait for your approval at Northwind Refrigeration Service.');
    // One bounded read: the Approvals page's first page, shared by the menu and the home page.
    for (const r of api.sent('GET', API.companyApprovals('c1'))) expect(new URL(r.path, 'http://x').searchParams.get('limit')).toBe('20');
  });

  it('says "or more" when more orders wait than one page holds, and that none waits', async () => {
    signedIn(ADMIN_OF_C1);
    api.on('GET', API.companyApprovals('c1'), page<Booking>(waiting(20), 'next'));
    await renderSignedIn(<DashboardLayout />);
    expect(await within(menu()).findByRole('link', { name: 'Approvals (20 or more waiting)' })).toBeInTheDocument();
    cleanup();

    api.on('GET', API.companyApprovals('c1'), page<Booking>([]));
    await renderSignedIn(<DashboardHomePage />);
    expect(await screen.findByRole('link', { name: 'No order waits for your approval' })).toBeInTheDocument();
  });

  it('names a buyer "Buyer", with My company but no Approvals; someone in no company stays "Customer" and asks for no approvals', async () => {
    signedIn(myCompanyFixture({ role: 'buyer', spendingLimit: 500 }));
    await renderSignedIn(<DashboardLayout />);
    expect((await screen.findAllByTestId('dashboard-role'))[0]).toHaveTextContent('· Buyer');
    expect(within(menu()).getByRole('link', { name: 'My company' })).toBeInTheDocument();
    expect(within(menu()).queryByRole('link', { name: /Approvals/ })).not.toBeInTheDocument();
    cleanup();

    signedIn(NO_COMPANY);
    await renderSignedIn(<DashboardLayout />);
    expect((await screen.findAllByTestId('dashboard-role'))[0]).toHaveTextContent('· Customer');
    expect(within(menu()).queryByRole('link', { name: 'My company' })).not.toBeInTheDocument();
    cleanup();

    await renderSignedIn(<DashboardHomePage />);
    expect(await screen.findByText(/Choose a page from the menu/)).toBeInTheDocument();
    expect(screen.queryByTestId('dashboard-approvals')).not.toBeInTheDocument();
    expect(api.sent('GET', API.companyApprovals('c1'))).toHaveLength(0);
  });

  it('names the shop admin "Admin"', async () => {
    signedIn(NO_COMPANY, true);
    await renderSignedIn(<DashboardLayout />);
    expect((await screen.findAllByTestId('dashboard-role'))[0]).toHaveTextContent('· Admin');
  });
});
