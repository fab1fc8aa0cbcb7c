/**
 * Toasts go through here so every feature shows them the same way. react-toastify is loaded on
 * the first toast (and by the lazily mounted container), keeping it off the home page's first
 * paint; toasts sent before the container mounts are queued by react-toastify.
 */
const load = () => import('react-toastify');

export const notify = {
  success: (message: string) => void load().then(({ toast }) => toast.success(message)),
  error: (message: string) => void load().then(({ toast }) => toast.error(message, { toastId: message })),
  info: (message: string) => void load().then(({ toast }) => toast.info(message, { toastId: message })),
};
