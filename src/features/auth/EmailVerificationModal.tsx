import { useEffect, useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { OtpChannel } from 'contract';
import { useSendOtpMutation, useVerifyEmailMutation } from '../../services/usersApi';
import { toastMutation } from '../../lib/toasts';
import { isEmail } from '../../lib/validation';
import { maskEmail, maskPhone } from '../../lib/format';
import {
  DialogForm,
  EmailField,
  FormDialog,
  OtpField,
  ResendCode,
  serverProblems,
  useAppForm,
  useResendCountdown,
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

/** Where the sign-up's code went, said (masked) as the modal opens. */
export interface CodeSentTo {
  email: string;
  /** The mobile number signed up with: where an SMS code goes once it is confirmed. */
  mobile?: string;
}

export interface EmailVerificationModalProps {
  open: boolean;
  /** The email to start with: the one just signed up with, or typed on the login form. */
  initialEmail?: string;
  /** Set when a code has just been sent (after sign-up): said, and a new one waits its turn. */
  codeSentTo?: CodeSentTo;
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
  codeSentTo,
  onClose,
  onActivated,
}: EmailVerificationModalProps) {
  return (
    <FormDialog open={open} onClose={onClose}>
      <EmailVerificationForm
        initialEmail={initialEmail}
        codeSentTo={codeSentTo}
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

/** Where a code sent now goes, in words that do not show the whole address. */
function destination(channel: OtpChannel, email: string, mobile: string | undefined): string {
  if (channel === 'email') return `by email to ${maskEmail(email)}`;
  const phone = mobile ? `the mobile number ${maskPhone(mobile)}` : 'the account’s mobile number';
  return `by SMS to ${phone} (by email to ${maskEmail(email)} until that number is confirmed)`;
}

function EmailVerificationForm({
  initialEmail,
  codeSentTo,
  onClose,
  onActivated,
}: {
  initialEmail: string;
  codeSentTo: CodeSentTo | undefined;
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
  const [sentNote, setSentNote] = useState(
    codeSentTo ? `We emailed a 6-digit code to ${maskEmail(codeSentTo.email)}.` : '',
  );
  const countdown = useResendCountdown(codeSentTo !== undefined);
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
      setSentNote(`A code is on its way ${destination(channel, email, codeSentTo?.mobile)}.`);
      countdown.start(result.data.resend_after_seconds);
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
        <Typography role="status" variant="body2" sx={{ color: 'success.main' }}>
          {sentNote}
        </Typography>
        <ResendCode
          label="Send OTP via sms or email"
          onResend={() => void handleSendOtp()}
          sending={sending}
          secondsLeft={countdown.secondsLeft}
          hintId={channelHintId}
          hint={
            sending
              ? `Sending a code by ${CHANNEL_WORDS[channel]}...`
              : `The next code goes by ${CHANNEL_WORDS[channel]}.`
          }
        />
      </Box>
    </DialogForm>
  );
}
