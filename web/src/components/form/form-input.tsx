import { useId, type InputHTMLAttributes } from 'react';
import { get, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import css from './form-input.module.css';

type Props<TForm extends FieldValues> = Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'form'> & {
  form: UseFormReturn<TForm, unknown, unknown>;
  name: Path<TForm>;
  label: string;
  helperText?: string;
};

/**
 * FormTextField's twin in plain markup, for the forms of prerendered pages that load no MUI
 * (login, sign-up; decision 0019): the same useShopForm binding, the error message in place of
 * the helper text, tied to the input by aria-describedby.
 */
export function FormInput<TForm extends FieldValues>({ form, name, label, helperText, id, ...rest }: Props<TForm>) {
  const generated = useId();
  const inputId = id ?? `${generated}-${name}`;
  const error = get(form.formState.errors, name) as { message?: string } | undefined;
  const message = error?.message ?? helperText;
  const messageId = `${inputId}-message`;
  return (
    <div className={css.field}>
      <label htmlFor={inputId} className={css.label}>
        {label}
      </label>
      <input {...rest} {...form.register(name)} id={inputId} className={css.input} aria-invalid={Boolean(error)} aria-describedby={message ? messageId : undefined} />
      {message && (
        <p id={messageId} className={error ? css.error : css.help}>
          {message}
        </p>
      )}
    </div>
  );
}
