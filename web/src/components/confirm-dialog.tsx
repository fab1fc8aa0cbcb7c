import { useState } from 'react';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { MESSAGES } from '@fridgeparts/common/messages';
import { notify } from '../lib/toast';

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
 * Delete and cancel. It closes after the delete completes, or on cancel. A failed delete also
 * closes it: the API client has already shown the server's reason as a toast.
 */
export function ConfirmDeleteDialog({ itemLabel, onConfirm, onClose, doneMessage = 'Deleted.' }: ConfirmDeleteDialogProps) {
  const [busy, setBusy] = useState(false);
  const [deleted, setDeleted] = useState(false);

  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
      if (doneMessage) notify.success(doneMessage);
      setDeleted(true);
    } catch {
      // reported by the caller or the API client
    } finally {
      setBusy(false);
      onClose();
    }
  };

  return (
    <Dialog
      open={itemLabel !== null}
      onClose={() => !busy && onClose()}
      disableRestoreFocus={deleted}
      slotProps={{
        transition: {
          onExited: () => {
            if (deleted) focusPageHeading();
            setDeleted(false);
          },
        },
      }} aria-labelledby="confirm-delete-title" aria-describedby="confirm-delete-item" maxWidth="xs" fullWidth>
      <DialogTitle id="confirm-delete-title">{MESSAGES.deleteConfirm}</DialogTitle>
      <DialogContent>
        <DialogContentText id="confirm-delete-item">{itemLabel}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={busy} autoFocus>
          cancel
        </Button>
        <Button
          onClick={() => void confirm()}
          color="error"
          variant="contained"
          disabled={busy}
          startIcon={busy ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
        >
          {busy ? 'Deleting…' : 'Delete'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
