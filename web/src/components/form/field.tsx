import type { ReactNode } from 'react';
import { visuallyHidden } from '../visually-hidden';
import css from './form-input.module.css';

export interface FieldProps {
  /** The control's id, which the label points at; the message's id is this plus "-message". */
  id: string;
  label: string;
  /** Help under the control, or the error in its place. */
  message?: string;
  invalid?: boolean;
  /** The message changes as the reader types: said politely when it does. */
  live?: boolean;
  /** The label is for screen readers only (a compact row whose control is named by its neighbours). */
  labelHidden?: boolean;
  /** The shell's place in the form's layout (a grid column). */
  className?: string;
  children: ReactNode;
}

/**
 * The one field shell: the label above the control and the help or error under it. The control
 * (an input, a select, a textarea) gets `id`, `fieldControlClass` and, with a message,
 * `aria-describedby={`${id}-message`}`. FormInput, FormTextarea and FormSelect (form-input.tsx)
 * bind it to a form; a control the page keeps itself (the card fields) sits in it directly. Apart
 * from form-input.tsx, so such a page does not load react-hook-form.
 */
export function Field({ id, label, message, invalid = false, live = false, labelHidden = false, className, children }: FieldProps) {
  return (
    <div className={className ? `${css.field} ${className}` : css.field}>
      <label htmlFor={id} className={labelHidden ? visuallyHidden : css.label}>
        {label}
      </label>
      {children}
      {message && (
        <p id={`${id}-message`} className={invalid ? css.error : css.help} aria-live={live ? 'polite' : undefined}>
          {message}
        </p>
      )}
    </div>
  );
}

/** The class of a control inside a Field. */
export const fieldControlClass = css.input;
