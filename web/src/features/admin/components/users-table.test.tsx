import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@fridgeparts/common/messages';
import type { ShopUser } from '@fridgeparts/common/user';
import { renderWithQuery } from '../../../test-support/render';

vi.mock('../../../lib/toast', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));
vi.mock('../../../lib/session', () => ({ useSession: () => ({ user: { email: 'me@fridgeparts.test' } }) }));

let items: ShopUser[] = [];
const list = {
  loading: false,
  loadingMore: false,
  error: undefined as Error | undefined,
  hasMore: false,
  loadMore: vi.fn(),
  retry: vi.fn(),
  makeAdmin: vi.fn(async (_u: ShopUser) => true),
  removeUser: vi.fn(async (_u: ShopUser) => undefined),
};
vi.mock('../api/use-users', () => ({ useShopUsers: () => ({ items, ...list }) }));

const { UsersTable } = await import('./users-table');

const user = (email: string, role: ShopUser['role']): ShopUser => ({ _id: email, email, displayName: email.split('@')[0], role });

describe('UsersTable', () => {
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
    Object.assign(list, { loading: false, error: undefined, hasMore: false });
  });

  it('offers Make Admin only on customer rows and Remove Admin only on admin rows; an admin can not remove themself', () => {
    items = [user('me@fridgeparts.test', 'admin'), user('other@fridgeparts.test', 'admin'), user('buyer@example.test', 'customer')];
    renderWithQuery(<UsersTable />);
    const [me, other, buyer] = screen.getAllByTestId('user-row').map((r) => within(r));
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
  });

  it('Make Admin shows progress, then focus moves to the Remove Admin that took its place', async () => {
    const buyer = user('buyer@example.test', 'customer');
    items = [buyer];
    let finish: (done: boolean) => void = () => undefined;
    list.makeAdmin.mockImplementationOnce(
      () =>
        new Promise<boolean>((resolve) => {
          finish = (done) => {
            items = [{ ...buyer, role: 'admin' }];
            resolve(done);
          };
        }),
    );
    renderWithQuery(<UsersTable />);
    await userEvent.click(screen.getByRole('button', { name: /Make Admin/ }));
    expect(list.makeAdmin).toHaveBeenCalledWith(buyer);
    expect(screen.getByRole('button', { name: /Make Admin/ })).toHaveTextContent('Saving…');
    expect(screen.getByRole('button', { name: /Make Admin/ })).toBeDisabled();
    finish(true);
    const remove = await screen.findByRole('button', { name: 'Remove Admin: buyer@example.test' });
    await waitFor(() => expect(remove).toHaveFocus());
    expect(screen.queryByRole('button', { name: /Make Admin/ })).toBeNull();
  });

  it('a refused Make Admin leaves the row as it was, with its button usable again', async () => {
    items = [user('buyer@example.test', 'customer')];
    list.makeAdmin.mockResolvedValueOnce(false);
    renderWithQuery(<UsersTable />);
    await userEvent.click(screen.getByRole('button', { name: /Make Admin/ }));
    await waitFor(() => expect(screen.getByRole('button', { name: /Make Admin/ })).toHaveTextContent(/^Make Admin$/));
    expect(screen.getByRole('button', { name: /Make Admin/ })).toBeEnabled();
  });

  it('Remove Admin asks first, then takes the role away', async () => {
    const other = user('other@fridgeparts.test', 'admin');
    items = [other];
    renderWithQuery(<UsersTable />);
    await userEvent.click(screen.getByRole('button', { name: /Remove Admin/ }));
    const confirm = await screen.findByRole('dialog', { name: MESSAGES.deleteConfirm });
    expect(confirm).toHaveTextContent('other@fridgeparts.test');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(list.removeUser).toHaveBeenCalledWith(other);
  });

  it('shows an empty state, and an error with Try again', async () => {
    items = [];
    renderWithQuery(<UsersTable />);
    expect(screen.getByText('No users have signed in yet.')).toBeInTheDocument();
    cleanup();
    list.error = new Error('The server is not answering.');
    renderWithQuery(<UsersTable />);
    expect(screen.getByRole('alert')).toHaveTextContent('The server is not answering.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(list.retry).toHaveBeenCalledOnce();
  });
});
