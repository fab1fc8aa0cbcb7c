import { useEffect, useState } from 'react';
import { API } from '@fridgeparts/common/api-paths';
import { apiFetch } from './api-client';
import { useSession } from './session';

/**
 * Whether the signed-in user is an admin (SPEC §6: fetched per email, a boolean). The server
 * answers from the admin custom claim; when the claim is newer than the ID token (just made
 * admin), the token is refreshed so admin calls carry it.
 */
export function useAdmin(): { admin: boolean; loading: boolean } {
  const { user, loading: sessionLoading } = useSession();
  const [state, setState] = useState<{ email: string | null; admin: boolean }>({ email: null, admin: false });

  useEffect(() => {
    if (!user) return;
    let active = true;
    apiFetch<{ admin: boolean }>(API.isAdmin(user.email), { auth: true, quiet: true })
      .then(async ({ admin }) => {
        if (admin) {
          const { authInstance } = await import('./auth-client');
          const current = authInstance().currentUser;
          const claims = current ? (await current.getIdTokenResult()).claims : {};
          if (current && claims.admin !== true) await current.getIdToken(true);
        }
        return admin;
      })
      .catch(() => false)
      .then((admin) => active && setState({ email: user.email, admin }));
    return () => {
      active = false;
    };
  }, [user]);

  if (sessionLoading) return { admin: false, loading: true };
  if (!user) return { admin: false, loading: false };
  return { admin: state.email === user.email && state.admin, loading: state.email !== user.email };
}
