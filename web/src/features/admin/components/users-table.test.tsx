import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API } from '@fridgeparts/common/api-paths';
import { MESSAGES } from '@fridgeparts/common/messages';
import type { DeletedCountResponse, ModifiedCountResponse } from '@fridgeparts/common/responses';
import type { ShopUser } from '@fridgeparts/common/user.answers';
import { fakeApi, failure, held, json, page } from '../../../test-support/fake-api';
import { TEST_ID_TOKEN } from '../../../test-support/fake-auth-client';
import { renderSignedIn } from '../../../test-support/signed-in';
import { notify } from '../../../test-support/toast';

vi.mock('../../../lib/infra/toast', () => import('../../../test-support/toast'));

const api = fakeApi();
const { UsersTable } = await import('./users-table');

const ME = { uid: 'u-me', email: 'me@fridgeparts.test', displayName: 'Me', emailVerified: true };
const user = (email: string, role: ShopUser['role']): ShopUser => ({ _id: email, email, displayName: email.split('@')[0], role });
const renderTable = () => renderSignedIn(<UsersTable />, { user: ME });

describe('UsersTable', () => {
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });

  it('offers Make Admin only on customer rows and Remove Admin only on admin rows; an admin can not remove themself', async () => {
    api.on('GET', API.allUsers, page([user('me@fridgeparts.test', 'admin'), user('other@fridgeparts.test', 'admin'), user('buyer@example.test', 'customer')]));
    await renderTable();
    const [me, other, buyer] = (await screen.findAllByTestId('user-row')).map((r) => within(r));
    expect(me.getByText(/\(you\)/)).toBeInTheDocument();
    const removeMe = me.getByRole('button', { name: 'Remove Admin: me@fridgeparts.test' });
    expect(removeMe).toBeDisabled();
    expect(removeMe).toHaveAttribute('title', expect.stringMatching(/can not remove yourself/));
    expect(other.getByText('Admin')).toBeInTheDocument();
    expect(other.getByRole('button', { name: /Remove Admin/ })).toBeEnabled();
    expect(other.queryByRole('button', { name: /Make Admin/ })).toBeNull();
    expect(buyer.getByText('Customer')).toBeInTheDocument();
    expect(buyer.getByRole('button', { name: 'Make Admin: buyer@example.test' })).toBeEnabled();
    expect(buyer.queryByRole('button', { name: /Remove Admin/ })).toBeNull();
    const cells = buyer.getAllByRole('cell');
    expect(cells.map((c) => c.dataset.label)).toEqual(['#', 'Email', 'Role', 'Make Admin', 'Remove Admin']);
    // The admin's list, read signed in, a page at a time.
    expect(api.requests).toEqual([
      expect.objectContaining({ method: 'GET', path: '/allusers?limit=50', headers: expect.objectContaining({ authorization: `Bearer ${TEST_ID_TOKEN}` }) }),
    ]);
  });

  it('Make Admin shows progress, then focus moves to the Remove Admin that took its place', async () => {
    const buyer = user('buyer@example.test', 'customer');
    const making = held();
    api.on('GET', API.allUsers, page([buyer])).on('PUT', API.makeAdmin(buyer.email), making.answer);
    await renderTable();
    await userEvent.click(await screen.findByRole('button', { name: /Make Admin/ }));
    expect(screen.getByRole('button', { name: /Make Admin/ })).toHaveTextContent('Saving…');
    expect(screen.getByRole('button', { name: /Make Admin/ })).toBeDisabled();
    expect(api.sent('PUT', API.makeAdmin(buyer.email))).toEqual([
      expect.objectContaining({ path: '/user/admin/buyer%40example.test', headers: expect.objectContaining({ authorization: `Bearer ${TEST_ID_TOKEN}` }) }),
    ]);
    making.release(json<ModifiedCountResponse>({ modifiedCount: 1 }));
    const remove = await screen.findByRole('button', { name: 'Remove Admin: buyer@example.test' });
    await waitFor(() => expect(remove).toHaveFocus());
    expect(screen.queryByRole('button', { name: /Make Admin/ })).toBeNull();
    expect(notify.success).toHaveBeenCalledWith(MESSAGES.madeAdmin);
    // The row changed where it stands: the list is not read again.
    expect(api.sent('GET', API.allUsers)).toHaveLength(1);
  });

  it('a refused Make Admin leaves the row as it was, with its button usable again', async () => {
    api
      .on('GET', API.allUsers, page([user('buyer@example.test', 'customer')]))
      .on('PUT', API.makeAdmin('buyer@example.test'), failure('permission-denied', 'Not an admin.'));
    await renderTable();
    await userEvent.click(await screen.findByRole('button', { name: /Make Admin/ }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith(MESSAGES.makeAdminFailed));
    expect(screen.getByRole('button', { name: /Make Admin/ })).toHaveTextContent(/^Make Admin$/);
    expect(screen.getByRole('button', { name: /Make Admin/ })).toBeEnabled();
    expect(screen.getByText('Customer')).toBeInTheDocument();
  });

  it('Remove Admin asks first, then takes the role away', async () => {
    const other = user('other@fridgeparts.test', 'admin');
    api.on('GET', API.allUsers, page([other])).on('DELETE', API.removeAdmin(other.email), json<DeletedCountResponse>({ deletedCount: 1 }));
    await renderTable();
    await userEvent.click(await screen.findByRole('button', { name: /Remove Admin/ }));
    const confirm = await screen.findByRole('dialog', { name: MESSAGES.deleteConfirm });
    expect(confirm).toHaveTextContent('other@fridgeparts.test');
    expect(api.sent('DELETE', API.removeAdmin(other.email))).toEqual([]);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.sent('DELETE', API.removeAdmin(other.email))).toEqual([expect.objectContaining({ path: '/alluserr/other%40fridgeparts.test' })]);
    expect(await screen.findByRole('button', { name: 'Make Admin: other@fridgeparts.test' })).toBeInTheDocument();
  });

  it('shows an empty state, and an error with Try again', async () => {
    api.on('GET', API.allUsers, page([]));
    await renderTable();
    expect(await screen.findByText('No users have signed in yet.')).toBeInTheDocument();
    cleanup();
    api.once('GET', API.allUsers, failure('unavailable', 'The server is not answering.'));
    await renderTable();
    expect(await screen.findByRole('alert')).toHaveTextContent('The server is not answering.');
    api.on('GET', API.allUsers, page([user('buyer@example.test', 'customer')]));
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('user-row')).toHaveTextContent('buyer@example.test');
  });
});
