import type { ReactElement, ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render, type RenderOptions } from '@testing-library/react';
import { createQueryClient } from '../lib/infra/query-client';

/** render() inside a fresh query cache (the app's data layer; a test that looks into it passes its own), around any other wrapper. */
export function renderWithQuery(ui: ReactElement, { client = createQueryClient(), ...options }: RenderOptions & { client?: QueryClient } = {}) {
  // Tests say when to try again; the app's retry delays would only slow them down.
  client.setDefaultOptions({ ...client.getDefaultOptions(), queries: { ...client.getDefaultOptions().queries, retry: false } });
  const Inner = options.wrapper ?? (({ children }: { children: ReactNode }) => <>{children}</>);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <Inner>{children}</Inner>
    </QueryClientProvider>
  );
  return render(ui, { ...options, wrapper });
}
