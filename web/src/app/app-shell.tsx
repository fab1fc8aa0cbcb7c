import { Suspense, useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { ForgetPrivateData } from '../lib/infra/forget-private-data';
import { createQueryClient } from '../lib/infra/query-client';
import { SessionProvider } from '../lib/infra/session';
import { ToastHost } from '../lib/infra/toast-host';

/** Providers around the router, shared by the browser entry and the home-page prerender. */
export function AppShell({ children, onSessionEnded }: { children: ReactNode; onSessionEnded: () => void | Promise<void> }) {
  // One cache per app (per prerendered page on the server, where queries never run: the page
  // renders their loading state, which is also the browser's first render, so hydration matches).
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider onSessionEnded={onSessionEnded}>
        <ForgetPrivateData />
        {/* A boundary around the whole page lets React hydrate the prerendered home page in
            small slices instead of one long task that would block input. */}
        <Suspense fallback={null}>{children}</Suspense>
      </SessionProvider>
      <ToastHost />
    </QueryClientProvider>
  );
}
