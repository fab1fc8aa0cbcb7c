import { useEffect } from 'react';

/** Often enough that a link opened on a phone shows here soon; rare enough to cost Auth nothing. */
export const VERIFIED_POLL_MS = 10_000;

/**
 * While `active` (the banner shows), asks Firebase Auth whether the address has been verified:
 * when the person comes back to this tab (focus, visibilitychange) and every VERIFIED_POLL_MS.
 * A verified answer renews the ID token (auth-client refreshEmailVerified), which updates the
 * session, so no new sign-in is needed (CONTRACT §9).
 */
export function useEmailVerifiedWatch(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    let busy = false;
    const check = () => {
      if (busy || document.visibilityState === 'hidden') return;
      busy = true;
      void import('../../../lib/infra/auth-client')
        .then(({ refreshEmailVerified }) => refreshEmailVerified())
        // Offline or throttled: the next focus or tick asks again.
        .catch(() => false)
        .finally(() => {
          busy = false;
        });
    };
    const timer = window.setInterval(check, VERIFIED_POLL_MS);
    window.addEventListener('focus', check);
    document.addEventListener('visibilitychange', check);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('focus', check);
      document.removeEventListener('visibilitychange', check);
    };
  }, [active]);
}
