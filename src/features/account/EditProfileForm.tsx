import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { User } from 'contract';
import { ERROR_DETAILS } from 'contract/details';
import { fieldErrors, getErrorMessage } from '../../lib/getErrorMessage';
import { toastMutation } from '../../lib/toasts';
import { useUpdateCustomerMutation } from '../../services/usersApi';
import {
  PROFILE_FIELDS,
  buildCustomerUpdate,
  changesMobile,
  profileFormValues,
  validateProfileForm,
  type ProfileErrors,
  type ProfileField,
  type ProfileFormValues,
} from './profileForm';
import { GENDER_OPTIONS } from '../../lib/genders';

interface EditProfileFormProps {
  user: User;
  /** The session's user id, sent as user_id. */
  userId: number;
  onSaved: (user: User) => void;
  onCancel: () => void;
}

function isProfileField(name: string): name is ProfileField {
  return (PROFILE_FIELDS as readonly string[]).includes(name);
}

/**
 * Edit Profile (docs/product.md#profile-pages): mobile number, age and gender. Each field is checked as the
 * shopper leaves it and all of them on Save; the server's 422 messages show beside their field.
 * A new mobile number also asks for the current password, as the server does.
 */
export default function EditProfileForm({ user, userId, onSaved, onCancel }: EditProfileFormProps) {
  const [values, setValues] = useState<ProfileFormValues>(() => profileFormValues(user));
  const [checked, setChecked] = useState<ReadonlySet<ProfileField>>(new Set());
  const [serverErrors, setServerErrors] = useState<ProfileErrors>({});
  const [formError, setFormError] = useState<string | undefined>();
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | undefined>();
  const needsPassword = changesMobile(values, user);
  const [updateCustomer, { isLoading }] = useUpdateCustomerMutation();
  const formRef = useRef<HTMLFormElement>(null);

  // Editing starts in the first field, so keyboard users can type at once.
  useEffect(() => {
    const first = formRef.current?.elements.namedItem('mobile_number');
    if (first instanceof HTMLElement) first.focus();
  }, []);

  const clientErrors = validateProfileForm(values);
  const errorOf = (field: ProfileField) =>
    serverErrors[field] ?? (checked.has(field) ? clientErrors[field] : undefined);

  function focusFirstError(errors: ProfileErrors) {
    const first = PROFILE_FIELDS.find((field) => errors[field] !== undefined);
    const input = first ? formRef.current?.elements.namedItem(first) : null;
    if (input instanceof HTMLElement) input.focus();
  }

  function fieldProps(field: ProfileField) {
    const error = errorOf(field);
    return {
      name: field,
      value: values[field],
      onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
        const { value } = event.target;
        setValues((previous) => ({ ...previous, [field]: value }));
        setServerErrors((previous) => ({ ...previous, [field]: undefined }));
      },
      onBlur: () => {
        if (values[field] !== '') setChecked((previous) => new Set([...previous, field]));
      },
      error: error !== undefined,
      helperText: error,
    };
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isLoading) return;
    setFormError(undefined);
    setServerErrors({});
    setPasswordError(undefined);
    setChecked(new Set(PROFILE_FIELDS));
    if (Object.keys(clientErrors).length > 0) {
      focusFirstError(clientErrors);
      return;
    }
    if (needsPassword && password === '') {
      setPasswordError(ERROR_DETAILS.passwordForMobile);
      focusPassword();
      return;
    }
    const result = await toastMutation(
      updateCustomer(buildCustomerUpdate(values, userId, needsPassword ? password : '')).unwrap(),
      'accountUpdate',
    );
    if (result.ok) {
      onSaved(result.data);
      return;
    }
    const byField: ProfileErrors = {};
    const elsewhere: string[] = [];
    let wrongPassword: string | undefined;
    for (const [name, text] of Object.entries(fieldErrors(result.error))) {
      if (isProfileField(name)) byField[name] = text;
      else if (name === 'password' && needsPassword) wrongPassword = text;
      else elsewhere.push(text);
    }
    setServerErrors(byField);
    setPasswordError(wrongPassword);
    if (Object.keys(byField).length === 0 && !wrongPassword) {
      setFormError(getErrorMessage(result.error));
    } else if (elsewhere.length > 0) setFormError(elsewhere.join('; '));
    if (Object.keys(byField).length > 0) focusFirstError(byField);
    else if (wrongPassword) focusPassword();
  }

  function focusPassword() {
    const input = formRef.current?.elements.namedItem('current_password');
    if (input instanceof HTMLElement) input.focus();
  }

  return (
    <Box
      component="form"
      ref={formRef}
      noValidate
      onSubmit={(event) => void handleSubmit(event)}
      aria-label="Edit profile"
    >
      <Stack spacing={2.5}>
        {formError ? <Alert severity="error">{formError}</Alert> : null}
        <TextField
          {...fieldProps('mobile_number')}
          label="Mobile number"
          type="tel"
          autoComplete="tel"
          placeholder="08031234567"
          slotProps={{ htmlInput: { inputMode: 'tel', maxLength: 20 } }}
        />
        {needsPassword ? (
          <TextField
            name="current_password"
            label="Current password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => {
              setPassword(event.target.value);
              setPasswordError(undefined);
            }}
            error={passwordError !== undefined}
            helperText={passwordError ?? 'A new mobile number needs your password.'}
            required
          />
        ) : null}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2.5}>
          <TextField
            {...fieldProps('age')}
            label="Age"
            autoComplete="off"
            slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 3 } }}
          />
          <TextField
            {...fieldProps('gender')}
            select
            label="Gender"
            slotProps={{ select: { native: true } }}
          >
            {GENDER_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </TextField>
        </Stack>
        <Stack
          direction={{ xs: 'column-reverse', sm: 'row' }}
          spacing={1.5}
          sx={{ justifyContent: 'flex-end' }}
        >
          <Button variant="outlined" onClick={onCancel} disabled={isLoading}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={isLoading}>
            {isLoading ? 'Saving...' : 'Save'}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
