import { useEffect, useId, useLayoutEffect, useRef, type ReactNode, type Ref, type RefObject } from 'react';
import { modalLayer } from '../lib/infra/top-layer';
import { Button, type ButtonVariant } from './button';
import css from './modal.module.css';

export interface ModalProps {
  /** Shown while true; nothing is in the page while false. */
  open: boolean;
  /** Asked to close: Escape, a click on the backdrop, or the browser closing the dialog itself. */
  onClose: () => void;
  /** The heading that names the dialog (aria-labelledby). */
  title: ReactNode;
  /** The id of the text that describes the dialog (aria-describedby), if any. */
  describedBy?: string;
  /** Escape and the backdrop do nothing while this is set (a save or a delete is running). */
  busy?: boolean;
  /** Where focus starts; by default the browser's choice (the first focusable element). */
  initialFocus?: RefObject<HTMLElement | null>;
  /**
   * Where focus goes after the dialog closed: back to the element that opened it (the default, as
   * after a menu), or to the page's heading when the action removed the opener with its row.
   */
  returnFocus?: 'opener' | 'heading';
  /**
   * xs: a question (444 px); sm: a form (600 px); sheet: a long list of choices over the page
   * (480 px), from the bottom edge on a phone, its body scrolling under the title and actions.
   */
  size?: 'xs' | 'sm' | 'sheet';
  /**
   * A close button (×) beside the title, named this: for a dialog whose own buttons do not say
   * "close" (the catalogue's Filters sheet: "Show 12 parts"), where a phone has no Escape key.
   */
  closeLabel?: string;
  children: ReactNode;
}

/** After an action removed the button that opened a dialog, focus goes to the page's heading. */
export function focusPageHeading(): void {
  const heading = document.querySelector<HTMLElement>('main h1');
  if (!heading) return;
  heading.setAttribute('tabindex', '-1');
  heading.focus();
}

/**
 * The shop's one modal, on the platform's <dialog> (decision 0028): showModal() puts it in the top
 * layer, keeps focus inside and makes the page behind it inert. This adds what the element does not
 * do: Escape and backdrop clicks ask the owner (who may refuse while busy), a click that starts
 * inside (selecting text in a field) and ends on the backdrop does not close it, focus goes back to
 * the opener (or the page's heading) after it closed, and the title names it.
 */
