import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';

type PasswordFieldProps = Omit<TextFieldProps, 'type' | 'autoComplete' | 'variant'> & {
  /** 'current-password' on login, 'new-password' on sign-up and reset, so phones offer the right thing. */
  autoComplete: 'current-password' | 'new-password';
};

/** A password input whose text the shopper can reveal and hide again. */
export default function PasswordField({ autoComplete, slotProps, ...props }: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      autoComplete={autoComplete}
      slotProps={{
        ...slotProps,
        htmlInput: {
          // Revealed text must not be autocorrected or capitalised by phone keyboards.
          autoCapitalize: 'none',
          autoCorrect: 'off',
          spellCheck: false,
          ...(typeof slotProps?.htmlInput === 'object' ? slotProps.htmlInput : {}),
        },
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
