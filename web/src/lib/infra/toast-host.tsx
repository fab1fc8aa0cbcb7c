import { lazy, Suspense, useLayoutEffect, useState, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { TOAST_AUTO_CLOSE_MS } from '@fridgeparts/common/constants';
import { toastDemand } from './toast';
import { modalLayer } from './top-layer';

const ToastContainer = lazy(() => import('react-toastify').then((m) => ({ default: m.ToastContainer })));

/**
 * Mounts react-toastify's container with the first toast: no page needs it to draw or to become
 * interactive, and react-toastify queues the toast sent before its container exists. Toasts sit
 * at the bottom centre: at the top they covered the header, the phone menu button and dialog titles.
 * The container lives in one element that sits at the end of the page, or inside the modal dialog
 * open on top (lib/top-layer.ts), where it is seen and read out; moving that element keeps the
 * container and its toasts mounted.
 */
export function ToastHost() {
  const wanted = useSyncExternalStore(toastDemand.subscribe, toastDemand.wanted, () => false);
  if (!wanted) return null;
  return <MovingToastContainer />;
}

function MovingToastContainer() {
  const [host] = useState(() => document.createElement('div'));
  useLayoutEffect(() => {
    const place = () => {
      const parent = modalLayer.top() ?? document.body;
      if (host.parentElement !== parent) parent.append(host);
    };
    place();
    const stop = modalLayer.subscribe(place);
    return () => {
      stop();
      host.remove();
    };
  }, [host]);
  return createPortal(
    <Suspense fallback={null}>
      <ToastContainer position="bottom-center" autoClose={TOAST_AUTO_CLOSE_MS} newestOnTop />
    </Suspense>,
    host,
  );
}