export function Modal({
  open,
  onClose,
  title,
  describedBy,
  busy = false,
  initialFocus,
  returnFocus = 'opener',
  size = 'xs',
  closeLabel,
  children,
}: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const opener = useRef<HTMLElement | null>(null);
  // A press that began on the backdrop itself: only then does the click that ends there close it.
  const pressedOnBackdrop = useRef(false);
  // Set while this component closes the dialog itself, so its close event is not taken for the browser's.
  const closing = useRef(false);
  // The latest props, read by the effects and the native close event without re-running them.
  const latest = useRef({ onClose, busy, returnFocus });
  useLayoutEffect(() => {
    latest.current = { onClose, busy, returnFocus };
  });

  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!open || !dialog) return;
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    closing.current = false;
    if (!dialog.open) dialog.showModal();
    modalLayer.opened(dialog);
    initialFocus?.current?.focus();
    return () => {
      // Before React removes the dialog: a toast shown inside it moves back to the page first.
      modalLayer.closed(dialog);
      closing.current = true;
      if (dialog.open) dialog.close();
    };
  }, [open, initialFocus]);

  // After it closed or went away with its owner (the dialog is closed, so the page is no longer
  // inert): back to the opener if it is still there, else to the page's heading.
  useEffect(() => {
    if (!open) return;
    return () => {
      const back = opener.current;
      opener.current = null;
      if (latest.current.returnFocus === 'heading' || !back?.isConnected) focusPageHeading();
      else back.focus();
    };
  }, [open]);

  const requestClose = () => {
    if (!latest.current.busy) latest.current.onClose();
  };

  if (!open) return null;
  return (
    <dialog
      ref={ref}
      className={`${css.dialog} ${css[size]}`}
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      // Escape: the owner decides (nothing happens while busy).
      onCancel={(e) => {
        e.preventDefault();
        requestClose();
      }}
      // The browser may still close it (a second Escape without a click between): show it again if
      // the owner keeps it open, else tell the owner.
      onClose={() => {
        const dialog = ref.current;
        if (closing.current || !dialog?.isConnected) return;
        if (latest.current.busy) dialog.showModal();
        else latest.current.onClose();
      }}
      // A click on the backdrop lands on the <dialog> itself (its content fills it edge to edge).
      onPointerDown={(e) => (pressedOnBackdrop.current = e.target === e.currentTarget)}
      onClick={(e) => {
        if (e.target === e.currentTarget && pressedOnBackdrop.current) requestClose();
        pressedOnBackdrop.current = false;
      }}
    >
      {closeLabel ? (
        <div className={css.titleRow}>
          <h2 id={titleId} className={css.title}>
            {title}
          </h2>
          <button type="button" className={css.close} aria-label={closeLabel} onClick={requestClose} disabled={busy}>
            <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
              <path d="M19 6.4 17.6 5 12 10.6 6.4 5 5 6.4 10.6 12 5 17.6 6.4 19l5.6-5.6 5.6 5.6 1.4-1.4-5.6-5.6z" />
            </svg>
          </button>
        </div>
      ) : (
        <h2 id={titleId} className={css.title}>
          {title}
        </h2>
      )}
      {children}
    </dialog>
  );
}

/** The dialog's content under its title. */
export function ModalBody({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={className ? `${css.body} ${className}` : css.body}>{children}</div>;
}

/** The dialog's buttons, at its bottom right. */
export function ModalActions({ children }: { children: ReactNode }) {
  return <div className={css.actions}>{children}</div>;
}

export interface DialogActionsProps {
  /** The safe choice's text: Cancel unless the dialog says it otherwise ("Keep it"). */
  cancelLabel?: string;
  onCancel: () => void;
  /** Set on the safe choice when focus starts there (a question before something that can not be undone). */
  cancelRef?: Ref<HTMLButtonElement>;
  /** The action's text, and its text while it runs ("Ship", "Shipping…"). */
  label: string;
  busyLabel: string;
  /** The action is running: both buttons are held and the action says so. */
  busy: boolean;
  /** contained (the default), or dangerContained for a decline, a rejection or a delete. */
  variant?: Extract<ButtonVariant, 'contained' | 'dangerContained'>;
  /** The action without a form to submit (a question's Confirm); by default it submits the dialog's form. */
  onConfirm?: () => void;
  /** Held for a reason of the dialog's own besides running (a quantity that is not allowed). */
  disabled?: boolean;
  /** A spinner before the action's text while it runs. */
  spinner?: boolean;
}

/**
 * A dialog's footer, at its bottom right: the safe choice (Cancel), then the action, which submits
 * the dialog's form unless told what to do. While the action runs both are held (Escape and the
 * backdrop are held by the Modal's busy) and the action names what is running; the form's refusal
 * stays at the end of the dialog's body (FormError), beside these buttons.
 */
export function DialogActions({
  cancelLabel = 'Cancel',
  onCancel,
  cancelRef,
  label,
  busyLabel,
  busy,
  variant = 'contained',
  onConfirm,
  disabled = false,
  spinner = false,
}: DialogActionsProps) {
  return (
    <ModalActions>
      <Button ref={cancelRef} variant="text" onClick={onCancel} disabled={busy}>
        {cancelLabel}
      </Button>
      <Button type={onConfirm ? 'button' : 'submit'} variant={variant} onClick={onConfirm} disabled={disabled || busy} busy={spinner && busy}>
        {busy ? busyLabel : label}
      </Button>
    </ModalActions>
  );
}
