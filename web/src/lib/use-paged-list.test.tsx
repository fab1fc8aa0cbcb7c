import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { createQueryClient } from './query-client';

const pages: Record<string, { items: { id: string; role: string }[]; nextCursor: string | null }> = {
  '/users?limit=2': { items: [{ id: 'a', role: 'customer' }, { id: 'b', role: 'customer' }], nextCursor: 'c2' },
  '/users?limit=2&cursor=c2': { items: [{ id: 'c', role: 'customer' }], nextCursor: null },
};
const apiFetchPage = vi.fn(async (path: string) => pages[path]);
vi.mock('./api-client', () => ({ apiFetchPage: (path: string) => apiFetchPage(path) }));
const { usePagedList } = await import('./use-paged-list');

function setup() {
  const client = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return { client, ...renderHook(() => usePagedList<{ id: string; role: string }>(['users'], '/users', 2), { wrapper }) };
}

describe('usePagedList (an infinite query)', () => {
  afterEach(() => {
    cleanup();
    apiFetchPage.mockClear();
  });

  it('reads page after page with the server cursor', async () => {
    const { result } = setup();
    await waitFor(() => expect(result.current.items.map((i) => i.id)).toEqual(['a', 'b']));
    expect(result.current.hasMore).toBe(true);
    act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.items.map((i) => i.id)).toEqual(['a', 'b', 'c']));
    expect(result.current.hasMore).toBe(false);
    expect(apiFetchPage).toHaveBeenCalledTimes(2);
  });

  it('edits the cached pages in place after a write (no new request, no jump to page one)', async () => {
    const { result, client } = setup();
    await waitFor(() => expect(result.current.items).toHaveLength(2));
    act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.items).toHaveLength(3));
    act(() => result.current.update((i) => i.id === 'c', { role: 'admin' }));
    act(() => result.current.remove((i) => i.id === 'a'));
    await waitFor(() => expect(result.current.items).toEqual([{ id: 'b', role: 'customer' }, { id: 'c', role: 'admin' }]));
    expect(client.getQueryData<{ pages: unknown[] }>(['users'])?.pages).toHaveLength(2);
    expect(apiFetchPage).toHaveBeenCalledTimes(2);
  });
});
