import { useEffect, useState } from 'react';
import { API } from '@fridgeparts/common/api-paths';
import { MAX_PAGE_SIZE } from '@fridgeparts/common/constants';
import type { Review } from '@fridgeparts/common/review';
import { apiFetch } from '../../../lib/api-client';
import { config } from '../../../lib/config';

export interface ReviewsState {
  data: Review[] | undefined;
  error: Error | undefined;
  loading: boolean;
  refresh: () => void;
}

/**
 * Customer reviews, newest first (SPEC §7 GET /reviewsget). Through the REST API, or live from
 * Firestore where the stack has it (CONTRACT §1), as the catalogue hooks do. The home page shows
 * "all reviews": capped at the largest page the API serves so the page stays bounded.
 */
export function useReviews(count: number = MAX_PAGE_SIZE): ReviewsState {
  const [state, setState] = useState<{ data?: Review[]; error?: Error; loading: boolean }>({ loading: true });
  const [version, setVersion] = useState(0);

  useEffect(() => {
    let active = true;
    const onData = (data: Review[]) => active && setState({ data, loading: false });
    const onError = (error: Error) => active && setState((s) => ({ ...s, error, loading: false }));
    setState((s) => ({ ...s, loading: true, error: undefined }));
    if (config.catalogSource === 'firestore') {
      const unsubscribe = import('./firestore-reviews').then(({ watchReviews }) => watchReviews(count, onData, onError));
      return () => {
        active = false;
        void unsubscribe.then((u) => u());
      };
    }
    const controller = new AbortController();
    apiFetch<Review[]>(`${API.reviews}?limit=${count}`, { signal: controller.signal, quiet: true }).then(onData, (e: Error) => e.name !== 'AbortError' && onError(e));
    return () => {
      active = false;
      controller.abort();
    };
  }, [count, version]);

  return { data: state.data, error: state.error, loading: state.loading, refresh: () => setVersion((v) => v + 1) };
}
