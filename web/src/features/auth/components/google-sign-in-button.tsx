import { useState } from 'react';
import { Button } from '../../../components/button';

const GOOGLE_G =
  'M21.6 12.2c0-.7-.1-1.4-.2-2H12v3.9h5.4a4.6 4.6 0 0 1-2 3v2.5h3.2c1.9-1.7 3-4.3 3-7.4zM12 22c2.7 0 5-.9 6.6-2.4l-3.2-2.5c-.9.6-2 1-3.4 1-2.6 0-4.8-1.8-5.6-4.1H3.1v2.6A10 10 0 0 0 12 22zM6.4 14a6 6 0 0 1 0-3.9V7.5H3.1a10 10 0 0 0 0 9zM12 6c1.5 0 2.8.5 3.8 1.5l2.9-2.9A10 10 0 0 0 3.1 7.5l3.3 2.6C7.2 7.8 9.4 6 12 6z';

/**
 * Google Sign In (SPEC §2) through Firebase Auth's popup; the Auth emulator serves its own
 * offline account picker. `onSignedIn` runs once Firebase has the user; failures go to `onError`.
 */
export function GoogleSignInButton({
  onSignedIn,
  onError,
  disabled,
}: {
  onSignedIn: () => Promise<void>;
  onError: (err: unknown) => void;
  disabled?: boolean;
}) {
  const [pending, setPending] = useState(false);
  const click = async () => {
    setPending(true);
    try {
      const { signInWithGoogle } = await import('../../../lib/infra/auth-client');
      await signInWithGoogle();
      await onSignedIn();
    } catch (err) {
      onError(err);
    } finally {
      setPending(false);
    }
  };
  return (
    <Button variant="outlined" size="large" onClick={() => void click()} disabled={disabled || pending}>
      <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d={GOOGLE_G} fill="currentColor" />
      </svg>
      {pending ? 'Waiting for Google…' : 'Google Sign In'}
    </Button>
  );
}
