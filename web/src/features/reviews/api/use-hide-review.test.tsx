import { describe, expect, it, vi } from 'vitest';
import { renderHook } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { API } from '@fridgeparts/common/api-paths';
import { queryKeys } from '../../../lib/query-keys';

const apiFetch = vi.fn();
vi.mock('../../../lib/api-client', () => ({ apiFetch: (...args: unknown[]) => apiFetch(...args) }));
const { useHideReview } = await import('./use-hide-review');

describe('useHideReview', () => {
  it('sends DELETE /reviews/{id} signed in and takes the review out of every cached list at once', async () => {
    const client = new QueryClient();
    const home = queryKeys.reviews.list(100, null);
    const tool = queryKeys.reviews.list(100, 't1');
    client.setQueryData(home, [{ _id: 'a' }, { _id: 'b' }]);
    client.setQueryData(tool, [{ _id: 'b' }]);
    apiFetch.mockResolvedValueOnce({ _id: 'b', hidden: true, hiddenAt: '2026-11-25T13:00:00.000Z' });
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    const { result } = renderHook(() => useHideReview(), { wrapper });
    await result.current('b');
    expect(apiFetch).toHaveBeenCalledWith(API.hideReview('b'), { method: 'DELETE', auth: true });
    expect(client.getQueryData(home)).toEqual([{ _id: 'a' }]);
    expect(client.getQueryData(tool)).toEqual([]);
    expect(client.getQueryState(home)?.isInvalidated).toBe(true);
  });

  it('changes no list when the call is refused', async () => {
    const client = new QueryClient();
    const home = queryKeys.reviews.list(100, null);
    client.setQueryData(home, [{ _id: 'a' }]);
    apiFetch.mockRejectedValueOnce(new Error('This needs an admin account.'));
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    const { result } = renderHook(() => useHideReview(), { wrapper });
    await expect(result.current('a')).rejects.toThrow('admin');
    expect(client.getQueryData(home)).toEqual([{ _id: 'a' }]);
  });
});
