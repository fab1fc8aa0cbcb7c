import { useId, useRef, useState, type ReactNode } from 'react';
import { notify } from '../lib/infra/toast';
import { DialogActions, Modal, ModalBody } from './modal';
import modalCss from './modal.module.css';

export interface ConfirmDialogProps {
  open: boolean;
  /** The question, which names the dialog. */
  title: string;
  /** What is about to happen, named for the reader (the dialog's description). */
  children: ReactNode;
  /** The safe choice, where focus starts (the one Enter takes). */
  cancelLabel: string;
  confirmLabel: string;
  /** The confirm button's text while the action runs. */
  busyLabel: string;
  /** Runs the action. The dialog stays open (the button shows progress) until it settles. */
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
  /** Said after the action went through; null (the default) when the caller says it. */
  doneMessage?: string | null;
}

/**
 * ConfirmDialog's body (confirm-dialog.tsx loads it with the first question asked): a question
 * before something that can not be undone, on the one Modal: focus starts on the safe
 * choice, Escape and the backdrop do nothing while the action runs, and it closes when the action
 * settles. A failure also closes it: the API client has already shown the server's reason as a
 * toast. After the action the opener is usually gone with its row, so focus goes to the page's
 * heading; after cancelling it goes back to the opener.
 */
export default function ConfirmDialogContent({
  open,
  title,
  children,
  cancelLabel,
  confirmLabel,
  busyLabel,
  onConfirm,
  onClose,
  doneMessage = null,
}: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const textId = useId();

  // Cancelled (a button, Escape, the backdrop): focus goes back to the opener.
  const cancel = () => {
    setDone(false);
    onClose();
  };

  const confirm = async () => {
    setDone(false);
    setBusy(true);
    try {
      await onConfirm();
      if (doneMessage) notify.success(doneMessage);
      setDone(true);
    } catch {
      // reported by the caller or the API client
    } finally {
      setBusy(false);
      onClose();
    }
  };

  return (
    <Modal open={open} onClose={cancel} title={title} describedBy={textId} busy={busy} initialFocus={cancelRef} returnFocus={done ? 'heading' : 'opener'}>
      <ModalBody>
        <p id={textId} className={modalCss.muted}>
          {children}
        </p>
      </ModalBody>
      <DialogActions
        cancelLabel={cancelLabel}
        onCancel={cancel}
        cancelRef={cancelRef}
        label={confirmLabel}
        busyLabel={busyLabel}
        busy={busy}
        variant="dangerContained"
        onConfirm={() => void confirm()}
        spinner
      />
    </Modal>
  );
}
