import { useEffect } from 'react';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import { Controller } from 'react-hook-form';
import type { ShopRole } from 'contract';
import { EMAIL_PATTERN, NIGERIAN_MOBILE_PATTERN } from 'contract/rules';
import {
  DialogForm,
  FormDialog,
  FormTextField,
  serverProblems,
  useAppForm,
} from '../../../components/form';
import { toast } from '../../../lib/toast';
import {
  staffAccountsApi,
  useInviteStaffMutation,
} from '../../../services/backOffice/staffAccountsApi';
import { loadApi } from '../../../state/lazyApis';
import { ROLE_HINTS, ROLE_LABELS } from './staffWords';

loadApi(staffAccountsApi);

interface InviteValues {
  contact: string;
  role: ShopRole;
}

export const CONTACT_MISSING = 'Enter their email address or mobile number';
export const CONTACT_INVALID =
  'Enter an email address (ada@example.ng) or a Nigerian mobile number (08031234567)';

const isEmail = (text: string) => new RegExp(EMAIL_PATTERN).test(text);
const isMobile = (text: string) => new RegExp(NIGERIAN_MOBILE_PATTERN).test(text);

function inviteRules({ contact }: InviteValues) {
  const text = contact.trim();
  if (text === '') return { contact: CONTACT_MISSING };
  if (!isEmail(text) && !isMobile(text)) return { contact: CONTACT_INVALID };
  return {};
}

export interface InviteDialogProps {
  open: boolean;
  onClose: () => void;
}

/** The owner invites someone by email or SMS: the invite carries a link that works once. */
export default function InviteDialog({ open, onClose }: InviteDialogProps) {
  return (
    <FormDialog open={open} onClose={onClose}>
      <InviteForm onClose={onClose} />
    </FormDialog>
  );
}

function InviteForm({ onClose }: { onClose: () => void }) {
  const form = useAppForm<InviteValues>({
    defaultValues: { contact: '', role: 'staff' },
    rules: inviteRules,
    mode: 'onSubmit',
  });
  const [invite, { isLoading }] = useInviteStaffMutation();
  const { focusFirst } = form;
  useEffect(() => {
    focusFirst(['contact']);
  }, [focusFirst]);

  async function handleSubmit({ contact, role }: InviteValues) {
    if (isLoading) return;
    const text = contact.trim();
    const to = isEmail(text) ? { email: text } : { mobile_number: text };
    try {
      const sent = await invite({ ...to, role }).unwrap();
      toast.success(`Invite sent to ${sent.sent_to}`);
      onClose();
    } catch (error) {
      form.showProblems(
        serverProblems(error, { email: 'contact', mobile_number: 'contact', role: 'role' }),
      );
    }
  }

  return (
    <DialogForm
      form={form}
      onSubmit={handleSubmit}
      title="Invite to the team"
      description="They get a link by email or SMS, valid for 3 days. They open it, sign in or create an account, and join."
      onCancel={onClose}
      submit={
        <Button type="submit" variant="contained" disabled={isLoading}>
          Send invite
        </Button>
      }
    >
      <FormTextField<InviteValues>
        name="contact"
        label="Email or mobile number"
        required
        autoComplete="off"
        htmlInput={{ autoCapitalize: 'none', spellCheck: false }}
      />
      <Controller
        name="role"
        control={form.control}
        render={({ field }) => (
          <Stack component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
            <FormLabel component="legend">Role</FormLabel>
            <RadioGroup {...field}>
              {(['staff', 'owner'] as const).map((role) => (
                <FormControlLabel
                  key={role}
                  value={role}
                  control={<Radio />}
                  label={`${ROLE_LABELS[role]}: ${ROLE_HINTS[role]}`}
                />
              ))}
            </RadioGroup>
          </Stack>
        )}
      />
    </DialogForm>
  );
}
