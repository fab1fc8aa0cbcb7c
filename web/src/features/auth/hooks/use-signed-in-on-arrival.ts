import { useEffect, useState } from 'react';
import { useSession } from '../../../lib/infra/session';

/**
 * True when the person was already signed in as they arrived on /login or /signup (issue 9: those
 * pages were shown to signed-in users). Decided once, when the session has loaded, so signing in
 * on the page itself does not short-circuit the sign-in flow (which records the user with the
 * shop before moving on).
 */
export function useSignedInOnArrival(): boolean {
  const { user, loading } = useSession();
  const [signedIn, setSignedIn] = useState<boolean | null>(null);
  useEffect(() => {
    if (!loading && signedIn === null) setSignedIn(!!user);
  }, [loading, user, signedIn]);
  return signedIn === true;
}
