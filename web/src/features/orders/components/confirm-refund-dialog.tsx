import { useState } from 'react';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { Booking } from '@fridgeparts/common/booking';
import { formatDollars } from '@fridgeparts/common/money';

export interface ConfirmRefundDialogProps {
  /** Open while this is set. */
  order: Booking | null;
  /** Runs the refund. The dialog stays open (Refund shows progress) until it settles. */
  onConfirm: (order: Booking) => Promise<unknown>;
  onClose: () => void;
}

/**
 * A refund moves money back to the customer's card and can not be undone, so it is confirmed
 * first, naming the order and the amount. A failed refund also closes it: the API client has
 * already shown the server's reason as a toast.
 */
export function ConfirmRefundDialog({ order, onConfirm, onClose }: ConfirmRefundDialogProps) {
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    if (!order) return;
    setBusy(true);
    try {
      await onConfirm(order);
    } catch {
      // reported by the API client
    } finally {
      setBusy(false);
      onClose();
    }
  };

  return (
    <Dialog open={order !== null} onClose={() => !busy && onClose()} aria-labelledby="confirm-refund-title" aria-describedby="confirm-refund-text" maxWidth="xs" fullWidth>
      <DialogTitle id="confirm-refund-title">Refund this order?</DialogTitle>
      <DialogContent>
        <DialogContentText id="confirm-refund-text">
          {order &&
            `${order.name} for ${order.email}, quantity ${order.quantity}: ${formatDollars(order.total)} goes back to the customer's card and the stock returns. This can not be undone.`}
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={busy} autoFocus>
          Keep the order
        </Button>
        <Button
          onClick={() => void confirm()}
          color="error"
          variant="contained"
          disabled={busy}
          startIcon={busy ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
        >
          {busy ? 'Refunding…' : 'Refund'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
