import { useState, type FocusEvent, type PointerEvent, type ReactNode } from 'react';
import { MESSAGES } from '@fridgeparts/common/messages';
import { Button, type ButtonProps } from './button';
import { ConfirmDialog, preloadConfirmDialog } from './confirm-dialog';

export interface ConfirmButtonProps extends Omit<ButtonProps, 'onClick' | 'variant'> {
  /** The danger look unless told (dangerContained for a page's own main danger action). */
  variant?: 'danger' | 'dangerContained';
  /** The question, which names the dialog. */
  question: string;
  /** What is about to happen, named for the reader. */
  details: ReactNode;
  /** The safe choice, where focus starts. */
  cancelLabel?: string;
  confirmLabel: string;
  /** The confirm button's text while the action runs. */
  busyLabel: string;
  /** Runs the action once it is confirmed; the dialog shows progress until it settles. */
  onConfirm: () => Promise<unknown>;
  /** Said after the action went through; null (the default) when the caller says it. */
  doneMessage?: string | null;
}

/**
 * A danger button that asks first (decision 0071): it opens the one ConfirmDialog, and only the
 * dialog's confirm runs the action. Pointing at or focusing it starts loading the dialog. The
 * dialog sits beside the button, so a row that goes away with its action takes it along; the
 * dialog then puts focus on the page's heading.
 */
export function ConfirmButton({
  variant = 'danger',
  question,
  details,
  cancelLabel = 'Cancel',
  confirmLabel,
  busyLabel,
  onConfirm,
  doneMessage = null,
  onPointerEnter,
  onFocus,
  children,
  ...button
}: ConfirmButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        {...button}
        variant={variant}
        onClick={() => setOpen(true)}
        onPointerEnter={(e: PointerEvent<HTMLButtonElement>) => {
          preloadConfirmDialog();
          onPointerEnter?.(e);
        }}
        onFocus={(e: FocusEvent<HTMLButtonElement>) => {
          preloadConfirmDialog();
          onFocus?.(e);
        }}
      >
        {children}
      </Button>
      <ConfirmDialog
        open={open}
        title={question}
        cancelLabel={cancelLabel}
        confirmLabel={confirmLabel}
        busyLabel={busyLabel}
        onConfirm={onConfirm}
        onClose={() => setOpen(false)}
        doneMessage={doneMessage}
      >
        {details}
      </ConfirmDialog>
    </>
  );
}

export type ConfirmDeleteButtonProps = Omit<ConfirmButtonProps, 'question' | 'cancelLabel' | 'confirmLabel' | 'busyLabel' | 'doneMessage'> & {
  /** Said after the delete went through; null when the caller says it. */
  doneMessage?: string | null;
};

/** ConfirmButton with the shared delete question (SPEC §2, §4), as ConfirmDeleteDialog asks it. */
export function ConfirmDeleteButton({ doneMessage = 'Deleted.', ...props }: ConfirmDeleteButtonProps) {
  return (
    <ConfirmButton {...props} question={MESSAGES.deleteConfirm} cancelLabel="cancel" confirmLabel="Delete" busyLabel="Deleting…" doneMessage={doneMessage} />
  );
}
