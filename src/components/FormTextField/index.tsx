/**
 * An MUI text field bound to a react-hook-form field: its value, its error (instead of the
 * helper text while there is one), and the error cleared as soon as the field changes (forms are
 * checked on submit, src/forms/).
 */
import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import type { ReactNode } from 'react';
import { Controller, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';

type Props<V extends FieldValues> = Omit<TextFieldProps, 'name' | 'value' | 'error'> & {
  form: UseFormReturn<V, unknown, unknown>;
  name: Path<V>;
  /** After the form has the new value (for example to reset a field that depends on it). */
  onValueChange?: (value: string) => void;
  /** An amount in USD: a "$" before the value and the decimal keypad on phones. */
  usd?: boolean;
};

const USD_SLOTS: TextFieldProps['slotProps'] = {
  input: { startAdornment: <InputAdornment position="start">$</InputAdornment> },
  htmlInput: { inputMode: 'decimal' },
};

export default function FormTextField<V extends FieldValues>({
  form,
  name,
  helperText,
  onValueChange,
  usd = false,
  ...props
}: Props<V>): ReactNode {
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          {...(usd && { slotProps: USD_SLOTS })}
          {...props}
          name={field.name}
          value={field.value}
          inputRef={field.ref}
          onBlur={field.onBlur}
          onChange={(event) => {
            field.onChange(event.target.value);
            if (fieldState.error) form.clearErrors(name);
            onValueChange?.(event.target.value);
          }}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ?? helperText}
        />
      )}
    />
  );
}
