import { lazy, Suspense, useEffect, useState } from 'react';
import { TOAST_AUTO_CLOSE_MS } from '@fridgeparts/common/constants';

const ToastContainer = lazy(() => import('react-toastify').then((m) => ({ default: m.ToastContainer })));

/**
 * Mounts react-toastify's container once the page is idle: toasts are never needed to draw the
 * first paint, and react-toastify queues any toast sent before its container exists. Toasts sit at
 * the bottom centre: at the top they covered the header, the phone menu button and dialog titles.
 */
export function ToastHost() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const show = () => setReady(true);
    if ('requestIdleCallback' in window) {
      const id = window.requestIdleCallback(show, { timeout: 2000 });
      return () => window.cancelIdleCallback(id);
    }
    const id = setTimeout(show, 500);
    return () => clearTimeout(id);
  }, []);
  if (!ready) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainer position="bottom-center" autoClose={TOAST_AUTO_CLOSE_MS} newestOnTop />
    </Suspense>
  );
}
