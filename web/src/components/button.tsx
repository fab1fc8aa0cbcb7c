import type { ButtonHTMLAttributes, Ref } from 'react';
import ui from './ui.module.css';

/**
 * The shop's button looks: contained (the main action), outlined (a second one), text (cancel,
 * close), accent (orange, for a state change), danger and dangerContained (delete, refund), onDark
 * (on the navy header and footer).
 */
export type ButtonVariant = 'contained' | 'outlined' | 'text' | 'accent' | 'danger' | 'dangerContained' | 'onDark';
export type ButtonSize = 'small' | 'medium' | 'large';

export interface ButtonLook {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
}

/** The classes of a button look, for a link drawn as a button (a router Link, a mailto). */
export function buttonClass({ variant = 'contained', size = 'medium', fullWidth = false }: ButtonLook = {}, extra?: string): string {
  return [ui.button, ui[variant], size !== 'medium' && ui[size], fullWidth && ui.fullWidth, extra].filter(Boolean).join(' ');
}

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> &
  ButtonLook & {
    ref?: Ref<HTMLButtonElement>;
    /**
     * The action is running (Saving…, Paying…): a spinner before the label. The caller still
     * disables the button and says what is happening in the label, which screen readers read.
     */
    busy?: boolean;
  };

/** A native button in one of the shop's looks; type="button" unless told (a submit says so). */
export function Button({ variant, size, fullWidth, className, type = 'button', busy = false, children, ...rest }: ButtonProps) {
  return (
    <button type={type} className={buttonClass({ variant, size, fullWidth }, className)} {...rest}>
      {busy && <ButtonSpinner />}
      {children}
    </button>
  );
}

/** The small spinner of a busy Button; decorative, the label says what is running. */
function ButtonSpinner() {
  return <span className={ui.spinner} aria-hidden="true" />;
}
