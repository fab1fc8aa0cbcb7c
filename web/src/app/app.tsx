import { useCallback } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import { TOAST_AUTO_CLOSE_MS } from '@fridgeparts/common/constants';
import { SessionProvider } from '../lib/session';
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
      <ToastContainer position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} newestOnTop />
    </ThemeProvider>
  );
}
