import { queryOptions, useQuery } from '@tanstack/react-query';
import { API } from '@fridgeparts/common/api-paths';
import { apiFetch } from '../infra/api-client';
import { queryKeys } from '../infra/query-keys';
import { useSession, type SessionUser } from '../infra/session';

async function checkAdmin(email: string): Promise<boolean> {
  const { admin } = await apiFetch<{ admin: boolean }>(API.isAdmin(email), { auth: true, quiet: true });
  if (admin) {
    // The claim may be newer than the ID token (just made admin): refresh so admin calls carry it.
    const { authInstance } = await import('../infra/auth-client');
    const current = authInstance().currentUser;
    if (current && (await current.getIdTokenResult()).claims.admin !== true) await current.getIdToken(true);
  }
  return admin;
}

/**
 * GET /admin/{email}: asked once per signed-in user (another uid asks again). A check that failed
 * (the API answered 503: Auth could not be reached) is an error, not a cached "no": it is asked
 * again on the next mount (CONTRACT §13).
 */
export const adminQuery = (user: SessionUser | null) =>
  queryOptions({
    queryKey: queryKeys.admin(user?.uid ?? ''),
    queryFn: () => checkAdmin(user!.email),
    enabled: Boolean(user),
    staleTime: Infinity,
  });

/**
 * Whether the signed-in user is an admin (SPEC §6: fetched per email, a boolean, from the claim).
 * One check per signed-in user, shared by every component that asks (the dashboard menu and the
 * admin guard render together); a new sign-in (another uid) asks again. While a check fails the
 * admin pages stay closed (admin false), but the failure is not remembered as the answer.
 */
export function useAdmin(): { admin: boolean; loading: boolean } {
  const { user, loading: sessionLoading } = useSession();
  const query = useQuery(adminQuery(user));
  if (sessionLoading) return { admin: false, loading: true };
  if (!user) return { admin: false, loading: false };
  return { admin: query.data === true, loading: query.isPending };
}
