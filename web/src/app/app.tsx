import { useCallback } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { MESSAGES } from '@fridgeparts/common/messages';
import { notify } from '../lib/toast';
import { AppShell } from './app-shell';
import { routes } from './routes';

const router = createBrowserRouter(routes);

export function App() {
  // SPEC §4, §8: a rejected session goes to /, signs out and says so.
  const onSessionEnded = useCallback(async () => {
    await router.navigate('/');
    notify.info(MESSAGES.sessionEnded);
  }, []);
  return (
    <AppShell onSessionEnded={onSessionEnded}>
      <RouterProvider router={router} />
    </AppShell>
  );
}
