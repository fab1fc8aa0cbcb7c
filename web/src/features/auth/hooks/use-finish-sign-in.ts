import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { paths } from '../../../lib/infra/paths';
import { useSession } from '../../../lib/infra/session';

interface FromState {
  from?: { pathname: string; search?: string; hash?: string };
}

/** Where the guard sent the user from (SPEC §2: back to that page after sign-in, / by default). */
export function useReturnTo(): string {
  const location = useLocation();
  const from = (location.state as FromState | null)?.from;
  if (!from?.pathname || from.pathname === paths.login || from.pathname === paths.signup) return paths.home;
  return from.pathname + (from.search ?? '') + (from.hash ?? '');
}

/**
 * After Firebase accepted a user: record them with the shop (PUT /user/{email}, which stores the
 * accessToken, SPEC §4), then go to `to`. A shop refusal signs the user out again, so the app never
 * has a Firebase session without the shop's token; the error reaches the form to show in red.
 */
export function useFinishSignIn(to: string): () => Promise<void> {
  const { syncWithShop, signOut } = useSession();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return useCallback(async () => {
    try {
      await syncWithShop();
    } catch (err) {
      await signOut().catch(() => undefined);
      throw err;
    }
    // The navigation bar shows the user as soon as Firebase has them; someone who already clicked
    // elsewhere while the shop was recording them stays where they went.
    if (window.location.pathname === pathname) navigate(to, { replace: true });
  }, [syncWithShop, signOut, navigate, to, pathname]);
}
