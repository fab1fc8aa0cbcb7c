import { useEffect, useState } from 'react';
import { hashKey, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { config } from './config';

export interface Live<T> {
  data: T | undefined;
  error: Error | undefined;
  loading: boolean;
  /** Reads again (REST); Firestore listeners are live already. */
  refresh: () => void;
}

/**
 * A public read (tools, reviews) in the query cache: one REST query, or, where the stack has
 * Firestore (CONTRACT §1), a listener that writes each snapshot into the same cache entry, so a
 * mutation's invalidation and every component reading the key see one copy. `key` null waits.
 */
export function useLiveQuery<T>(
  key: QueryKey | null,
  viaRest: (signal: AbortSignal) => Promise<T>,
  viaFirestore: (onData: (v: T) => void, onError: (e: Error) => void) => Promise<() => void>,
): Live<T> {
  const live = config.catalogSource === 'firestore';
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: key ?? ['idle'],
    queryFn: ({ signal }) => viaRest(signal),
    enabled: key !== null && !live,
    // A listener keeps the entry current: never refetch it over REST.
    ...(live ? { staleTime: Infinity } : {}),
  });
  const [listenerError, setListenerError] = useState<{ hash: string; error: Error } | null>(null);
  const hash = key ? hashKey(key) : null;

  useEffect(() => {
    if (!live || key === null || hash === null) return;
    let active = true;
    const unsubscribe = viaFirestore(
      (data) => active && queryClient.setQueryData(key, data),
      (error) => active && setListenerError({ hash, error }),
    );
    return () => {
      active = false;
      void unsubscribe.then((u) => u());
    };
    // The key's hash stands for the key; the loaders are stable per key by construction.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [live, hash, queryClient]);

  const error = live ? (listenerError?.hash === hash ? listenerError?.error : undefined) : (query.error ?? undefined);
  return {
    data: query.data,
    error,
    loading: key !== null && query.data === undefined && !error,
    refresh: () => void (live ? undefined : query.refetch()),
  };
}
