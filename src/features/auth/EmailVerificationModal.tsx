import { useEffect, useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { OtpChannel } from 'contract';
import { useSendOtpMutation, useVerifyEmailMutation } from '../../services/usersApi';
import { toastMutation } from '../../lib/toasts';
import { isEmail } from '../../lib/validation';
import {
  DialogForm,
  EmailField,
  FormDialog,
  OtpField,
  serverProblems,
  useAppForm,
} from '../../components/form';

interface VerificationValues {
  email: string;
  otp: string;
}
type Field = keyof VerificationValues;

/** The server's names for this form's fields, for 422 answers. */
const SERVER_FIELDS: Readonly<Record<string, Field>> = { user_email: 'email', user_otp: 'otp' };

const CHANNEL_WORDS: Record<OtpChannel, string> = { sms: 'SMS', email: 'email' };

/** docs/product.md#sign-up-and-activation: the first code goes by SMS, and the channel flips after each successful send. */
export const FIRST_OTP_CHANNEL: OtpChannel = 'sms';
export function nextOtpChannel(channel: OtpChannel): OtpChannel {
  return channel === 'sms' ? 'email' : 'sms';
}

export interface EmailVerificationModalProps {
  open: boolean;
  /** The email to start with: the one just signed up with, or typed on the login form. */
  initialEmail?: string;
  onClose: () => void;
  /** The account is active: the caller closes the modal and takes the shopper to log in. */
  onActivated: (email: string) => void;
}

/**
 * Email verification (docs/product.md#sign-up-and-activation): enter the code sent after sign-up, or send a
 * new one by SMS or email, and activate the account.
 */
export default function EmailVerificationModal({
  open,
  initialEmail = '',
  onClose,
  onActivated,
}: EmailVerificationModalProps) {
  return (
    <FormDialog open={open} onClose={onClose}>
      <EmailVerificationForm
        initialEmail={initialEmail}
        onClose={onClose}
        onActivated={onActivated}
      />
    </FormDialog>
  );
}

function emailProblem(email: string): string | undefined {
  if (email.trim() === '') return 'Enter the email address you signed up with';
  if (!isEmail(email)) return 'Enter an email address like name@example.com';
  return undefined;
}

function verificationRules(values: VerificationValues) {
  return {
    email: emailProblem(values.email),
    otp: values.otp === '' ? 'Enter the code we sent you' : undefined,
  };
}

function EmailVerificationForm({
  initialEmail,
  onClose,
  onActivated,
}: {
  initialEmail: string;
  onClose: () => void;
  onActivated: (email: string) => void;
}) {
  const form = useAppForm<VerificationValues>({
    defaultValues: { email: initialEmail, otp: '' },
    rules: verificationRules,
    mode: 'onSubmit',
  });
  const [channel, setChannel] = useState<OtpChannel>(FIRST_OTP_CHANNEL);
  /** Said in the modal, since the page behind it (toasts included) is hidden from screen readers. */
  const [sentNote, setSentNote] = useState('');
  const [sendOtp, { isLoading: sending }] = useSendOtpMutation();
  const [verifyEmail, { isLoading: verifying }] = useVerifyEmailMutation();
  const channelHintId = useId();
  const { focusFirst, setError, clearErrors, getValues } = form;

  // With the email known, the shopper types the code next.
  useEffect(() => {
    focusFirst([initialEmail === '' ? 'email' : 'otp']);
  }, [initialEmail, focusFirst]);

  async function handleSendOtp() {
    const email = getValues('email');
    const problem = emailProblem(email);
    clearErrors();
    if (problem) {
      setError('email', { type: 'rule', message: problem });
      focusFirst(['email']);
      return;
    }
    setSentNote('');
    const result = await toastMutation(
      sendOtp({ user_email: email.trim(), email_channel: channel }).unwrap(),
      'signUpOtp',
    );
    if (result.ok) {
      setSentNote(`A code is on its way by ${CHANNEL_WORDS[channel]} to ${email.trim()}.`);
      setChannel(nextOtpChannel);
      focusFirst(['otp']);
    } else {
      form.showProblems(serverProblems(result.error, SERVER_FIELDS));
    }
  }

  async function handleSubmit(values: VerificationValues) {
    if (verifying) return;
    const activatedEmail = values.email.trim();
    const result = await toastMutation(
      verifyEmail({ user_email: activatedEmail, user_otp: values.otp }).unwrap(),
      'activation',
    );
    if (result.ok) onActivated(activatedEmail);
    else form.showProblems(serverProblems(result.error, SERVER_FIELDS));
  }

  return (
    <DialogForm
      form={form}
      onSubmit={handleSubmit}
      title="Email verification"
      description="Input the OTP code sent to you to verify and activate your account."
      onCancel={onClose}
      submit={
        <Button type="submit" variant="contained" disabled={verifying}>
          Continue
        </Button>
      }
    >
      <EmailField<VerificationValues> required />
      <OtpField<VerificationValues> label="Confirm OTP" required />
      <Box>
        <Link
          component="button"
          type="button"
          variant="body2"
          onClick={() => void handleSendOtp()}
          disabled={sending}
          aria-describedby={channelHintId}
          sx={{ fontWeight: 600, '&:disabled': { color: 'text.disabled', cursor: 'default' } }}
        >
          Send OTP via sms or email
        </Link>
        <Typography role="status" variant="body2" sx={{ color: 'success.main' }}>
          {sentNote}
        </Typography>
        <Typography id={channelHintId} variant="body2" color="text.secondary">
          {sending
            ? `Sending a code by ${CHANNEL_WORDS[channel]}...`
            : `The next code goes by ${CHANNEL_WORDS[channel]}.`}
        </Typography>
      </Box>
    </DialogForm>
  );
}
