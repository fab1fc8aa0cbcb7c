import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSession } from './session';

/** Reads any visitor may see; every other entry belongs to the person signed in when it was read. */
const PUBLIC_ROOTS = new Set<unknown>(['tools', 'reviews']);

/**
 * When the signed-in person changes (sign-out, session ended, another account), the cached
 * answers that were theirs (orders, profile, admin lists, the admin check) are forgotten, so the
 * next person never sees them, not even while their own read is on its way. Entries still on
 * screen are left to the page that shows them (it is being left), to be forgotten on the next change.
 */
export function ForgetPrivateData(): null {
  const queryClient = useQueryClient();
  const { user, loading } = useSession();
  const uid = loading ? undefined : (user?.uid ?? null);
  const last = useRef<string | null | undefined>(undefined);
  useEffect(() => {
    if (uid === undefined) return;
    if (last.current !== undefined && last.current !== uid) {
      queryClient.removeQueries({ type: 'inactive', predicate: (q) => !PUBLIC_ROOTS.has(q.queryKey[0]) });
    }
    last.current = uid;
  }, [uid, queryClient]);
  return null;
}
