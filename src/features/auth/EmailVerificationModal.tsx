import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { OtpChannel } from 'contract';
import { useSendOtpMutation, useVerifyEmailMutation } from '../../services/usersApi';
import { toastMutation } from '../../lib/toasts';
import { isEmail } from '../../lib/validation';
import { serverProblems } from '../../components/form/serverProblems';

type Field = 'email' | 'otp';
type FieldErrors = Partial<Record<Field, string>>;

/** The server's names for this form's fields, for 422 answers. */
const SERVER_FIELDS: Readonly<Record<string, Field>> = { user_email: 'email', user_otp: 'otp' };

const CHANNEL_WORDS: Record<OtpChannel, string> = { sms: 'SMS', email: 'email' };

/** Spec section 4: the first code goes by SMS, and the channel flips after each successful send. */
export const FIRST_OTP_CHANNEL: OtpChannel = 'sms';
export function nextOtpChannel(channel: OtpChannel): OtpChannel {
  return channel === 'sms' ? 'email' : 'sms';
}

/** Keeps the digits of a pasted or typed code ('123 456' → '123456'). */
export function otpDigits(value: string): string {
  return value.replace(/\D/g, '');
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
 * Email verification (spec sections 2 and 4): enter the code sent after sign-up, or send a
 * new one by SMS or email, and activate the account.
 */
export default function EmailVerificationModal({
  open,
  initialEmail = '',
  onClose,
  onActivated,
}: EmailVerificationModalProps) {
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      aria-describedby={textId}
      fullWidth
      maxWidth="xs"
    >
      {/* Mounted only while open, so every opening starts from the given email. */}
      <EmailVerificationForm
        titleId={titleId}
        textId={textId}
        initialEmail={initialEmail}
        onClose={onClose}
        onActivated={onActivated}
      />
    </Dialog>
  );
}

function EmailVerificationForm({
  titleId,
  textId,
  initialEmail,
  onClose,
  onActivated,
}: {
  titleId: string;
  textId: string;
  initialEmail: string;
  onClose: () => void;
  onActivated: (email: string) => void;
}) {
  const [email, setEmail] = useState(initialEmail);
  const [otp, setOtp] = useState('');
  const [channel, setChannel] = useState<OtpChannel>(FIRST_OTP_CHANNEL);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | undefined>();
  /** Said in the modal, since the page behind it (toasts included) is hidden from screen readers. */
  const [sentNote, setSentNote] = useState('');
  const [sendOtp, { isLoading: sending }] = useSendOtpMutation();
  const [verifyEmail, { isLoading: verifying }] = useVerifyEmailMutation();
  const emailRef = useRef<HTMLInputElement>(null);
  const otpRef = useRef<HTMLInputElement>(null);
  const channelHintId = useId();

  // With the email known, the shopper types the code next.
  useEffect(() => {
    (initialEmail === '' ? emailRef : otpRef).current?.focus();
  }, [initialEmail]);

  function focusFirst(problems: FieldErrors) {
    if (problems.email) emailRef.current?.focus();
    else if (problems.otp) otpRef.current?.focus();
  }

  function emailProblem(): string | undefined {
    if (email.trim() === '') return 'Enter the email address you signed up with';
    if (!isEmail(email)) return 'Enter an email address like name@example.com';
    return undefined;
  }

  function showServerProblems(error: unknown) {
    const { fields, message } = serverProblems(error, SERVER_FIELDS);
    setErrors(fields);
    setFormError(message);
    focusFirst(fields);
  }

  async function handleSendOtp() {
    const problem = emailProblem();
    setFormError(undefined);
    if (problem) {
      setErrors({ email: problem });
      emailRef.current?.focus();
      return;
    }
    setErrors({});
    setSentNote('');
    const result = await toastMutation(
      sendOtp({ user_email: email.trim(), email_channel: channel }).unwrap(),
      'signUpOtp',
    );
    if (result.ok) {
      setSentNote(`A code is on its way by ${CHANNEL_WORDS[channel]} to ${email.trim()}.`);
      setChannel(nextOtpChannel);
      otpRef.current?.focus();
    } else {
      showServerProblems(result.error);
    }
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (verifying) return;
    const problems: FieldErrors = {};
    const problem = emailProblem();
    if (problem) problems.email = problem;
    if (otp === '') problems.otp = 'Enter the code we sent you';
    setErrors(problems);
    setFormError(undefined);
    if (Object.keys(problems).length > 0) {
      focusFirst(problems);
      return;
    }
    const activatedEmail = email.trim();
    const result = await toastMutation(
      verifyEmail({ user_email: activatedEmail, user_otp: otp }).unwrap(),
      'activation',
    );
    if (result.ok) onActivated(activatedEmail);
    else showServerProblems(result.error);
  }

  return (
    <Box component="form" noValidate onSubmit={(event) => void handleSubmit(event)}>
      <DialogTitle id={titleId}>Email verification</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>
          Input the OTP code sent to you to verify and activate your account.
        </DialogContentText>
        <Stack spacing={2} sx={{ mt: 2 }}>
          {formError ? <Alert severity="error">{formError}</Alert> : null}
          <TextField
            inputRef={emailRef}
            label="Email address"
            type="email"
            name="email"
            autoComplete="email"
            value={email}
            onChange={(event) => {
              setEmail(event.target.value);
              setErrors((e) => ({ ...e, email: undefined }));
            }}
            error={Boolean(errors.email)}
            helperText={errors.email}
            required
            slotProps={{ htmlInput: { autoCapitalize: 'none', spellCheck: false } }}
          />
          <TextField
            inputRef={otpRef}
            label="Confirm OTP"
            name="otp"
            autoComplete="one-time-code"
            placeholder="000000"
            value={otp}
            onChange={(event) => {
              setOtp(otpDigits(event.target.value));
              setErrors((e) => ({ ...e, otp: undefined }));
            }}
            error={Boolean(errors.otp)}
            helperText={errors.otp}
            required
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
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
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onClose} color="inherit">
          Cancel
        </Button>
        <Button type="submit" variant="contained" disabled={verifying}>
          Continue
        </Button>
      </DialogActions>
    </Box>
  );
}
