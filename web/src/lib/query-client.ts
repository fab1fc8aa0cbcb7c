import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

/**
 * The one data layer (docs/decisions/0018-one-data-layer.md): every REST read is a query, every
 * write a mutation that updates or invalidates the queries it changes. Each feature's api/ folder
 * owns its keys; this module only sets the shared policy.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Public reads are CDN-cached for 60 s anyway (decision 0012); signed-in data is
        // invalidated by the mutations that change it.
        staleTime: 30_000,
        // A refusal (4xx) will not change by asking again; a network blip may.
        retry: (failures, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 2,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
