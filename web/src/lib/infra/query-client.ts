import { hashKey, QueryClient, type QueryKey } from '@tanstack/react-query';
import { ApiError } from './api-client';

/**
 * The one data layer (docs/decisions/0018-one-data-layer.md): every REST read is a query, every
 * write a mutation that updates or invalidates the queries it changes. Each feature's api/ folder
 * owns its query options and hooks (keys in query-keys.ts); this module sets the shared policy.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Public reads are CDN-cached for 60 s anyway (decision 0012); signed-in data is
        // invalidated by the mutations that change it.
        staleTime: 30_000,
        // A refusal (4xx) or a server bug (500 internal) will not change by asking again; a
        // network blip or an outage (503) may.
        retry: (failures, error) => !(error instanceof ApiError && error.status >= 400 && error.status <= 500) && failures < 2,
        // Not on focus: what changes behind a visitor's back is live already (Firestore listeners)
        // or changed by this tab's own mutations; a refetch would read every loaded page of a
        // long list again, and the payment page must not change under the buyer (it reads the
        // booking afresh on each visit instead). A page that is opened again reads stale data anew.
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

/**
 * After a write: marks every query under `prefix` stale except `edited`, which the write already
 * brought up to date in the cache. The others read again when next shown (now, if on screen).
 */
export function invalidateOthers(queryClient: QueryClient, prefix: QueryKey, edited: QueryKey): Promise<void> {
  const hash = hashKey(edited);
  return queryClient.invalidateQueries({ queryKey: prefix, predicate: (q) => q.queryHash !== hash });
}
