import { createContext, startTransition, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { API } from '@fridgeparts/common/api-paths';
import type { SyncUserResponse } from '@fridgeparts/common/user.answers';
import { ACCESS_TOKEN_KEY, apiFetch, setSessionEndHandler } from './api-client';
import { useHydrated } from './use-hydrated';

export interface SessionUser {
  uid: string;
  email: string;
  displayName: string;
  /** Firebase Auth's word on the address (Google accounts are verified); ordering needs it (CONTRACT §9). */
  emailVerified: boolean;
}

interface SessionState {
  user: SessionUser | null;
  /** True until Firebase Auth has restored (or not) the previous session. */
  loading: boolean;
  signOut: () => Promise<void>;
  /** Records the signed-in user with the shop (PUT /user/{email}) and stores the accessToken. */
  syncWithShop: () => Promise<SyncUserResponse>;
  /** The shop rejected the session (401): guards send the person home, not to /login (SPEC §8). */
  ended: boolean;
}

const SessionContext = createContext<SessionState | null>(null);

/**
 * Stores the Bearer for `uid` only if that person is still the one signed in: a token read or a
 * sign-in call that answers after LogOut must not put the session back in storage (where it would
 * also make the next page load the auth SDK for nobody).
 */
export function storeBearerIfStillSignedIn(currentUid: string | undefined, uid: string, token: string): void {
  if (currentUid === uid) localStorage.setItem(ACCESS_TOKEN_KEY, token);
}

function toSessionUser(u: { uid: string; email: string | null; displayName: string | null; emailVerified: boolean }): SessionUser {
  const email = u.email ?? '';
  return { uid: u.uid, email, displayName: u.displayName?.trim() || email.split('@')[0], emailVerified: u.emailVerified };
}

/**
 * The signed-in user, shared by the whole app. Firebase Auth (lib/auth-client.ts, a lazy chunk) is
 * imported only when there is a session to restore or a sign-in, so public pages never wait for it.
 */
export function SessionProvider({ children, onSessionEnded }: { children: ReactNode; onSessionEnded: () => void | Promise<void> }) {
  const [user, setUser] = useState<SessionUser | null>(null);
  const [loading, setLoading] = useState(true);
  const [ended, setEnded] = useState(false);

  // Firebase Auth is started once, by whichever comes first: a stored session on load, a sign-in
  // on this page, or a sign-in in another tab.
  const watching = useRef<Promise<void> | null>(null);
  const unsubscribe = useRef<(() => void) | null>(null);
  const watch = useCallback(() => {
    watching.current ??= import('./auth-client').then(({ watchIdToken, authInstance }) => {
      unsubscribe.current = watchIdToken((u) => {
        if (u) {
          // Renewed ID tokens replace the stored Bearer (SPEC §4 accessToken), unless the person
          // signed out while the token was being read.
          void u.getIdToken().then((t) => storeBearerIfStillSignedIn(authInstance().currentUser?.uid, u.uid, t));
        } else {
          localStorage.removeItem(ACCESS_TOKEN_KEY);
        }
        // A transition: the signed-in page that the restored session reveals renders in slices
        // that yield to the browser, not in one long task (issue 9, Total Blocking Time).
        startTransition(() => {
          setUser(u ? toSessionUser(u) : null);
          setLoading(false);
        });
      });
    });
    return watching.current;
  }, []);

  useEffect(() => {
    let cancelled = false;
    // The stored Bearer says whether this browser has a session to restore (it is written at
    // every sign-in and token renewal, and removed at sign-out). Without one, the visitor is
    // signed out and the auth SDK (about 45 KB and its start-up work) is not loaded at all until
    // they sign in; with one, it loads when the browser is idle, so it does not compete with
    // hydration on a prerendered page.
    const onStorage = (e: StorageEvent) => {
      if (e.key === ACCESS_TOKEN_KEY && e.newValue) void watch();
    };
    if (localStorage.getItem(ACCESS_TOKEN_KEY)) {
      const whenIdle = new Promise<void>((resolve) =>
        'requestIdleCallback' in window ? window.requestIdleCallback(() => resolve(), { timeout: 1000 }) : setTimeout(resolve, 0),
      );
      void whenIdle.then(() => {
        if (!cancelled) void watch();
      });
    } else {
      startTransition(() => setLoading(false));
    }
    window.addEventListener('storage', onStorage);
    return () => {
      cancelled = true;
      window.removeEventListener('storage', onStorage);
    };
  }, [watch]);

  useEffect(
    () => () => {
      unsubscribe.current?.();
      unsubscribe.current = null;
      watching.current = null;
    },
    [],
  );

  const signOut = useCallback(async () => {
    const { signOutUser } = await import('./auth-client');
    localStorage.removeItem(ACCESS_TOKEN_KEY);
    await signOutUser();
  }, []);

  const syncWithShop = useCallback(async () => {
    const { authInstance } = await import('./auth-client');
    const current = authInstance().currentUser;
    if (!current?.email) throw new Error('No user is signed in.');
    // The Bearer before the person shows as signed in: a page loaded from then on (a reload, a
    // link opened in a new tab) finds the session in storage and restores it.
    const token = await current.getIdToken();
    storeBearerIfStillSignedIn(authInstance().currentUser?.uid, current.uid, token);
    setUser(toSessionUser(current));
    // A sign-in on a page that started without a session: from now on renewals and sign-outs count.
    void watch();
    const res = await apiFetch<SyncUserResponse>(API.syncUser(current.email), { method: 'PUT', auth: true, body: { email: current.email } });
    storeBearerIfStillSignedIn(authInstance().currentUser?.uid, current.uid, res.token);
    return res;
  }, [watch]);

  useEffect(() => {
    // A 401 (or a 403 where asked) from the API ends the session in one place (SPEC §4, §8).
    // Leave the signed-in page first: signing out while still on a guarded page would send the
    // person to /login without a word (SPEC §8: go to / and say the session ended).
    setSessionEndHandler(() => {
      setEnded(true);
      void Promise.resolve(onSessionEnded()).finally(() => void signOut());
    });
    return () => setSessionEndHandler(null);
  }, [signOut, onSessionEnded]);

  // A new sign-in starts a new session.
  useEffect(() => {
    if (user) setEnded(false);
  }, [user]);

  const value = useMemo(() => ({ user, loading, signOut, syncWithShop, ended }), [user, loading, signOut, syncWithShop, ended]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

/**
 * The session as a component may render it. While a prerendered page hydrates, every part of it
 * sees the session as the prerender did (loading, nobody signed in), even when the provider has
 * already settled: a part hydrated after that would otherwise render the new state over HTML made
 * with the old one (React's hydration mismatch, and the page rebuilt from scratch).
 */
export function useSession(): SessionState {
  const ctx = useContext(SessionContext);
  if (!ctx) throw new Error('useSession must be used inside <SessionProvider>');
  const hydrated = useHydrated();
  return useMemo(() => (hydrated ? ctx : { ...ctx, user: null, loading: true }), [ctx, hydrated]);
}
