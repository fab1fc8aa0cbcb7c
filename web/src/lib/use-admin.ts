import { useEffect, useState } from 'react';
import { API } from '@fridgeparts/common/api-paths';
import { apiFetch } from './api-client';
import { useSession } from './session';

/**
 * One admin check per signed-in user, shared by every component that asks (the dashboard menu and
 * the admin guard render together). A new sign-in (another uid) asks again.
 */
let cached: { uid: string; answer: Promise<boolean> } | null = null;

async function checkAdmin(email: string): Promise<boolean> {
  const { admin } = await apiFetch<{ admin: boolean }>(API.isAdmin(email), { auth: true, quiet: true });
  if (admin) {
    // The claim may be newer than the ID token (just made admin): refresh so admin calls carry it.
    const { authInstance } = await import('./auth-client');
    const current = authInstance().currentUser;
    if (current && (await current.getIdTokenResult()).claims.admin !== true) await current.getIdToken(true);
  }
  return admin;
}

/** Whether the signed-in user is an admin (SPEC §6: fetched per email, a boolean, from the claim). */
export function useAdmin(): { admin: boolean; loading: boolean } {
  const { user, loading: sessionLoading } = useSession();
  const [state, setState] = useState<{ uid: string | null; admin: boolean }>({ uid: null, admin: false });

  useEffect(() => {
    if (!user) {
      cached = null;
      return;
    }
    if (cached?.uid !== user.uid) cached = { uid: user.uid, answer: checkAdmin(user.email).catch(() => false) };
    let active = true;
    const { uid, answer } = cached;
    void answer.then((admin) => active && setState({ uid, admin }));
    return () => {
      active = false;
    };
  }, [user]);

  if (sessionLoading) return { admin: false, loading: true };
  if (!user) return { admin: false, loading: false };
  return { admin: state.uid === user.uid && state.admin, loading: state.uid !== user.uid };
}
