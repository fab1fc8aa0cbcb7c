import { lazy, Suspense, useSyncExternalStore } from 'react';
import { TOAST_AUTO_CLOSE_MS } from '@fridgeparts/common/constants';
import { toastDemand } from './toast';

const ToastContainer = lazy(() => import('react-toastify').then((m) => ({ default: m.ToastContainer })));

/**
 * Mounts react-toastify's container with the first toast: no page needs it to draw or to become
 * interactive, and react-toastify queues the toast sent before its container exists. Toasts sit
 * at the bottom centre: at the top they covered the header, the phone menu button and dialog titles.
 */
export function ToastHost() {
  const wanted = useSyncExternalStore(toastDemand.subscribe, toastDemand.wanted, () => false);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainer position="bottom-center" autoClose={TOAST_AUTO_CLOSE_MS} newestOnTop />
    </Suspense>
  );
}
