import { lazy, Suspense, useCallback } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { TOAST_AUTO_CLOSE_MS } from '@fridgeparts/common/constants';
import { SessionProvider } from '../lib/session';
import { routes } from './routes';
import { theme } from './theme';

const router = createBrowserRouter(routes);
// Mounted after the first paint: toasts are never needed to draw the page.
const ToastContainer = lazy(() => import('react-toastify').then((m) => ({ default: m.ToastContainer })));

export function App() {
  // SPEC §4: a rejected session signs out and goes to /.
  const onSessionEnded = useCallback(() => void router.navigate('/'), []);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <SessionProvider onSessionEnded={onSessionEnded}>
        <RouterProvider router={router} />
      </SessionProvider>
      <Suspense fallback={null}>
        <ToastContainer position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} newestOnTop />
      </Suspense>
    </ThemeProvider>
  );
}
