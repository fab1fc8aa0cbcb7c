import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { SessionUser } from './session';

const session = vi.hoisted(() => ({ user: null as SessionUser | null, loading: true }));
vi.mock('./session', () => ({ useSession: () => session }));
vi.mock('./api-client', () => ({ ApiError: class extends Error {} }));
const { ForgetPrivateData } = await import('./forget-private-data');
const { createQueryClient } = await import('./query-client');

const alice: SessionUser = { uid: 'a', email: 'alice@example.test', displayName: 'Alice', emailVerified: true };
const bob: SessionUser = { uid: 'b', email: 'bob@example.test', displayName: 'Bob', emailVerified: true };

describe('ForgetPrivateData', () => {
  afterEach(cleanup);

  it("forgets the last person's answers when the person changes, and keeps the public ones", () => {
    const client = createQueryClient();
    const ui = () => (
      <QueryClientProvider client={client}>
        <ForgetPrivateData />
      </QueryClientProvider>
    );
    const view = render(ui());
    Object.assign(session, { user: alice, loading: false });
    view.rerender(ui());
    client.setQueryData(['orders', 'one', 'b1'], { _id: 'b1' });
    client.setQueryData(['users'], { pages: [], pageParams: [] });
    client.setQueryData(['tools', 'newest', 6], []);

    Object.assign(session, { user: null });
    view.rerender(ui());
    expect(client.getQueryData(['orders', 'one', 'b1'])).toBeUndefined();
    expect(client.getQueryData(['users'])).toBeUndefined();
    expect(client.getQueryData(['tools', 'newest', 6])).toEqual([]);

    client.setQueryData(['profile', alice.email], null);
    Object.assign(session, { user: bob });
    view.rerender(ui());
    expect(client.getQueryCache().find({ queryKey: ['profile', alice.email] })).toBeUndefined();
  });
});
