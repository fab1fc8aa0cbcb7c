import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { Booking } from '@fridgeparts/common/booking';
import { bookingFixture } from '../../../test-support/fixtures';

const rows = [bookingFixture({ _id: 'b1', paid: true, transactionId: 'pi_1' }), bookingFixture({ _id: 'b2' })];
const apiFetchPage = vi.fn(async () => ({ items: rows, nextCursor: null }));
const apiFetch = vi.fn(async (_path: string, _options?: unknown): Promise<unknown> => undefined);
vi.mock('../../../lib/api-client', () => ({ apiFetchPage, apiFetch, ApiError: class extends Error {} }));
const { useAllOrders } = await import('./use-all-orders');
const { createQueryClient } = await import('../../../lib/query-client');
const { queryKeys } = await import('../../../lib/query-keys');

function setup() {
  const client = createQueryClient();
  // Other views already read: another filter of the same table, a customer's list, the catalogue.
  client.setQueryData(queryKeys.orders.everyone({ state: 'paid' }), { pages: [], pageParams: [] });
  client.setQueryData(queryKeys.orders.mine('casey@example.test'), { pages: [], pageParams: [] });
  client.setQueryData(queryKeys.tools.newest(6), []);
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  const view = renderHook(() => useAllOrders({}), { wrapper });
  const stale = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;
  return { client, stale, ...view };
}

describe('useAllOrders: a row action changes what it changed, and only that', () => {
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });

  it('Ship: the row changes in place, the other order lists read again, the catalogue does not', async () => {
    const { result, stale } = setup();
    await waitFor(() => expect(result.current.items).toHaveLength(2));
    await act(() => result.current.markShipped(rows[0]));
    await waitFor(() => expect(result.current.items[0]).toMatchObject({ _id: 'b1', status: 'shipped', state: 'shipped' }));
    expect(apiFetchPage).toHaveBeenCalledTimes(1);
    expect(stale(queryKeys.orders.everyone({}))).toBe(false);
    expect(stale(queryKeys.orders.everyone({ state: 'paid' }))).toBe(true);
    expect(stale(queryKeys.orders.mine('casey@example.test'))).toBe(true);
    expect(stale(queryKeys.tools.newest(6))).toBe(false);
  });

  it('Refund and Delete: the stock came back, so the catalogue reads again too', async () => {
    const { result, stale } = setup();
    await waitFor(() => expect(result.current.items).toHaveLength(2));
    apiFetch.mockResolvedValueOnce({ ...rows[0], state: 'refunded' } satisfies Booking);
    await act(() => result.current.refund(rows[0]));
    await waitFor(() => expect(result.current.items[0].state).toBe('refunded'));
    expect(stale(queryKeys.tools.newest(6))).toBe(true);

    await act(() => result.current.deleteOrder(rows[1]));
    await waitFor(() => expect(result.current.items.map((b) => b._id)).toEqual(['b1']));
    expect(apiFetchPage).toHaveBeenCalledTimes(1);
  });

  it('a refused write changes nothing in the cache', async () => {
    const { result, stale } = setup();
    await waitFor(() => expect(result.current.items).toHaveLength(2));
    apiFetch.mockRejectedValueOnce(new Error('refused'));
    await expect(act(() => result.current.markShipped(rows[0]))).rejects.toThrow('refused');
    expect(result.current.items[0].status).toBeNull();
    expect(stale(queryKeys.orders.mine('casey@example.test'))).toBe(false);
  });
});
