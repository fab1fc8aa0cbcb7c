import { useQuery } from '@tanstack/react-query';
import { API } from '@fridgeparts/common/api-paths';
import type { MyCompany, MyCompanyAnswer } from '@fridgeparts/common/company.answers';
import { ApiError, apiFetch } from '../infra/api-client';
import { queryKeys } from '../infra/query-keys';
import { useSession } from '../infra/session';

/**
 * GET /me/company: the caller's company, role and spending limit, or null when they are in none
 * (the API answers three nulls then: CONTRACT §10). Asked once per account and kept a minute: the
 * dashboard's menu, My company, the contract prices and the order forms (a member ships to a
 * company location) share it; here in lib/ because several features read it.
 */
export function useMyCompany() {
  const { user } = useSession();
  return useQuery({
    queryKey: queryKeys.companies.mine(user?.uid ?? ''),
    queryFn: async ({ signal }): Promise<MyCompany | null> => {
      const mine = await apiFetch<MyCompanyAnswer>(API.myCompany, { auth: true, quiet: true, signal });
      return mine.company === null ? null : mine;
    },
    enabled: Boolean(user),
    staleTime: 60_000,
    retry: (count, err) => !(err instanceof ApiError && err.status < 500) && count < 2,
  });
}
