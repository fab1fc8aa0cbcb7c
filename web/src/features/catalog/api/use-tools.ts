import { useEffect, useState } from 'react';
import { API } from '@fridgeparts/common/api-paths';
import type { Tool } from '@fridgeparts/common/tool';
import { apiFetch } from '../../../lib/api-client';
import { config } from '../../../lib/config';

export interface Live<T> {
  data: T | undefined;
  error: Error | undefined;
  loading: boolean;
  /** Reads again (REST); Firestore listeners are live already. */
  refresh: () => void;
}

/**
 * Subscribes to a catalogue read: Firestore listeners where the stack has Firestore, one REST
 * request otherwise (CONTRACT §1). Components only see this hook (STYLE habit 2).
 */
function useLive<T>(
  key: string | null,
  viaRest: (signal: AbortSignal) => Promise<T>,
  viaFirestore: (onData: (v: T) => void, onError: (e: Error) => void) => Promise<() => void>,
): Live<T> {
  const [state, setState] = useState<{ data?: T; error?: Error; loading: boolean }>({ loading: true });
  const [version, setVersion] = useState(0);

  useEffect(() => {
    if (key === null) return;
    let active = true;
    const onData = (data: T) => active && setState({ data, loading: false });
    const onError = (error: Error) => active && setState((s) => ({ ...s, error, loading: false }));
    setState((s) => ({ ...s, loading: true, error: undefined }));
    if (config.catalogSource === 'firestore') {
      const unsubscribe = viaFirestore(onData, onError);
      return () => {
        active = false;
        void unsubscribe.then((u) => u());
      };
    }
    const controller = new AbortController();
    viaRest(controller.signal).then(onData, (e: Error) => e.name !== 'AbortError' && onError(e));
    return () => {
      active = false;
      controller.abort();
    };
    // The loaders are stable per key by construction.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, version]);

  return { data: state.data, error: state.error, loading: state.loading, refresh: () => setVersion((v) => v + 1) };
}

/** Components that ask for the same newest tools at once share one request. */
const newestInFlight = new Map<number, Promise<Tool[]>>();

function fetchNewest(count: number): Promise<Tool[]> {
  let request = newestInFlight.get(count);
  if (!request) {
    request = apiFetch<Tool[]>(`${API.tools}?sort=newest&limit=${count}`, { quiet: true }).finally(() => newestInFlight.delete(count));
    newestInFlight.set(count, request);
  }
  return request;
}

/** The newest `count` tools, newest first (home page). */
export function useNewestTools(count: number): Live<Tool[]> {
  return useLive(
    `newest:${count}`,
    () => fetchNewest(count),
    async (onData, onError) => (await import('./firestore-tools')).watchNewestTools(count, onData, onError),
  );
}

/** One tool; `data` is null when it does not exist. */
export function useTool(id: string | undefined): Live<Tool | null> {
  return useLive(
    id ? `tool:${id}` : null,
    (signal) =>
      apiFetch<Tool>(API.tool(id ?? ''), { signal, quiet: true }).catch((e: { status?: number }) => {
        if (e.status === 404) return null;
        throw e;
      }),
    async (onData, onError) => (await import('./firestore-tools')).watchTool(id ?? '', onData, onError),
  );
}
