import { Suspense, useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '../lib/query-client';
import { SessionProvider } from '../lib/session';
import { ToastHost } from '../lib/toast-host';

/** Providers around the router, shared by the browser entry and the home-page prerender. */
export function AppShell({ children, onSessionEnded }: { children: ReactNode; onSessionEnded: () => void | Promise<void> }) {
  // One cache per app (per prerendered page on the server, where queries never run).
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider onSessionEnded={onSessionEnded}>
        {/* A boundary around the whole page lets React hydrate the prerendered home page in
            small slices instead of one long task that would block input. */}
        <Suspense fallback={null}>{children}</Suspense>
      </SessionProvider>
      <ToastHost />
    </QueryClientProvider>
  );
}
