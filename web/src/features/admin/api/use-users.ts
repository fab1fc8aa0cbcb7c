import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API } from '@fridgeparts/common/api-paths';
import { MESSAGES } from '@fridgeparts/common/messages';
import type { DeletedCountResponse, ModifiedCountResponse } from '@fridgeparts/common/responses';
import type { ShopUser } from '@fridgeparts/common/user.answers';
import { ApiError, apiFetch } from '../../../lib/infra/api-client';
import { pagedQueryOptions, updatePagedItem, usePagedList, type PagedList } from '../../../lib/infra/paged-query';
import { queryKeys } from '../../../lib/infra/query-keys';
import { notify } from '../../../lib/infra/toast';

export const USERS_PAGE_SIZE = 50;

/** GET /allusers (admin): the shop's users. */
export const shopUsersQuery = () => pagedQueryOptions<ShopUser>(queryKeys.users.all, API.allUsers, USERS_PAGE_SIZE, { auth: true });

/** Make Admin: the users, with make and remove admin; a changed role shows on its row where it is. */
export function useShopUsers(): PagedList<ShopUser> & {
  /** Resolves true once the user is an admin; a refusal is toasted and resolves false. */
  makeAdmin: (user: ShopUser) => Promise<boolean>;
  removeUser: (user: ShopUser) => Promise<void>;
} {
  const queryClient = useQueryClient();
  const options = shopUsersQuery();
  const list = usePagedList<ShopUser>(options);
  const setRole = (user: ShopUser, role: ShopUser['role']) => updatePagedItem<ShopUser>(queryClient, options.queryKey, (u) => u.email === user.email, { role });

  const make = useMutation({
    mutationFn: (user: ShopUser) => apiFetch<ModifiedCountResponse>(API.makeAdmin(user.email), { method: 'PUT', auth: true, quiet: true }),
    onSuccess: (res, user) => {
      if (res.modifiedCount > 0) notify.success(MESSAGES.madeAdmin);
      setRole(user, 'admin');
    },
    // SPEC §8: a 403 reads 'Failed to Make an admin'; anything else says what went wrong.
    onError: (err) => notify.error(err instanceof ApiError && err.status === 403 ? MESSAGES.makeAdminFailed : err.message),
  });

  // CONTRACT §3: the role goes, the user stays in the list as a customer.
  const remove = useMutation({
    mutationFn: (user: ShopUser) => apiFetch<DeletedCountResponse>(API.removeAdmin(user.email), { method: 'DELETE', auth: true }),
    onSuccess: (res, user) => {
      if (res.deletedCount) notify.success(MESSAGES.adminRemoved);
      setRole(user, 'customer');
    },
  });

  return {
    ...list,
    // Its error was shown above; the row keeps its role.
    makeAdmin: (user) =>
      make.mutateAsync(user).then(
        () => true,
        () => false,
      ),
    removeUser: async (user) => void (await remove.mutateAsync(user)),
  };
}
