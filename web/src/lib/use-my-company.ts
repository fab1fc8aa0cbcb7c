import { useQuery } from '@tanstack/react-query';
import { API } from '@fridgeparts/common/api-paths';
import type { MyCompany } from '@fridgeparts/common/company';
import { ApiError, apiFetch } from './api-client';
import { queryKeys } from './query-keys';
import { useSession } from './session';

/**
 * GET /me/company: the caller's company, role and spending limit, or null when they are in none
 * (the API's 404 is that normal answer, not a failure). Asked once per account and kept a minute:
 * the dashboard's menu, My company and the order forms (a member ships to a company location)
 * share it; here in lib/ because several features read it.
 */
export function useMyCompany() {
  const { user } = useSession();
  return useQuery({
    queryKey: queryKeys.companies.mine(user?.uid ?? ''),
    queryFn: async ({ signal }) => {
      try {
        return await apiFetch<MyCompany>(API.myCompany, { auth: true, quiet: true, signal });
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) return null;
        throw err;
      }
    },
    enabled: Boolean(user),
    staleTime: 60_000,
    retry: (count, err) => !(err instanceof ApiError && err.status < 500) && count < 2,
  });
}
