import { useCallback } from 'react';
import { API } from '@fridgeparts/common/api-paths';
import { MESSAGES } from '@fridgeparts/common/messages';
import type { DeletedCountResponse, ModifiedCountResponse } from '@fridgeparts/common/responses';
import type { ShopUser } from '@fridgeparts/common/user';
import { ApiError, apiFetch } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { usePagedList, type PagedList } from '../../../lib/use-paged-list';

export const USERS_PAGE_SIZE = 50;

/** The shop's users for Make Admin (GET /allusers), with make and remove admin. */
export function useShopUsers(): PagedList<ShopUser> & {
  makeAdmin: (user: ShopUser) => Promise<void>;
  removeUser: (user: ShopUser) => Promise<void>;
} {
  const list = usePagedList<ShopUser>(API.allUsers, USERS_PAGE_SIZE, { auth: true });
  const { update } = list;

  const makeAdmin = useCallback(
    async (user: ShopUser) => {
      let res: ModifiedCountResponse;
      try {
        res = await apiFetch<ModifiedCountResponse>(API.makeAdmin(user.email), { method: 'PUT', auth: true, quiet: true });
      } catch (err) {
        // SPEC §8: a 403 reads 'Failed to Make an admin'; anything else says what went wrong.
        notify.error(err instanceof ApiError && err.status === 403 ? MESSAGES.makeAdminFailed : (err as Error).message);
        return;
      }
      if (res.modifiedCount > 0) notify.success(MESSAGES.madeAdmin);
      update((u) => u.email === user.email, { role: 'admin' });
    },
    [update],
  );

  const removeUser = useCallback(
    async (user: ShopUser) => {
      // CONTRACT §3: the role goes, the user stays in the list as a customer.
      const res = await apiFetch<DeletedCountResponse>(API.removeAdmin(user.email), { method: 'DELETE', auth: true });
      if (res.deletedCount) notify.success(MESSAGES.adminRemoved);
      update((u) => u.email === user.email, { role: 'customer' });
    },
    [update],
  );

  return { ...list, makeAdmin, removeUser };
}
