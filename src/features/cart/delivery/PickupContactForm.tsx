import { useEffect, useId } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { PickupContact } from 'contract';
import { MAX_CONTACT_NAME_LENGTH } from 'contract/rules';
import {
  AppForm,
  FormAlert,
  FormTextField,
  PhoneField,
  serverProblems,
  useAppForm,
} from '../../../components/form';
import { isCredentialError } from '../../../lib/getErrorMessage';
import { plainMessages } from '../../../lib/messages';
import {
  useGetPickupContactQuery,
  useSavePickupContactMutation,
} from '../../../services/pickupContactApi';
import { useGetMeQuery } from '../../../services/usersApi';
import { useAppSelector } from '../../../state/hooks';
import { selectSignedInUserId } from '../../../state/sessionSlice';
import { phoneCharacters } from './deliveryForm';
import {
  PICKUP_CONTACT_SERVER_FIELDS,
  pickupContactValues,
  validatePickupContact,
} from './pickupContact';

export interface PickupContactFormProps {
  /** The form's id: the dialog's Continue button, outside it, submits it. */
  id: string;
  /** The contact is saved: carry on to payment. */
  onSaved: () => void;
  /** Told whether a save is under way, so the dialog's button can show it. */
  onSavingChange?: (saving: boolean) => void;
}

/**
 * Who collects a pickup order: a name and a mobile number, nothing else. It starts with the
 * contact given last time, or the account's own name and number, so most shoppers only
 * confirm. Saved before payment starts, so the order carries the number the shop calls.
 */
export default function PickupContactForm({ id, onSaved, onSavingChange }: PickupContactFormProps) {
  const headingId = useId();
  const signedIn = useAppSelector(selectSignedInUserId) !== null;
  const { data: saved, isLoading: savedLoading } = useGetPickupContactQuery(undefined, {
    skip: !signedIn,
  });
  const { data: me, isLoading: meLoading } = useGetMeQuery(undefined, { skip: !signedIn });
  const form = useAppForm<PickupContact>({
    defaultValues: pickupContactValues(saved, me),
    rules: validatePickupContact,
    mode: 'onSubmit',
  });
  const [saveContact, { isLoading: saving }] = useSavePickupContactMutation();
  const { reset, formState } = form;

  // The prefill arrives after the form is up: it fills the fields the shopper has not touched.
  const { isDirty } = formState;
  useEffect(() => {
    if (isDirty || (saved === undefined && me === undefined)) return;
    reset(pickupContactValues(saved, me));
  }, [saved, me, isDirty, reset]);

  useEffect(() => onSavingChange?.(saving), [saving, onSavingChange]);
  // Switched to Delivered mid-save: the dialog's button must not stay busy for a gone form.
  useEffect(() => () => onSavingChange?.(false), [onSavingChange]);

  async function save(values: PickupContact) {
    if (saving) return;
    try {
      await saveContact({
        name: values.name.trim(),
        mobile_number: values.mobile_number.trim(),
      }).unwrap();
    } catch (error) {
      const problems = serverProblems(error, PICKUP_CONTACT_SERVER_FIELDS, {
        nameOtherFields: false,
      });
      if (isCredentialError(error)) problems.message = plainMessages.pleaseLogIn;
      form.showProblems(problems);
      return;
    }
    onSaved();
  }

  return (
    <AppForm
      form={form}
      onSubmit={save}
      id={id}
      aria-labelledby={headingId}
      sx={{ display: 'grid', gap: 2, mt: 2 }}
    >
      <Box>
        <Typography id={headingId} sx={{ fontWeight: 700 }}>
          Who will collect the order?
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {(savedLoading || meLoading) && !isDirty
            ? 'Loading your details...'
            : 'We call this number when your order is ready. No address needed.'}
        </Typography>
      </Box>
      <FormTextField<PickupContact>
        label="Full name"
        name="name"
        autoComplete="name"
        required
        htmlInput={{ maxLength: MAX_CONTACT_NAME_LENGTH }}
      />
      <PhoneField<PickupContact> label="Mobile Number" normalize={phoneCharacters} required />
      <FormAlert message={form.formError} />
    </AppForm>
  );
}
