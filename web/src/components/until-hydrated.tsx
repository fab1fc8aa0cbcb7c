import type { ReactNode } from 'react';
import { useHydrated } from '../lib/infra/use-hydrated';

const bare = { border: 0, padding: 0, margin: 0, minWidth: 0 } as const;

/**
 * Form controls of a prerendered page stay disabled until the app has hydrated them. Otherwise a
 * quick visitor could submit the bare HTML form, which the browser would send as a GET with the
 * password in the address bar.
 */
export function UntilHydrated({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  return (
    <fieldset disabled={!hydrated} aria-busy={!hydrated} style={bare}>
      {children}
    </fieldset>
  );
}
