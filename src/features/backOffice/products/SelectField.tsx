import { useController, useFormContext, type FieldValues, type Path } from 'react-hook-form';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { TAP_TARGET_PX } from '../../../theme/theme';

/**
 * A pick-one field bound to the surrounding AppForm. FormTextField is for typing (it takes
 * over what was typed on the server's page, which a select has not got), so choices get
 * their own field.
 */
export default function SelectField<V extends FieldValues>({
  name,
  label,
  options,
  disabled,
  required,
  onPicked,
}: {
  name: Path<V>;
  label: string;
  options: readonly { value: string; label: string }[];
  disabled?: boolean;
  required?: boolean;
  /** Called with the value picked, after the form has it. */
  onPicked?: (value: string) => void;
}) {
  const { control } = useFormContext<V>();
  const { field, fieldState } = useController({ name, control });
  const error = fieldState.error?.message;
  return (
    <TextField
      select
      name={field.name}
      label={label}
      value={field.value as string}
      onChange={(event) => {
        field.onChange(event.target.value);
        onPicked?.(event.target.value);
      }}
      onBlur={field.onBlur}
      disabled={disabled}
      required={required}
      error={error !== undefined}
      helperText={error}
      inputRef={field.ref}
    >
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value} sx={{ minHeight: TAP_TARGET_PX }}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
