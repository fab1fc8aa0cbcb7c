/**
 * Toasts go through here so every feature shows them the same way. react-toastify and its
 * container (lib/toast-host.tsx) are loaded on the first toast, so a page that shows none never
 * downloads them; the toast sent before the container mounts is queued by react-toastify.
 */
let loaded = false;
let wanted = false;
const whenWanted = new Set<() => void>();

/** For the toast host: whether a toast was asked for yet, and a way to hear when one is. */
export const toastDemand = {
  wanted: () => wanted,
  subscribe: (listener: () => void) => {
    whenWanted.add(listener);
    return () => void whenWanted.delete(listener);
  },
};
const load = () =>
  import('react-toastify').then((m) => {
    loaded = true;
    return m;
  });

/**
 * One toast at a time: a new one replaces the old (an old quantity error must not stay next to
 * the success that followed it). The message is the toast's id, so the same one never stacks.
 */
type Kind = 'success' | 'error' | 'info';

function show(kind: Kind, message: string): void {
  if (!wanted) {
    wanted = true;
    whenWanted.forEach((listener) => listener());
  }
  void load().then(({ toast }) => {
    // The same message already showing stays (dismissing it and showing it again under the same
    // id would lose it); anything else showing makes way for the new one.
    if (toast.isActive(message)) return;
    toast.dismiss();
    toast[kind](message, { toastId: message });
  });
}

export const notify = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
  info: (message: string) => show('info', message),
  /**
   * Takes the toast saying `message` away once it no longer holds (a corrected quantity): on a
   * phone it sat over the dialog's submit button until it timed out. Nothing to do before any
   * toast was shown, so this never loads react-toastify by itself.
   */
  dismiss: (message: string) => {
    if (loaded) void load().then(({ toast }) => toast.dismiss(message));
  },
};
