import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, waitFor } from '@testing-library/react';
import { signInAs, type FakeUser } from '../../test-support/fake-auth-client';
import { renderSignedIn } from '../../test-support/signed-in';
const { ForgetPrivateData } = await import('./forget-private-data');
const { createQueryClient } = await import('./query-client');

const alice: FakeUser = { uid: 'a', email: 'alice@example.test', displayName: 'Alice', emailVerified: true };
const bob: FakeUser = { uid: 'b', email: 'bob@example.test', displayName: 'Bob', emailVerified: true };

describe('ForgetPrivateData', () => {
  afterEach(cleanup);

  it("forgets the last person's answers when the person changes, and keeps the public ones", async () => {
    const client = createQueryClient();
    await renderSignedIn(<ForgetPrivateData />, { user: alice, client });
    client.setQueryData(['orders', 'one', 'b1'], { _id: 'b1' });
    client.setQueryData(['users'], { pages: [], pageParams: [] });
    client.setQueryData(['tools', 'newest', 6], []);

    // Signed out (Firebase Auth says nobody), as the session hears it.
    await act(async () => signInAs(null));
    await waitFor(() => expect(client.getQueryData(['orders', 'one', 'b1'])).toBeUndefined());
    expect(client.getQueryData(['users'])).toBeUndefined();
    expect(client.getQueryData(['tools', 'newest', 6])).toEqual([]);

    client.setQueryData(['profile', alice.email], null);
    await act(async () => signInAs(bob));
    await waitFor(() => expect(client.getQueryCache().find({ queryKey: ['profile', alice.email] })).toBeUndefined());
  });
});
