import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { get, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';

type Props<TForm extends FieldValues> = Omit<TextFieldProps, 'name' | 'error'> & {
  form: UseFormReturn<TForm, unknown, unknown>;
  name: Path<TForm>;
};

/**
 * A MUI text field bound to a useShopForm field: its error message replaces the helper text, and
 * the label stays up when the value was set by code (a reset or a prefill), not typed.
 */
export function FormTextField<TForm extends FieldValues>({ form, name, helperText, slotProps, ...rest }: Props<TForm>) {
  const error = get(form.formState.errors, name) as { message?: string } | undefined;
  const value: unknown = form.watch(name);
  const filled = value !== undefined && value !== null && value !== '';
  return (
    <TextField
      {...rest}
      {...form.register(name)}
      error={Boolean(error)}
      helperText={error?.message ?? helperText}
      slotProps={{ ...slotProps, inputLabel: { ...(slotProps?.inputLabel as object), ...(filled ? { shrink: true } : {}) } }}
    />
  );
}
