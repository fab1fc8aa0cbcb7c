import { useId, type ReactNode } from 'react';
import type { SxProps, Theme } from '@mui/material/styles';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect, { type NativeSelectProps } from '@mui/material/NativeSelect';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';

interface FieldFrame {
  label: string;
  helperText?: ReactNode;
  error?: boolean;
  fullWidth?: boolean;
  /** On the field's frame, as TextField's sx. */
  sx?: SxProps<Theme>;
}

/**
 * An outlined MUI text field made of the parts TextField composes (FormControl, InputLabel,
 * OutlinedInput, FormHelperText), so it looks the same. TextField also brings Select, Menu,
 * Popover and the filled and standard inputs (its chunk is 18.5 KB gzipped) even where no field
 * is a select; pages that show fields at first paint without the form harness (the order filters,
 * the TEST MODE card form) use this instead. `shrink` keeps the label up (dates, always-filled
 * fields).
 */
export function OutlinedField({ label, helperText, error, fullWidth, sx, shrink, id: givenId, ...input }: FieldFrame & { shrink?: boolean } & Omit<OutlinedInputProps, 'label' | 'notched' | 'error' | 'fullWidth' | 'sx'>) {
  const ownId = useId();
  const id = givenId ?? ownId;
  const helperId = helperText ? `${id}-helper-text` : undefined;
  return (
    <FormControl variant="outlined" error={error} fullWidth={fullWidth} disabled={input.disabled} required={input.required} sx={sx}>
      <InputLabel htmlFor={id} shrink={shrink}>
        {label}
      </InputLabel>
      <OutlinedInput id={id} label={label} notched={shrink} aria-describedby={helperId} {...input} />
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}

/**
 * A native select in the same outlined frame: the browser's own list (as on the catalogue page),
 * without the Menu and Popover a MUI select needs. The label stays up, as a native select always
 * shows its value. Children are <option>s.
 */
export function OutlinedNativeSelect({ label, helperText, error, fullWidth, sx, children, ...select }: FieldFrame & Omit<NativeSelectProps, 'input' | 'error' | 'fullWidth' | 'sx'>) {
  const id = useId();
  return (
    <FormControl variant="outlined" error={error} fullWidth={fullWidth} sx={sx}>
      <InputLabel htmlFor={id} shrink>
        {label}
      </InputLabel>
      <NativeSelect id={id} input={<OutlinedInput label={label} notched />} {...select}>
        {children}
      </NativeSelect>
      {helperText && <FormHelperText>{helperText}</FormHelperText>}
    </FormControl>
  );
}
