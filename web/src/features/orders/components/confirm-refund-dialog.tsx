import { useEffect, useId, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import type { Booking } from '@fridgeparts/common/booking';
import { formatDollars } from '@fridgeparts/common/money';
import dialogCss from '../../../components/confirm-dialog.module.css';
import ui from '../../../components/ui.module.css';

export interface ConfirmRefundDialogProps {
  /** Open while this is set. */
  order: Booking | null;
  /** Runs the refund. The dialog stays open (Refund shows progress) until it settles. */
  onConfirm: (order: Booking) => Promise<unknown>;
  onClose: () => void;
}

/** After a refund its row loses the Refund button, so focus goes to the page's heading instead. */
function focusPageHeading(): void {
  const heading = document.querySelector<HTMLElement>('main h1');
  if (!heading) return;
  heading.setAttribute('tabindex', '-1');
  heading.focus();
}

/**
 * A refund moves money back to the customer's card and can not be undone, so it is confirmed
 * first, naming the order and the amount. A failed refund also closes it: the API client has
 * already shown the server's reason as a toast. A native modal <dialog> like the delete
 * confirmation (components/confirm-dialog.tsx, decision 0024): focus starts on "Keep the
 * order", goes back to the Refund button after keeping it, and to the page's heading after a
 * refund (the row's Refund button is gone).
 */
export function ConfirmRefundDialog({ order, onConfirm, onClose }: ConfirmRefundDialogProps) {
  const open = order !== null;
  const [busy, setBusy] = useState(false);
  const refunded = useRef(false);
  const opener = useRef<HTMLElement | null>(null);

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
    if (refunded.current || !back?.isConnected) focusPageHeading();
    else back.focus();
  }, [open]);

  const confirm = async () => {
    if (!order) return;
    refunded.current = false;
    setBusy(true);
    try {
      await onConfirm(order);
      refunded.current = true;
    } catch {
      // reported by the API client
    } finally {
      setBusy(false);
      onClose();
    }
  };

  if (!order) return null;
  return <OpenDialog order={order} busy={busy} opener={opener} onCancel={() => !busy && onClose()} onRefund={() => void confirm()} />;
}

interface OpenDialogProps {
  order: Booking;
  busy: boolean;
  /** Set to the element that had focus before the dialog took it. */
  opener: RefObject<HTMLElement | null>;
  onCancel: () => void;
  onRefund: () => void;
}

function OpenDialog({ order, busy, opener, onCancel, onRefund }: OpenDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const keepRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const textId = useId();

  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    // Keeping the order is the safe choice, the one Enter takes.
    keepRef.current?.focus();
    return () => {
      if (dialog.open) dialog.close();
    };
  }, [opener]);

  return (
    <dialog
      ref={ref}
      className={dialogCss.dialog}
      aria-labelledby={titleId}
      aria-describedby={textId}
      // Escape: the parent decides (it stays open while the refund runs).
      onCancel={(e) => {
        e.preventDefault();
        onCancel();
      }}
      // A click on the backdrop lands on the <dialog> itself; clicks inside land on its content.
      onClick={(e) => {
        if (e.target === e.currentTarget) onCancel();
      }}
    >
      <div className={dialogCss.body}>
        <h2 id={titleId} className={dialogCss.title}>
          Refund this order?
        </h2>
        <p id={textId} className={dialogCss.item}>
          {`${order.name} for ${order.email}, quantity ${order.quantity}: ${formatDollars(order.total)} goes back to the customer's card and the stock returns. This can not be undone.`}
        </p>
      </div>
      <div className={dialogCss.actions}>
        <button ref={keepRef} type="button" className={`${ui.button} ${ui.text}`} onClick={onCancel} disabled={busy}>
          Keep the order
        </button>
        <button type="button" className={`${ui.button} ${ui.dangerContained}`} onClick={onRefund} disabled={busy}>
          {busy && <span className={dialogCss.spinner} aria-hidden="true" />}
          {busy ? 'Refunding…' : 'Refund'}
        </button>
      </div>
    </dialog>
  );
}
