import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, waitFor } from '@testing-library/react';
import { API } from '@fridgeparts/common/api-paths';
import type { Booking } from '@fridgeparts/common/booking';
import { failure, fakeApi, json, page } from '../../../test-support/fake-api';
import { bookingFixture } from '../../../test-support/fixtures';
import { renderHookSignedIn } from '../../../test-support/signed-in';

const api = fakeApi();
const { useAllOrders } = await import('./use-all-orders');
const { createQueryClient } = await import('../../../lib/infra/query-client');
const { queryKeys } = await import('../../../lib/infra/query-keys');

const rows = [bookingFixture({ _id: 'b1', paid: true, transactionId: 'pi_1' }), bookingFixture({ _id: 'b2' })];
const ALL = API.filteredOrders({});

async function setup() {
  api.on('GET', ALL, page(rows));
  const client = createQueryClient();
  // Other views already read: another filter of the same table, a customer's list, the catalogue.
  client.setQueryData(queryKeys.orders.everyone({ state: 'paid' }), { pages: [], pageParams: [] });
  client.setQueryData(queryKeys.orders.mine('casey@example.test'), { pages: [], pageParams: [] });
  client.setQueryData(queryKeys.tools.newest(6), []);
  const view = await renderHookSignedIn(() => useAllOrders({}), { client });
  const stale = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;
  return { client, stale, ...view };
}

describe('useAllOrders: a row action changes what it changed, and only that', () => {
  afterEach(cleanup);

  it('Ship: the row changes in place, the other order lists read again, the catalogue does not', async () => {
    const { result, stale } = await setup();
    await waitFor(() => expect(result.current.items).toHaveLength(2));
    api.on('PATCH', API.markShipped('b1'), json<Booking>({ ...rows[0], status: 'shipped', state: 'shipped' }));
    await act(() => result.current.markShipped(rows[0]));
    await waitFor(() => expect(result.current.items[0]).toMatchObject({ _id: 'b1', status: 'shipped', state: 'shipped' }));
    expect(api.sent('GET', ALL)).toHaveLength(1);
    expect(stale(queryKeys.orders.everyone({}))).toBe(false);
    expect(stale(queryKeys.orders.everyone({ state: 'paid' }))).toBe(true);
    expect(stale(queryKeys.orders.mine('casey@example.test'))).toBe(true);
    expect(stale(queryKeys.tools.newest(6))).toBe(false);
  });

  it('Refund and Delete: the stock came back, so the catalogue reads again too', async () => {
    const { result, stale } = await setup();
    await waitFor(() => expect(result.current.items).toHaveLength(2));
    api.on('POST', API.refundOrder('b1'), json<Booking>({ ...rows[0], state: 'refunded' }));
    api.on('DELETE', API.deleteOrder('b2'), json({ deletedCount: 1 }));
    await act(() => result.current.refund(rows[0]));
    await waitFor(() => expect(result.current.items[0].state).toBe('refunded'));
    expect(stale(queryKeys.tools.newest(6))).toBe(true);

    await act(() => result.current.deleteOrder(rows[1]));
    await waitFor(() => expect(result.current.items.map((b) => b._id)).toEqual(['b1']));
    expect(api.sent('GET', ALL)).toHaveLength(1);
  });

  it('a refused write changes nothing in the cache', async () => {
    const { result, stale } = await setup();
    await waitFor(() => expect(result.current.items).toHaveLength(2));
    api.on('PATCH', API.markShipped('b1'), failure('conflict', 'refused'));
    await expect(act(() => result.current.markShipped(rows[0]))).rejects.toThrow('refused');
    expect(result.current.items[0].status).toBeNull();
    expect(stale(queryKeys.orders.mine('casey@example.test'))).toBe(false);
  });
});
