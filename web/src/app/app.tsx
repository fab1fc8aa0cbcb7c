import { useCallback } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { AppShell } from './app-shell';
import { routes } from './routes';

const router = createBrowserRouter(routes);

export function App() {
  // SPEC §4: a rejected session signs out and goes to /.
  const onSessionEnded = useCallback(() => void router.navigate('/'), []);
  return (
    <AppShell onSessionEnded={onSessionEnded}>
      <RouterProvider router={router} />
    </AppShell>
  );
}
