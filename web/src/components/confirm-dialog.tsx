import { lazy, Suspense, useState } from 'react';
import { MESSAGES } from '@fridgeparts/common/messages';
import type { ConfirmDialogProps } from './confirm-dialog-content';

export type { ConfirmDialogProps } from './confirm-dialog-content';

// The dialog's code (Modal, its buttons) is not part of a page's first load: it loads with the
// first question, and pointing at or focusing the button that asks it starts the load earlier.
const loadContent = () => import('./confirm-dialog-content');
const Content = lazy(loadContent);

/** Starts loading the dialog (a row's Cancel or Refund button calls it on pointer enter or focus). */
export const preloadConfirmDialog = (): void => void loadContent().catch(() => undefined);

/**
 * A question before something that can not be undone (decision 0028): focus on the safe choice,
 * progress on the confirm button, closed when the action settles; after the action focus goes to
 * the page's heading, after cancelling back to the opener. It stays mounted once opened, so it
 * sees itself close and can put focus where it belongs.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const [asked, setAsked] = useState(props.open);
  if (props.open && !asked) setAsked(true);
  if (!asked) return null;
  return (
    <Suspense fallback={null}>
      <Content {...props} />
    </Suspense>
  );
}

export interface ConfirmDeleteDialogProps {
  /** Open while this is set; what is about to be deleted, named for the reader. */
  itemLabel: string | null;
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
  /** Said after the delete went through (issue 9: deletes gave no feedback); null when the caller says it. */
  doneMessage?: string | null;
}

/** The shared delete confirmation (SPEC §2, §4): 'Are You Sure You Want To Delete Item' with Delete and cancel. */
export function ConfirmDeleteDialog({ itemLabel, onConfirm, onClose, doneMessage = 'Deleted.' }: ConfirmDeleteDialogProps) {
  return (
    <ConfirmDialog
      open={itemLabel !== null}
      title={MESSAGES.deleteConfirm}
      cancelLabel="cancel"
      confirmLabel="Delete"
      busyLabel="Deleting…"
      onConfirm={onConfirm}
      onClose={onClose}
      doneMessage={doneMessage}
    >
      {itemLabel}
    </ConfirmDialog>
  );
}
