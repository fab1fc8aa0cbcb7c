import { useEffect, useState } from 'react';
import { hashKey, useQuery, useQueryClient, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { config } from './config';

export interface Live<T> {
  data: T | undefined;
  error: Error | undefined;
  loading: boolean;
  /** Reads again after a failure (REST); a Firestore listener is live already. */
  retry: () => void;
}

/** Starts a Firestore listener (its SDK is a lazy import) and resolves to its unsubscribe. */
export type Watch<T> = (onData: (v: T) => void, onError: (e: Error) => void) => Promise<() => void>;

/**
 * A public read (tools, reviews) in the query cache: the feature's REST query options, or, where
 * the stack has Firestore (CONTRACT §1), a listener that writes each snapshot into the same cache
 * entry, so a mutation's invalidation and every component reading the key see one copy.
 * `enabled` false waits.
 */
export function useLiveQuery<T, K extends QueryKey>(options: UseQueryOptions<T, Error, T, K> & { queryKey: K }, watch: Watch<T>, enabled = true): Live<T> {
  const live = config.catalogSource === 'firestore';
  const queryClient = useQueryClient();
  const query = useQuery({
    ...options,
    enabled: enabled && !live,
    // A listener keeps the entry current: never refetch it over REST.
    ...(live ? { staleTime: Infinity } : {}),
  });
  const [listenerError, setListenerError] = useState<{ hash: string; error: Error } | null>(null);
  const { queryKey } = options;
  const hash = hashKey(queryKey);

  useEffect(() => {
    if (!live || !enabled) return;
    let active = true;
    const unsubscribe = watch(
      (data) => active && queryClient.setQueryData<T>(queryKey as QueryKey, data),
      (error) => active && setListenerError({ hash, error }),
    );
    return () => {
      active = false;
      void unsubscribe.then((u) => u());
    };
    // The key's hash stands for the key; the watcher is the same for the same key by construction.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [live, enabled, hash, queryClient]);

  const error = live ? (listenerError?.hash === hash ? listenerError.error : undefined) : (query.error ?? undefined);
  const { refetch } = query;
  return {
    data: query.data,
    error,
    loading: enabled && query.data === undefined && !error,
    retry: () => void (live ? undefined : refetch()),
  };
}
