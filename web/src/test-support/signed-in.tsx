import { expect, vi } from 'vitest';
import { useEffect, type ReactElement, type ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { waitFor } from '@testing-library/react';
import { ACCESS_TOKEN_KEY } from '../lib/api-client';
import { SessionProvider, useSession } from '../lib/session';
import { signInAs, type FakeUser } from './fake-auth-client';
import { renderWithQuery } from './render';

// Firebase Auth is the one thing faked on the way from a page to the API besides the network
// (fake-api.ts): the session, the API client and the hooks are the app's own. Importing this module
// puts the fake in place of lib/auth-client for the whole test file; the app imports that module
// only lazily, so no part of it has loaded the real one before.
vi.mock('../lib/auth-client', () => import('./fake-auth-client'));

const noop = () => undefined;

export const CASEY: FakeUser = { uid: 'u-casey', email: 'casey@example.test', displayName: 'Casey', emailVerified: true };

/** Renders the page's part only once the session is there, as the dashboard's route guard does. */
function SignedInOnly({ children, onShown }: { children: ReactNode; onShown: () => void }) {
  const { user } = useSession();
  useEffect(() => {
    if (user) onShown();
  }, [user, onShown]);
  return user ? <>{children}</> : null;
}

/**
 * render() as a signed-in page of the app: a fresh query cache, the real SessionProvider restoring
 * `user`'s session from fake Firebase Auth, and a router. Resolves once the session is there and
 * `ui` is on screen.
 */
export async function renderSignedIn(ui: ReactElement, { user = CASEY }: { user?: FakeUser } = {}) {
  signInAs(user);
  // As after a sign-in: the stored Bearer tells the session there is one to restore.
  localStorage.setItem(ACCESS_TOKEN_KEY, 'stored-token');
  let shown = false;
  const onShown = () => void (shown = true);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <SessionProvider onSessionEnded={noop}>
      <MemoryRouter>
        <SignedInOnly onShown={onShown}>{children}</SignedInOnly>
      </MemoryRouter>
    </SessionProvider>
  );
  const view = renderWithQuery(ui, { wrapper });
  await waitFor(() => expect(shown).toBe(true));
  return view;
}
