import { expect, vi } from 'vitest';
import { useEffect, useState, type ReactElement, type ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { ACCESS_TOKEN_KEY } from '../lib/infra/api-client';
import { SessionProvider, useSession } from '../lib/infra/session';
import { holdRestore, signInAs, type FakeUser } from './fake-auth-client';
import { renderWithQuery } from './render';

// Firebase Auth is the one thing faked on the way from a page to the API besides the network
// (fake-api.ts): the session, the API client and the hooks are the app's own. Importing this module
// puts the fake in place of lib/auth-client for the whole test file; the app imports that module
// only lazily, so no part of it has loaded the real one before.
vi.mock('../lib/infra/auth-client', () => import('./fake-auth-client'));

const noop = () => undefined;

export const CASEY: FakeUser = { uid: 'u-casey', email: 'casey@example.test', displayName: 'Casey', emailVerified: true };

/**
 * Renders the page's part only once the session is there, as the dashboard's route guard does;
 * from then on whatever the session does (a test may sign the person out, or in as another).
 */
function SignedInOnly({ children, onShown }: { children: ReactNode; onShown: () => void }) {
  const { user } = useSession();
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (user && !shown) {
      setShown(true);
      onShown();
    }
  }, [user, shown, onShown]);
  return user || shown ? <>{children}</> : null;
}

interface PageOptions {
  /** The address the router starts at (render `<Routes>` as `ui` to follow a navigation). */
  at?: string;
  /** Called when a 401 from the API ends the session (the app's own handler leaves the page). */
  onSessionEnded?: () => void;
  /** False for a `ui` that brings its own router (a RouterProvider). */
  router?: boolean;
}

function Router({ at, router, children }: { at: string; router: boolean; children: ReactNode }) {
  return router ? <MemoryRouter initialEntries={[at]}>{children}</MemoryRouter> : <>{children}</>;
}

/**
 * render() as a signed-in page of the app: a fresh query cache, the real SessionProvider restoring
 * `user`'s session from fake Firebase Auth, and a router. Resolves once the session is there and
 * `ui` is on screen. The one way a test signs someone in: no test mocks lib/session or
 * lib/auth-client itself.
 */
export async function renderSignedIn(
  ui: ReactElement,
  { user = CASEY, at = '/', onSessionEnded = noop, router = true, client }: PageOptions & { user?: FakeUser; client?: QueryClient } = {},
) {
  signInAs(user);
  // As after a sign-in: the stored Bearer tells the session there is one to restore.
  localStorage.setItem(ACCESS_TOKEN_KEY, 'stored-token');
  let shown = false;
  const onShown = () => void (shown = true);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <SessionProvider onSessionEnded={onSessionEnded}>
      <Router at={at} router={router}>
        <SignedInOnly onShown={onShown}>{children}</SignedInOnly>
      </Router>
    </SessionProvider>
  );
  const view = renderWithQuery(ui, { wrapper, client });
  await waitFor(() => expect(shown).toBe(true));
  return view;
}

/** Renders the page's part once the session has settled with nobody signed in. */
function SettledOnly({ children, onShown }: { children: ReactNode; onShown: () => void }) {
  const { loading } = useSession();
  useEffect(() => {
    if (!loading) onShown();
  }, [loading, onShown]);
  return loading ? null : <>{children}</>;
}

/**
 * render() as a page of the app for a visitor: the real SessionProvider with no session to restore
 * (nothing stored, nobody in fake Firebase Auth), a fresh query cache and a router. Resolves once
 * the session has settled and `ui` is on screen.
 */
export async function renderSignedOut(ui: ReactElement, { at = '/', onSessionEnded = noop, router = true }: PageOptions = {}) {
  signInAs(null);
  localStorage.removeItem(ACCESS_TOKEN_KEY);
  let shown = false;
  const onShown = () => void (shown = true);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <SessionProvider onSessionEnded={onSessionEnded}>
      <Router at={at} router={router}>
        <SettledOnly onShown={onShown}>{children}</SettledOnly>
      </Router>
    </SessionProvider>
  );
  const view = renderWithQuery(ui, { wrapper });
  await waitFor(() => expect(shown).toBe(true));
  return view;
}

/**
 * renderHook() as a page runs a hook: the real SessionProvider restoring `user`'s session from fake
 * Firebase Auth (null: a visitor, nobody signed in), around `client` (a test that looks into the
 * cache passes its own). Resolves once the session is there (or has settled with nobody) and the
 * hook has run with it.
 */
export async function renderHookSignedIn<T>(hook: () => T, { user = CASEY, client }: { user?: FakeUser | null; client: QueryClient }) {
  signInAs(user);
  if (user) localStorage.setItem(ACCESS_TOKEN_KEY, 'stored-token');
  else localStorage.removeItem(ACCESS_TOKEN_KEY);
  let shown = false;
  const onShown = () => void (shown = true);
  const Ready = user ? SignedInOnly : SettledOnly;
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <SessionProvider onSessionEnded={noop}>
        <Ready onShown={onShown}>{children}</Ready>
      </SessionProvider>
    </QueryClientProvider>
  );
  const view = renderHook(hook, { wrapper });
  await waitFor(() => expect(shown).toBe(true));
  return view;
}

/**
 * render() as a page loaded with a stored session that Firebase Auth has not restored yet: the
 * session is loading (nobody reads as signed in) until `restore()`, which brings `user` back.
 */
export function renderRestoring(ui: ReactElement, { user = CASEY, at = '/' }: { user?: FakeUser; at?: string } = {}) {
  signInAs(user);
  localStorage.setItem(ACCESS_TOKEN_KEY, 'stored-token');
  const restore = holdRestore();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <SessionProvider onSessionEnded={noop}>
      <MemoryRouter initialEntries={[at]}>{children}</MemoryRouter>
    </SessionProvider>
  );
  return { ...renderWithQuery(ui, { wrapper }), restore };
}

/**
 * The app's SessionProvider for a visitor, for a test that renders on its own (a prerender and
 * its hydration, a page on its own router): nothing stored, nobody in fake Firebase Auth.
 */
export function VisitorSession({ children }: { children: ReactNode }) {
  signInAs(null);
  localStorage.removeItem(ACCESS_TOKEN_KEY);
  return <SessionProvider onSessionEnded={noop}>{children}</SessionProvider>;
}
