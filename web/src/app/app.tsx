import { useCallback } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { MESSAGES } from '@fridgeparts/common/messages';
import { paths } from '../lib/infra/paths';
import { notify } from '../lib/infra/toast';
import { AppShell } from './app-shell';
import { routes } from './routes';

// A prerendered page is hydrated, not rendered anew: the router is told so (empty hydration data;
// the shop has no loaders), and then does not scroll to the top when it mounts. Otherwise a reader
// who scrolled before the page hydrated was thrown back to the top (and a click there was lost).
// Saved positions (a reload, Back) are still restored.
const prerendered = typeof document !== 'undefined' && Boolean(document.getElementById('root')?.hasChildNodes());
const router = createBrowserRouter(routes, prerendered ? { hydrationData: {} } : undefined);

export function App() {
  // SPEC §4, §8: a rejected session goes to /, signs out and says so.
  const onSessionEnded = useCallback(async () => {
    await router.navigate(paths.home);
    notify.info(MESSAGES.sessionEnded);
  }, []);
  return (
    <AppShell onSessionEnded={onSessionEnded}>
      <RouterProvider router={router} />
    </AppShell>
  );
}
