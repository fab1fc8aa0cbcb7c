import { useCallback } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { SessionProvider } from '../lib/session';
import { ToastHost } from '../lib/toast-host';
import { routes } from './routes';
import { theme } from './theme';

const router = createBrowserRouter(routes);

export function App() {
  // SPEC §4: a rejected session signs out and goes to /.
  const onSessionEnded = useCallback(() => void router.navigate('/'), []);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <SessionProvider onSessionEnded={onSessionEnded}>
        <RouterProvider router={router} />
      </SessionProvider>
      <ToastHost />
    </ThemeProvider>
  );
}
