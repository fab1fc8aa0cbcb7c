import { Suspense, type ReactNode } from 'react';
import { SessionProvider } from '../lib/session';
import { ToastHost } from '../lib/toast-host';

/** Providers around the router, shared by the browser entry and the home-page prerender. */
export function AppShell({ children, onSessionEnded }: { children: ReactNode; onSessionEnded: () => void | Promise<void> }) {
  return (
    <>
      <SessionProvider onSessionEnded={onSessionEnded}>
        {/* A boundary around the whole page lets React hydrate the prerendered home page in
            small slices instead of one long task that would block input. */}
        <Suspense fallback={null}>{children}</Suspense>
      </SessionProvider>
      <ToastHost />
    </>
  );
}
