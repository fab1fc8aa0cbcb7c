import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import type { ShopUser } from '@fridgeparts/common/user';
import { ConfirmDeleteDialog } from '../../../components/confirm-dialog';
import { EmptyState, PagedTable } from '../../../components/paged-table';
import { useSession } from '../../../lib/session';
import { useShopUsers } from '../api/use-users';

const COLUMNS = ['#', 'Email', 'Role', 'Make Admin', 'Remove Admin'];

/** Make Admin (SPEC §2, CONTRACT §3): Make Admin on customer rows, Remove Admin (behind the confirmation) on admin rows. */
export function UsersTable() {
  const { user: me } = useSession();
  const list = useShopUsers();
  const [toRemove, setToRemove] = useState<ShopUser | null>(null);
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

  return (
    <>
      <PagedTable
        caption="Users"
        columns={COLUMNS}
        items={list.items}
        list={list}
        rowKey={(u) => u._id}
        minWidth={560}
        empty={<EmptyState title="No users have signed in yet." />}
        renderRow={(u, i) => {
          const self = u.email === me?.email;
          return (
            <TableRow hover data-testid="user-row">
              <TableCell>{i + 1}</TableCell>
              <TableCell sx={{ wordBreak: 'break-all' }}>
                {u.email}
                {self && (
                  <Box component="span" sx={{ color: 'text.secondary' }}>
                    {' '}
                    (you)
                  </Box>
                )}
              </TableCell>
              <TableCell>{u.role === 'admin' ? <Chip label="Admin" color="primary" size="small" /> : 'Customer'}</TableCell>
              <TableCell>
                {u.role !== 'admin' && (
                  <Button variant="contained" size="small" onClick={() => promote(u)} disabled={promoting === u.email} aria-label={`Make Admin: ${u.email}`}>
                    {promoting === u.email ? 'Saving…' : 'Make Admin'}
                  </Button>
                )}
              </TableCell>
              <TableCell>
                {u.role === 'admin' && (
                  <Button
                    ref={focusIfJustPromoted(u.email)}
                    color="error"
                    variant="outlined"
                    size="small"
                    onClick={() => setToRemove(u)}
                    disabled={self}
                    title={self ? 'You can not remove yourself. Ask another admin to do it.' : undefined}
                    aria-label={`Remove Admin: ${u.email}`}
                  >
                    Remove Admin
                  </Button>
                )}
              </TableCell>
            </TableRow>
          );
        }}
      />
      <ConfirmDeleteDialog
        doneMessage={null}
        itemLabel={toRemove ? toRemove.email : null}
        onConfirm={() => (toRemove ? list.removeUser(toRemove) : Promise.resolve())}
        onClose={() => setToRemove(null)}
      />
    </>
  );
}
