import { useState, type ReactNode } from 'react';
import { useController, useFormContext, type FieldValues, type Path } from 'react-hook-form';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useEarlyTyping } from '../../lib/useEarlyTyping';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';

type HtmlInputProps = Record<string, unknown>;

export type FormTextFieldProps<V extends FieldValues> = Omit<
  TextFieldProps,
  'name' | 'value' | 'onChange' | 'onBlur' | 'error' | 'helperText' | 'inputRef'
> & {
  name: Path<V>;
  /** How a typed value is kept (lowercased, digits only...), applied as it is typed. */
  normalize?: (value: string) => string;
  /** Shown under the field while it has no problem. */
  hint?: ReactNode;
  /** Leaving a blank field shows its problem at once, instead of at the submit. */
  checkWhenBlank?: boolean;
  /** Merged into slotProps.htmlInput, under whatever the caller passes there. */
  htmlInput?: HtmlInputProps;
};

function withHtmlInput(
  slotProps: TextFieldProps['slotProps'],
  base: HtmlInputProps | undefined,
): TextFieldProps['slotProps'] {
  if (!base) return slotProps;
  const own = typeof slotProps?.htmlInput === 'object' ? slotProps.htmlInput : {};
  return { ...slotProps, htmlInput: { ...base, ...own } };
}

/**
 * A MUI text field bound to the surrounding AppForm: its value, its problem (a rule's or the
 * server's) under it. After a submit every edit checks the field again, which also clears a
 * server's problem as soon as the shopper changes what it was about.
 */
export function FormTextField<V extends FieldValues>({
  name,
  normalize,
  hint,
  checkWhenBlank = false,
  htmlInput,
  slotProps,
  ...props
}: FormTextFieldProps<V>) {
  const { control } = useFormContext<V>();
  const { field, fieldState } = useController({ name, control });
  const error = fieldState.error?.message;
  const typed = (text: string) => field.onChange(normalize ? normalize(text) : text);
  // The field takes typing from the server page's first paint, before the app has taken over.
  const ref = useEarlyTyping(String(field.value ?? ''), typed, field.ref);
  // A growing field's first paint is its smallest size. MUI sizes it with script only and
  // leaves the textarea without `rows`, so the server's page drew it at the browser's two
  // lines, and everything under it jumped down when the app took over (a tap meant for Send
  // landed on the form). `rows` gives the server's page the size the app keeps.
  const firstRows =
    props.multiline && props.rows === undefined && props.minRows !== undefined
      ? { rows: props.minRows }
      : undefined;
  return (
    <TextField
      {...props}
      name={field.name}
      inputRef={ref}
      value={field.value as unknown}
      onChange={(event) => typed(event.target.value)}
      onBlur={() => {
        // A field left blank is not a mistake yet: it is checked when the form is sent.
        if (checkWhenBlank || field.value !== '') field.onBlur();
      }}
      error={error !== undefined}
      helperText={error ?? hint}
      slotProps={withHtmlInput(slotProps, firstRows ? { ...firstRows, ...htmlInput } : htmlInput)}
    />
  );
}

type PresetProps<V extends FieldValues> = Omit<FormTextFieldProps<V>, 'name' | 'label'> & {
  name?: Path<V>;
  label?: ReactNode;
};

/** An email address: the email keyboard, no capitals or spelling fixes from the phone. */
export function EmailField<V extends FieldValues>({
  name = 'email' as Path<V>,
  label = 'Email address',
  ...props
}: PresetProps<V>) {
  return (
    <FormTextField<V>
      type="email"
      autoComplete="email"
      {...props}
      name={name}
      label={label}
      htmlInput={{ autoCapitalize: 'none', spellCheck: false, ...props.htmlInput }}
    />
  );
}

/** A Nigerian mobile number: the phone keypad, which has the '+' of +234. */
export function PhoneField<V extends FieldValues>({
  name = 'mobile_number' as Path<V>,
  label = 'Mobile number',
  ...props
}: PresetProps<V>) {
  return (
    <FormTextField<V>
      type="tel"
      autoComplete="tel"
      placeholder="08031234567"
      {...props}
      name={name}
      label={label}
      htmlInput={{ inputMode: 'tel', ...props.htmlInput }}
    />
  );
}

/** Keeps the digits of a pasted or typed code ('123 456' → '123456'). */
export function otpDigits(value: string): string {
  return value.replace(/\D/g, '');
}

/** A one-time code from an SMS or email: digits only, offered by the phone from the message. */
export function OtpField<V extends FieldValues>({
  name = 'otp' as Path<V>,
  length,
  ...props
}: PresetProps<V> & { length?: number }) {
  return (
    <FormTextField<V>
      autoComplete="one-time-code"
      placeholder="000000"
      normalize={(value) => otpDigits(value).slice(0, length)}
      {...props}
      name={name}
      htmlInput={{ inputMode: 'numeric', maxLength: length, ...props.htmlInput }}
    />
  );
}

/** A password whose text the shopper can reveal and hide again. */
export function PasswordField<V extends FieldValues>({
  name = 'password' as Path<V>,
  label = 'Password',
  autoComplete,
  ...props
}: PresetProps<V> & {
  /** 'current-password' on login, 'new-password' on sign-up and reset, so phones offer the right thing. */
  autoComplete: 'current-password' | 'new-password';
}) {
  const [visible, setVisible] = useState(false);
  return (
    <FormTextField<V>
      {...props}
      name={name}
      label={label}
      type={visible ? 'text' : 'password'}
      autoComplete={autoComplete}
      // Revealed text must not be autocorrected or capitalised by phone keyboards.
      htmlInput={{ autoCapitalize: 'none', autoCorrect: 'off', spellCheck: false }}
      slotProps={{
        ...props.slotProps,
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                aria-label={visible ? 'Hide password' : 'Show password'}
                aria-pressed={visible}
                onClick={() => setVisible((v) => !v)}
                // Keep the caret in the field when the button is clicked with a mouse.
                onMouseDown={(event) => event.preventDefault()}
                edge="end"
              >
                {visible ? <VisibilityOff /> : <Visibility />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
