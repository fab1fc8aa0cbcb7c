/**
 * Toasts go through here so every feature shows them the same way. react-toastify is loaded on
 * the first toast (and by the lazily mounted container), keeping it off the home page's first
 * paint; toasts sent before the container mounts are queued by react-toastify.
 */
let loaded = false;
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
