import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';

type Listener = (u: { uid: string; email: string; displayName: string; getIdToken: () => Promise<string> } | null) => void;
const listeners: Listener[] = [];
const watchIdToken = vi.fn((cb: Listener) => {
  listeners.push(cb);
  return () => undefined;
});
/** Who the fake auth SDK has signed in: the last user its listeners were told of. */
let currentUser: Parameters<Listener>[0] = null;
vi.mock('./auth-client', () => ({
  watchIdToken: (cb: Listener) =>
    watchIdToken((u) => {
      currentUser = u;
      cb(u);
    }),
  signOutUser: vi.fn(),
  authInstance: () => ({ currentUser }),
}));
const { SessionProvider, useSession } = await import('./session');

function Who() {
  const { user, loading } = useSession();
  return <p>{loading ? 'loading' : (user?.email ?? 'signed out')}</p>;
}
const app = () =>
  render(
    <SessionProvider onSessionEnded={() => undefined}>
      <Who />
    </SessionProvider>,
  );
const buyer = { uid: 'u1', email: 'buyer@example.com', displayName: 'Buyer', getIdToken: async () => 'renewed-token' };

describe('SessionProvider', () => {
  beforeEach(() => {
    localStorage.clear();
    listeners.length = 0;
    watchIdToken.mockClear();
  });
  afterEach(cleanup);

  it('without a stored session, is signed out at once and never loads the auth SDK', async () => {
    app();
    expect(await screen.findByText('signed out')).toBeInTheDocument();
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(watchIdToken).not.toHaveBeenCalled();
  });

  it('with a stored session, restores it through the auth SDK and keeps the renewed token', async () => {
    localStorage.setItem('accessToken', 'old-token');
    app();
    expect(screen.getByText('loading')).toBeInTheDocument();
    await vi.waitFor(() => expect(watchIdToken).toHaveBeenCalledTimes(1));
    act(() => listeners[0](buyer));
    expect(await screen.findByText('buyer@example.com')).toBeInTheDocument();
    await vi.waitFor(() => expect(localStorage.getItem('accessToken')).toBe('renewed-token'));
    act(() => listeners[0](null));
    expect(await screen.findByText('signed out')).toBeInTheDocument();
    expect(localStorage.getItem('accessToken')).toBeNull();
  });

  it('a token read that answers after LogOut does not put the session back in storage', async () => {
    localStorage.setItem('accessToken', 'old-token');
    let answer: (t: string) => void = () => undefined;
    const slow = { ...buyer, getIdToken: () => new Promise<string>((resolve) => (answer = resolve)) };
    app();
    await vi.waitFor(() => expect(watchIdToken).toHaveBeenCalledTimes(1));
    act(() => listeners[0](slow));
    await screen.findByText('buyer@example.com');
    act(() => listeners[0](null)); // signed out while the token was being read
    await screen.findByText('signed out');
    answer('late-token');
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(localStorage.getItem('accessToken')).toBeNull();
  });

  it('starts watching when another tab signs in', async () => {
    app();
    await screen.findByText('signed out');
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'accessToken', newValue: 'token-from-tab-2' }));
    });
    await vi.waitFor(() => expect(watchIdToken).toHaveBeenCalledTimes(1));
    act(() => listeners[0](buyer));
    expect(await screen.findByText('buyer@example.com')).toBeInTheDocument();
  });
});
