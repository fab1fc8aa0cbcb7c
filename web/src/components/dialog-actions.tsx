import type { Ref } from 'react';
import { Button, type ButtonVariant } from './button';
import { ModalActions } from './modal';

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
