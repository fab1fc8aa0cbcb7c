/**
 * The modal dialogs open now, the last opened on top. A modal <dialog> sits in the browser's top
 * layer and makes everything outside it inert, so a toast shown in the page while one is open is
 * drawn under its backdrop and hidden from screen readers: the toast host (toast-host.tsx) moves
 * its container into the top dialog, and back out when it closes.
 */
const open: HTMLElement[] = [];
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());

export const modalLayer = {
  /** The dialog on top, or null when none is open. */
  top: (): HTMLElement | null => open.at(-1) ?? null,
  opened(dialog: HTMLElement): void {
    open.push(dialog);
    changed();
  },
  /** Call before the dialog leaves the page (a layout effect's cleanup), so nothing inside it goes with it. */
  closed(dialog: HTMLElement): void {
    const at = open.lastIndexOf(dialog);
    if (at === -1) return;
    open.splice(at, 1);
    changed();
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
};
