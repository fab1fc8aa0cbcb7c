import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';

type Row = { id: string; role: string };
const pages: Record<string, { items: Row[]; nextCursor: string | null }> = {
  '/users?limit=2': {
    items: [
      { id: 'a', role: 'customer' },
      { id: 'b', role: 'customer' },
    ],
    nextCursor: 'c2',
  },
  '/users?limit=2&cursor=c2': { items: [{ id: 'c', role: 'customer' }], nextCursor: null },
};
const apiFetchPage = vi.fn(async (path: string, _options: { quiet?: boolean }) => pages[path]);
vi.mock('./api-client', () => ({ apiFetchPage, ApiError: class extends Error {} }));
const { pagedQueryOptions, removePagedItem, updatePagedItem, usePagedList } = await import('./paged-query');
const { createQueryClient } = await import('./query-client');

function setup(enabled = true) {
  const client = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  const options = pagedQueryOptions<Row>(['users'], '/users', 2, { auth: true });
  return { client, ...renderHook(() => usePagedList(options, enabled), { wrapper }) };
}

describe('paged lists (infinite queries over limit + X-Next-Cursor)', () => {
  afterEach(() => {
    cleanup();
    apiFetchPage.mockClear();
  });

  it('reads page after page with the server cursor; only the first page is quiet', async () => {
    const { result } = setup();
    await waitFor(() => expect(result.current.items.map((i) => i.id)).toEqual(['a', 'b']));
    expect(result.current.hasMore).toBe(true);
    act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.items.map((i) => i.id)).toEqual(['a', 'b', 'c']));
    expect(result.current.hasMore).toBe(false);
    expect(apiFetchPage.mock.calls.map(([path, o]) => [path, o.quiet])).toEqual([
      ['/users?limit=2', true],
      ['/users?limit=2&cursor=c2', false],
    ]);
  });

  it('a write edits the cached pages in place: no new request, no jump to page one', async () => {
    const { result, client } = setup();
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
    expect(apiFetchPage).toHaveBeenCalledTimes(2);
  });

  it('waits while not enabled', () => {
    const { result } = setup(false);
    expect(result.current.loading).toBe(false);
    expect(apiFetchPage).not.toHaveBeenCalled();
  });
});
