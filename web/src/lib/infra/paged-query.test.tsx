import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, waitFor } from '@testing-library/react';
import { API } from '@fridgeparts/common/api-paths';
import { failure, fakeApi, page } from '../../test-support/fake-api';
import { renderHookSignedIn } from '../../test-support/signed-in';
import { notify } from '../../test-support/toast';

const api = fakeApi();
vi.mock('./toast', () => import('../../test-support/toast'));
const { pagedQueryOptions, removePagedItem, updatePagedItem, usePagedList } = await import('./paged-query');
const { createQueryClient } = await import('./query-client');

type Row = { id: string; role: string };
const FIRST = `${API.allUsers}?limit=2`;
const SECOND = `${API.allUsers}?limit=2&cursor=c2`;
function answerPages() {
  api.on(
    'GET',
    FIRST,
    page<Row>(
      [
        { id: 'a', role: 'customer' },
        { id: 'b', role: 'customer' },
      ],
      'c2',
    ),
  );
  api.on('GET', SECOND, page<Row>([{ id: 'c', role: 'customer' }]));
}
/** The paths asked for, in order. */
const asked = () => api.requests.map((r) => r.path);

async function setup(enabled = true) {
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { retry: false } });
  const options = pagedQueryOptions<Row>(['users'], API.allUsers, 2, { auth: true });
  return { client, ...(await renderHookSignedIn(() => usePagedList(options, enabled), { client })) };
}

describe('paged lists (infinite queries over limit + X-Next-Cursor)', () => {
  afterEach(() => {
    cleanup();
  });

  it('reads page after page with the server cursor', async () => {
    answerPages();
    const { result } = await setup();
    await waitFor(() => expect(result.current.items.map((i) => i.id)).toEqual(['a', 'b']));
    expect(result.current.hasMore).toBe(true);
    act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.items.map((i) => i.id)).toEqual(['a', 'b', 'c']));
    expect(result.current.hasMore).toBe(false);
    expect(asked()).toEqual([FIRST, SECOND]);
  });

  it("only the first page is quiet: its failure is the list's to show, a later page's is toasted", async () => {
    api.on('GET', FIRST, failure('unavailable', 'The shop is busy.'));
    const { result } = await setup();
    await waitFor(() => expect(result.current.error?.message).toBe('The shop is busy.'));
    expect(notify.error).not.toHaveBeenCalled();
    answerPages();
    api.on('GET', SECOND, failure('unavailable', 'The shop is busy.'));
    act(() => result.current.retry());
    await waitFor(() => expect(result.current.items).toHaveLength(2));
    act(() => result.current.loadMore());
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('The shop is busy.'));
  });

  it('a write edits the cached pages in place: no new request, no jump to page one', async () => {
    answerPages();
    const { result, client } = await setup();
    await waitFor(() => expect(result.current.items).toHaveLength(2));
    act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.items).toHaveLength(3));
    act(() => updatePagedItem<Row>(client, ['users'], (i) => i.id === 'c', { role: 'admin' }));
    act(() => removePagedItem<Row>(client, ['users'], (i) => i.id === 'a'));
    await waitFor(() =>
      expect(result.current.items).toEqual([
        { id: 'b', role: 'customer' },
        { id: 'c', role: 'admin' },
      ]),
    );
    expect(client.getQueryData<{ pages: unknown[] }>(['users'])?.pages).toHaveLength(2);
    expect(asked()).toEqual([FIRST, SECOND]);
  });

  it('waits while not enabled', async () => {
    const { result } = await setup(false);
    expect(result.current.loading).toBe(false);
    expect(api.requests).toEqual([]);
  });
});
