import { useEffect, useState } from 'react';
import { config } from './config';

export interface Live<T> {
  data: T | undefined;
  error: Error | undefined;
  loading: boolean;
  /** Reads again (REST); Firestore listeners are live already. */
  refresh: () => void;
}

/**
 * Subscribes to a public read (tools, reviews): Firestore listeners where the stack has Firestore, one REST
 * request otherwise (CONTRACT §1). Components only see this hook (STYLE habit 2).
 */
export function useLive<T>(
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
