import { useMutation } from '@tanstack/react-query';
import { API } from '@fridgeparts/common/api-paths';
import { MESSAGES } from '@fridgeparts/common/messages';
import type { DeletedCountResponse, ModifiedCountResponse } from '@fridgeparts/common/responses';
import type { ShopUser } from '@fridgeparts/common/user';
import { ApiError, apiFetch } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { notify } from '../../../lib/toast';
import { usePagedList, type PagedList } from '../../../lib/use-paged-list';

export const USERS_PAGE_SIZE = 50;

/** The shop's users for Make Admin (GET /allusers), with make and remove admin. */
export function useShopUsers(): PagedList<ShopUser> & {
  makeAdmin: (user: ShopUser) => Promise<void>;
  removeUser: (user: ShopUser) => Promise<void>;
} {
  const list = usePagedList<ShopUser>(queryKeys.users.all, API.allUsers, USERS_PAGE_SIZE, { auth: true });
  const { update } = list;

  const make = useMutation({
    mutationFn: (user: ShopUser) => apiFetch<ModifiedCountResponse>(API.makeAdmin(user.email), { method: 'PUT', auth: true, quiet: true }),
    onSuccess: (res, user) => {
      if (res.modifiedCount > 0) notify.success(MESSAGES.madeAdmin);
      update((u) => u.email === user.email, { role: 'admin' });
    },
    // SPEC §8: a 403 reads 'Failed to Make an admin'; anything else says what went wrong.
    onError: (err) => notify.error(err instanceof ApiError && err.status === 403 ? MESSAGES.makeAdminFailed : err.message),
  });

  // CONTRACT §3: the role goes, the user stays in the list as a customer.
  const remove = useMutation({
    mutationFn: (user: ShopUser) => apiFetch<DeletedCountResponse>(API.removeAdmin(user.email), { method: 'DELETE', auth: true }),
    onSuccess: (res, user) => {
      if (res.deletedCount) notify.success(MESSAGES.adminRemoved);
      update((u) => u.email === user.email, { role: 'customer' });
    },
  });

  return {
    ...list,
    // Its error was shown above; the row keeps its role.
    makeAdmin: async (user) => void (await make.mutateAsync(user).catch(() => undefined)),
    removeUser: async (user) => void (await remove.mutateAsync(user)),
  };
}
