import { useState } from 'react';
import type { ShopUser } from '@fridgeparts/common/user.answers';
import { Button } from '../../../components/button';
import { ConfirmDeleteButton } from '../../../components/confirm-button';
import { BreakableEmail, Table, type Column } from '../../../components/table';
import { Chip } from '../../../components/chip';
import { useSession } from '../../../lib/infra/session';
import { useShopUsers } from '../api/use-users';
import css from './users-table.module.css';

/**
 * Make Admin (SPEC §2, CONTRACT §3): Make Admin on customer rows, Remove Admin (behind the
 * confirmation) on admin rows. The shared Table: a table at desktop widths,
 * cards on phones.
 */
export function UsersTable() {
  const { user: me } = useSession();
  const list = useShopUsers();
  const [promoting, setPromoting] = useState<string | null>(null);
  // The user just made admin: their Make Admin button is gone, so focus moves to the Remove Admin
  // button that took its place on the row instead of falling to the page body (issue 9).
  const [justPromoted, setJustPromoted] = useState<string | null>(null);
  const focusIfJustPromoted = (email: string) => (el: HTMLButtonElement | null) => {
    if (el && email === justPromoted) {
      el.focus();
      setJustPromoted(null);
    }
  };

  const promote = (u: ShopUser) => {
    setPromoting(u.email);
    void list.makeAdmin(u).then((done) => {
      setPromoting(null);
      if (done) setJustPromoted(u.email);
    });
  };

  const columns: Column<ShopUser>[] = [
    { id: 'index', header: '#', cell: (_u, i) => i + 1 },
    {
      id: 'email',
      header: 'Email',
      className: css.email,
      cell: (u) => (
        <>
          <BreakableEmail email={u.email} />
          {u.email === me?.email && <span className={css.muted}> (you)</span>}
        </>
      ),
    },
    { id: 'role', header: 'Role', cell: (u) => (u.role === 'admin' ? <Chip tone="primary">Admin</Chip> : 'Customer') },
    {
      id: 'make-admin',
      header: 'Make Admin',
      cell: (u) =>
        u.role !== 'admin' && (
          <Button size="small" onClick={() => promote(u)} disabled={promoting === u.email} aria-label={`Make Admin: ${u.email}`}>
            {promoting === u.email ? 'Saving…' : 'Make Admin'}
          </Button>
        ),
    },
    {
      id: 'remove-admin',
      header: 'Remove Admin',
      cell: (u) => {
        const self = u.email === me?.email;
        return (
          u.role === 'admin' && (
            <ConfirmDeleteButton
              ref={focusIfJustPromoted(u.email)}
              size="small"
              details={u.email}
              doneMessage={null}
              onConfirm={() => list.removeUser(u)}
              disabled={self}
              title={self ? 'You can not remove yourself. Ask another admin to do it.' : undefined}
              aria-label={`Remove Admin: ${u.email}`}
            >
              Remove Admin
            </ConfirmDeleteButton>
          )
        );
      },
    },
  ];

  return (
    <>
      <Table
        caption="Users"
        columns={columns}
        rows={list}
        paging={list}
        rowKey={(u) => u._id}
        rowTestId="user-row"
        minWidth={560}
        empty="No users have signed in yet."
      />
    </>
  );
}
