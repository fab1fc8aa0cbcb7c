import { useState } from 'react';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { MESSAGES } from '@fridgeparts/common/messages';

export interface ConfirmDeleteDialogProps {
  /** Open while this is set; what is about to be deleted, named for the reader. */
  itemLabel: string | null;
  /** Runs the delete. The dialog stays open (Delete shows progress) until it settles. */
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
}

/**
 * The shared delete confirmation (SPEC §2, §4): 'Are You Sure You Want To Delete Item' with
 * Delete and cancel. It closes after the delete completes, or on cancel. A failed delete also
 * closes it: the API client has already shown the server's reason as a toast.
 */
export function ConfirmDeleteDialog({ itemLabel, onConfirm, onClose }: ConfirmDeleteDialogProps) {
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
    } catch {
      // reported by the caller or the API client
    } finally {
      setBusy(false);
      onClose();
    }
  };

  return (
    <Dialog open={itemLabel !== null} onClose={() => !busy && onClose()} aria-labelledby="confirm-delete-title" aria-describedby="confirm-delete-item" maxWidth="xs" fullWidth>
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
