import { useEffect } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { User } from 'contract';
import { ERROR_DETAILS } from 'contract/details';
import { getErrorMessage } from '../../lib/getErrorMessage';
import { toastMutation } from '../../lib/toasts';
import { useUpdateCustomerMutation } from '../../services/usersApi';
import {
  AppForm,
  FormAlert,
  FormTextField,
  PasswordField,
  PhoneField,
  serverProblems,
  useAppForm,
} from '../../components/form';
import {
  buildCustomerUpdate,
  changesMobile,
  profileFormValues,
  validateProfileForm,
  type ProfileFormValues,
} from './profileForm';
import { GENDER_OPTIONS } from '../../lib/genders';

/** The three profile fields, and the password a new mobile number needs. */
interface EditProfileValues extends ProfileFormValues {
  current_password: string;
}

/** The server's names for the profile fields in a 422 answer: the same names. */
const SERVER_FIELDS = {
  mobile_number: 'mobile_number',
  age: 'age',
  gender: 'gender',
} as const satisfies Record<string, keyof EditProfileValues>;

interface EditProfileFormProps {
  user: User;
  /** The session's user id, sent as user_id. */
  userId: number;
  onSaved: (user: User) => void;
  onCancel: () => void;
}

/**
 * Edit Profile (docs/product.md#profile-pages): mobile number, age and gender. Each field is checked as the
 * shopper leaves it and all of them on Save; the server's 422 messages show beside their field.
 * A new mobile number also asks for the current password, as the server does.
 */
export default function EditProfileForm({ user, userId, onSaved, onCancel }: EditProfileFormProps) {
  const form = useAppForm<EditProfileValues>({
    defaultValues: { ...profileFormValues(user), current_password: '' },
    rules: (values) => {
      const problems = validateProfileForm(values);
      // The password is asked for only once the profile fields themselves are right.
      if (Object.keys(problems).length > 0) return problems;
      const missingPassword = changesMobile(values, user) && values.current_password === '';
      return { current_password: missingPassword ? ERROR_DETAILS.passwordForMobile : undefined };
    },
  });
  const [updateCustomer, { isLoading }] = useUpdateCustomerMutation();
  const needsPassword = changesMobile(form.watch(), user);
  const { focusFirst } = form;

  // Editing starts in the first field, so keyboard users can type at once.
  useEffect(() => {
    focusFirst(['mobile_number']);
  }, [focusFirst]);

  async function save(values: EditProfileValues) {
    if (isLoading) return;
    const sendsPassword = changesMobile(values, user);
    const result = await toastMutation(
      updateCustomer(
        buildCustomerUpdate(values, userId, sendsPassword ? values.current_password : ''),
      ).unwrap(),
      'accountUpdate',
    );
    if (result.ok) {
      onSaved(result.data);
      return;
    }
    // A refused password is about the password field only while the form shows it.
    const fieldNames = sendsPassword
      ? { ...SERVER_FIELDS, password: 'current_password' as const }
      : SERVER_FIELDS;
    const problems = serverProblems<keyof EditProfileValues>(result.error, fieldNames, {
      nameOtherFields: false,
    });
    // With nothing to show beside a field, the alert says the whole answer, names and all.
    if (Object.keys(problems.fields).length === 0) problems.message = getErrorMessage(result.error);
    form.showProblems(problems);
  }

  return (
    <AppForm form={form} onSubmit={save} aria-label="Edit profile">
      <Stack spacing={2.5}>
        <FormAlert message={form.formError} />
        <PhoneField<EditProfileValues> htmlInput={{ maxLength: 20 }} />
        {needsPassword ? (
          <PasswordField<EditProfileValues>
            name="current_password"
            label="Current password"
            autoComplete="current-password"
            hint="A new mobile number needs your password."
            required
          />
        ) : null}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2.5}>
          <FormTextField<EditProfileValues>
            name="age"
            label="Age"
            autoComplete="off"
            htmlInput={{ inputMode: 'numeric', maxLength: 3 }}
          />
          <FormTextField<EditProfileValues>
            name="gender"
            select
            label="Gender"
            slotProps={{ select: { native: true } }}
          >
            {GENDER_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </FormTextField>
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
    </AppForm>
  );
}
