import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { API } from '@fridgeparts/common/api-paths';
import type { HiddenReviewResponse } from '@fridgeparts/common/responses';
import { queryKeys } from '../../../lib/infra/query-keys';
import { failure, fakeApi, json } from '../../../test-support/fake-api';
import { TEST_ID_TOKEN } from '../../../test-support/fake-auth-client';
import { renderHookSignedIn } from '../../../test-support/signed-in';
import { notify } from '../../../test-support/toast';

const api = fakeApi();
vi.mock('../../../lib/infra/toast', () => import('../../../test-support/toast'));
const { useHideReview } = await import('./use-hide-review');

describe('useHideReview', () => {
  afterEach(cleanup);

  it('sends DELETE /reviews/{id} signed in and takes the review out of every cached list at once', async () => {
    const client = new QueryClient();
    const home = queryKeys.reviews.list(100, null);
    const tool = queryKeys.reviews.list(100, 't1');
    client.setQueryData(home, [{ _id: 'a' }, { _id: 'b' }]);
    client.setQueryData(tool, [{ _id: 'b' }]);
    api.on('DELETE', API.hideReview('b'), json<HiddenReviewResponse>({ _id: 'b', hidden: true, hiddenAt: '2026-11-25T13:00:00.000Z' }));
    const { result } = await renderHookSignedIn(() => useHideReview(), { client });
    await result.current('b');
    expect(api.sent('DELETE', API.hideReview('b'))).toEqual([
      expect.objectContaining({ headers: expect.objectContaining({ authorization: `Bearer ${TEST_ID_TOKEN}` }) }),
    ]);
    expect(client.getQueryData(home)).toEqual([{ _id: 'a' }]);
    expect(client.getQueryData(tool)).toEqual([]);
    expect(client.getQueryState(home)?.isInvalidated).toBe(true);
  });

  it('changes no list when the call is refused', async () => {
    const client = new QueryClient();
    const home = queryKeys.reviews.list(100, null);
    client.setQueryData(home, [{ _id: 'a' }]);
    api.on('DELETE', API.hideReview('a'), failure('permission-denied', 'This needs an admin account.'));
    const { result } = await renderHookSignedIn(() => useHideReview(), { client });
    await expect(result.current('a')).rejects.toThrow('admin');
    expect(notify.error).toHaveBeenCalledWith('This needs an admin account.');
    expect(client.getQueryData(home)).toEqual([{ _id: 'a' }]);
  });
});
