import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { get, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { Field } from './field';
import css from './form-input.module.css';

interface Binding<TForm extends FieldValues> {
  form: UseFormReturn<TForm, unknown, unknown>;
  name: Path<TForm>;
  label: string;
  helperText?: string;
}

type InputProps<TForm extends FieldValues> = Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'form'> & Binding<TForm>;
type TextareaProps<TForm extends FieldValues> = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'name' | 'form'> & Binding<TForm>;

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
