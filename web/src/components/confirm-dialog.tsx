import { useEffect, useId, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { MESSAGES } from '@fridgeparts/common/messages';
import { notify } from '../lib/toast';
import ui from './ui.module.css';
import css from './confirm-dialog.module.css';

export interface ConfirmDeleteDialogProps {
  /** Open while this is set; what is about to be deleted, named for the reader. */
  itemLabel: string | null;
  /** Runs the delete. The dialog stays open (Delete shows progress) until it settles. */
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
  /** Said after the delete went through (issue 9: deletes gave no feedback); null when the caller says it. */
  doneMessage?: string | null;
}

/**
 * After a delete the button that opened the dialog is gone with its row, and focus would fall to
 * the page body: it goes to the page's heading instead, where the reader can carry on.
 */
function focusPageHeading(): void {
  const heading = document.querySelector<HTMLElement>('main h1');
  if (!heading) return;
  heading.setAttribute('tabindex', '-1');
  heading.focus();
}

/**
 * The shared delete confirmation (SPEC §2, §4): 'Are You Sure You Want To Delete Item' with
 * Delete and cancel. It closes after the delete completes, or on cancel (or Escape, or a click
 * outside it). A failed delete also closes it: the API client has already shown the server's
 * reason as a toast. A native modal <dialog> (decision 0024): the browser keeps focus inside and
 * makes the page behind it inert, and it needs no MUI, so the customer's plain pages can use it.
 */
export function ConfirmDeleteDialog({ itemLabel, onConfirm, onClose, doneMessage = 'Deleted.' }: ConfirmDeleteDialogProps) {
  const open = itemLabel !== null;
  const [busy, setBusy] = useState(false);
  const deleted = useRef(false);
  // Where focus was when the dialog opened: it goes back there on cancel, as it would after a menu.
  const opener = useRef<HTMLElement | null>(null);

  // After it closed (the dialog is gone, so the page is no longer inert): the heading after a
  // delete, else back where the reader was, if that is still on the page.
  const wasOpen = useRef(false);
  useEffect(() => {
    if (open) {
      wasOpen.current = true;
      return;
    }
    if (!wasOpen.current) return;
    wasOpen.current = false;
    const back = opener.current;
    opener.current = null;
    if (deleted.current || !back?.isConnected) focusPageHeading();
    else back.focus();
  }, [open]);

  const confirm = async () => {
    deleted.current = false;
    setBusy(true);
    try {
      await onConfirm();
      if (doneMessage) notify.success(doneMessage);
      deleted.current = true;
    } catch {
      // reported by the caller or the API client
    } finally {
      setBusy(false);
      onClose();
    }
  };

  if (!open) return null;
  return <OpenDialog itemLabel={itemLabel} busy={busy} opener={opener} onCancel={() => !busy && onClose()} onDelete={() => void confirm()} />;
}

interface OpenDialogProps {
  itemLabel: string;
  busy: boolean;
  /** Set to the element that had focus before the dialog took it. */
  opener: RefObject<HTMLElement | null>;
  onCancel: () => void;
  onDelete: () => void;
}

function OpenDialog({ itemLabel, busy, opener, onCancel, onDelete }: OpenDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const itemId = useId();

  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    // cancel first: the safe choice is the one Enter takes.
    cancelRef.current?.focus();
    return () => {
      if (dialog.open) dialog.close();
    };
  }, [opener]);

  return (
    <dialog
      ref={ref}
      className={css.dialog}
      aria-labelledby={titleId}
      aria-describedby={itemId}
      // Escape: the parent decides (it stays open while the delete runs).
      onCancel={(e) => {
        e.preventDefault();
        onCancel();
      }}
      // A click on the backdrop lands on the <dialog> itself; clicks inside land on its content.
      onClick={(e) => {
        if (e.target === e.currentTarget) onCancel();
      }}
    >
      <div className={css.body}>
        <h2 id={titleId} className={css.title}>
          {MESSAGES.deleteConfirm}
        </h2>
        <p id={itemId} className={css.item}>
          {itemLabel}
        </p>
      </div>
      <div className={css.actions}>
        <button ref={cancelRef} type="button" className={`${ui.button} ${ui.text}`} onClick={onCancel} disabled={busy}>
          cancel
        </button>
        <button type="button" className={`${ui.button} ${ui.dangerContained}`} onClick={onDelete} disabled={busy}>
          {busy && <span className={css.spinner} aria-hidden="true" />}
          {busy ? 'Deleting…' : 'Delete'}
        </button>
      </div>
    </dialog>
  );
}
