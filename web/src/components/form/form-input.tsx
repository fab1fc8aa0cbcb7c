import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { get, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import css from './form-input.module.css';

interface Binding<TForm extends FieldValues> {
  form: UseFormReturn<TForm, unknown, unknown>;
  name: Path<TForm>;
  label: string;
  helperText?: string;
}

type InputProps<TForm extends FieldValues> = Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'form'> & Binding<TForm>;
type TextareaProps<TForm extends FieldValues> = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'name' | 'form'> & Binding<TForm>;

export interface FieldProps {
  /** The control's id, which the label points at; the message's id is this plus "-message". */
  id: string;
  label: string;
  /** Help under the control, or the error in its place. */
  message?: string;
  invalid?: boolean;
  children: ReactNode;
}

/**
 * The one field shell: the label above the control and the help or error under it. The control
 * (an input, a select, a textarea) gets `id`, `fieldControlClass` and, with a message,
 * `aria-describedby={`${id}-message`}`. FormInput, FormTextarea and FormSelect bind it to a form.
 */
export function Field({ id, label, message, invalid = false, children }: FieldProps) {
  return (
    <div className={css.field}>
      <label htmlFor={id} className={css.label}>
        {label}
      </label>
      {children}
      {message && (
        <p id={`${id}-message`} className={invalid ? css.error : css.help}>
          {message}
        </p>
      )}
    </div>
  );
}

/** The class of a control inside a Field. */
export const fieldControlClass = css.input;

/** The label, the control and the message under it, tied together by id and aria-describedby. */
function useFieldParts<TForm extends FieldValues>({ form, name, helperText }: Binding<TForm>, id: string | undefined) {
  const generated = useId();
  const inputId = id ?? `${generated}-${name}`;
  const error = get(form.formState.errors, name) as { message?: string } | undefined;
  const message = error?.message ?? helperText;
  const messageId = `${inputId}-message`;
  const control = {
    ...form.register(name),
    id: inputId,
    className: css.input,
    'aria-invalid': Boolean(error),
    'aria-describedby': message ? messageId : undefined,
  };
  const shell = (label: string, input: ReactNode) => (
    <Field id={inputId} label={label} message={message} invalid={Boolean(error)}>
      {input}
    </Field>
  );
  return { control, shell };
}

/**
 * A text input bound to a useShopForm field (decisions 0019, 0028): the error message in place of
 * the helper text, tied to the input by aria-describedby.
 */
export function FormInput<TForm extends FieldValues>({ form, name, label, helperText, id, ...rest }: InputProps<TForm>) {
  const { control, shell } = useFieldParts({ form, name, label, helperText }, id);
  return shell(label, <input {...rest} {...control} />);
}

/** FormInput for several lines (an address, a description). */
export function FormTextarea<TForm extends FieldValues>({ form, name, label, helperText, id, rows = 3, ...rest }: TextareaProps<TForm>) {
  const { control, shell } = useFieldParts({ form, name, label, helperText }, id);
  return shell(label, <textarea rows={rows} {...rest} {...control} className={`${css.input} ${css.multiline}`} />);
}

type SelectProps<TForm extends FieldValues> = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'name' | 'form'> & Binding<TForm>;

/** FormInput for a choice from a list (the platform's select: its keyboard and its picker on phones). */
export function FormSelect<TForm extends FieldValues>({ form, name, label, helperText, id, children, ...rest }: SelectProps<TForm>) {
  const { control, shell } = useFieldParts({ form, name, label, helperText }, id);
  return shell(
    label,
    <select {...rest} {...control}>
      {children}
    </select>,
  );
}
