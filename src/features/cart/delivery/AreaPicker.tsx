import { useController, useFormContext, type FieldValues, type Path } from 'react-hook-form';
import Autocomplete, { createFilterOptions } from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { AreaOption } from './areaNames';

// A shopper types what they call the place ("ashi", "poly", "UI"); the contract's value is
// searched too, so a shopper who knows the old label still finds it.
const filterAreas = createFilterOptions<AreaOption>({
  stringify: (option) => `${option.name} ${option.city.replace(/[-_]/g, ' ')}`,
});

// Autocomplete's input is 38 px tall by default: a thumb needs 44 (the field stays 56 px).
const AT_LEAST_44_PX = {
  '& .MuiOutlinedInput-root': { py: '6px' },
  '& .MuiOutlinedInput-root .MuiAutocomplete-input': { boxSizing: 'border-box', minHeight: 44 },
} as const;

/**
 * The area of a delivery location, picked by the names people use and searched as it is
 * typed: on a phone, twelve or more areas in a native list are a long scroll. The form keeps
 * the contract's value (`city`), never the name.
 */
export default function AreaPicker<V extends FieldValues>({
  name,
  label,
  options,
  required = false,
  placeholder = 'Type or choose your area',
}: {
  name: Path<V>;
  label: string;
  options: readonly AreaOption[];
  required?: boolean;
  placeholder?: string;
}) {
  const { control } = useFormContext<V>();
  const { field, fieldState } = useController({ name, control });
  const value = options.find((option) => option.city === field.value) ?? null;
  const error = fieldState.error?.message;
  return (
    <Autocomplete<AreaOption, false, false, false>
      options={options}
      value={value}
      onChange={(_event, option) => field.onChange(option?.city ?? '')}
      onBlur={field.onBlur}
      getOptionLabel={(option) => option.name}
      getOptionKey={(option) => option.city}
      isOptionEqualToValue={(option, chosen) => option.city === chosen.city}
      filterOptions={filterAreas}
      autoHighlight
      openOnFocus
      noOptionsText="No area by that name: try another spelling, or choose Pickup Station"
      sx={AT_LEAST_44_PX}
      renderInput={(params) => (
        <TextField
          {...params}
          name={field.name}
          inputRef={field.ref}
          label={label}
          placeholder={placeholder}
          required={required}
          error={error !== undefined}
          helperText={error ?? 'Search by the name you use, e.g. Ashi or Poly'}
        />
      )}
    />
  );
}
