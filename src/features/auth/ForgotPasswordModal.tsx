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
import { toastMutation } from '../../lib/toasts';
import { useResetPasswordMutation, useSendOtpMutation } from '../../services/usersApi';
import { otpDigits } from '../../components/form';
import PasswordField from './PasswordField';
import { isEmail } from '../../lib/validation';
import { serverProblems } from '../../components/form/serverProblems';

type Field = 'email' | 'otp' | 'password';
type FieldErrors = Partial<Record<Field, string>>;

const SERVER_FIELDS: Readonly<Record<string, Field>> = {
  email: 'email',
  user_email: 'email',
  otp: 'otp',
  password: 'password',
};

/** docs/product.md#numbers-and-limits: the reset code has 6 digits. */
export const RESET_CODE_LENGTH = 6;

export interface ForgotPasswordModalProps {
  open: boolean;
  /** Whatever the shopper already typed into the login form. */
  initialEmail?: string;
  onClose: () => void;
  /** The password is changed: the caller closes the modal and fills the login form's email. */
  onReset: (email: string) => void;
}

/**
 * Forgot password (docs/product.md#log-in-and-sign-up): step 1 sends a code to the email; step 2 takes
 * the code and a new password.
 */
export default function ForgotPasswordModal({
  open,
  initialEmail = '',
  onClose,
  onReset,
}: ForgotPasswordModalProps) {
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
      {/* Mounted only while open, so every opening starts again at step 1. */}
      <ForgotPasswordForm
        titleId={titleId}
        textId={textId}
        initialEmail={initialEmail}
        onClose={onClose}
        onReset={onReset}
      />
    </Dialog>
  );
}

function ForgotPasswordForm({
  titleId,
  textId,
  initialEmail,
  onClose,
  onReset,
}: {
  titleId: string;
  textId: string;
  initialEmail: string;
  onClose: () => void;
  onReset: (email: string) => void;
}) {
  const [step, setStep] = useState<'email' | 'reset'>('email');
  const [email, setEmail] = useState(initialEmail);
  const [otp, setOtp] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | undefined>();
  const [sendOtp, { isLoading: sending }] = useSendOtpMutation();
  const [resetPassword, { isLoading: resetting }] = useResetPasswordMutation();
  const emailRef = useRef<HTMLInputElement>(null);
  const otpRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  // The field to type in next: the email first, the code once it has been sent.
  useEffect(() => {
    (step === 'email' ? emailRef : otpRef).current?.focus();
  }, [step]);

  function focusFirst(problems: FieldErrors) {
    if (problems.email) emailRef.current?.focus();
    else if (problems.otp) otpRef.current?.focus();
    else if (problems.password) passwordRef.current?.focus();
  }

  function showProblems(fields: FieldErrors, message?: string) {
    setErrors(fields);
    setFormError(message);
    focusFirst(fields);
  }

  async function sendCode(): Promise<boolean> {
    const address = email.trim();
    const result = await toastMutation(
      sendOtp({ user_email: address, email_channel: 'email' }).unwrap(),
      'resetOtp',
      { values: { email: address } },
    );
    if (!result.ok) {
      const { fields, message } = serverProblems(result.error, SERVER_FIELDS);
      showProblems(fields, message);
    }
    return result.ok;
  }

  async function handleSendCode() {
    if (sending) return;
    if (email.trim() === '') return showProblems({ email: 'Enter the email of your account' });
    if (!isEmail(email)) {
      return showProblems({ email: 'Enter an email address like name@example.com' });
    }
    showProblems({});
    if (await sendCode()) {
      setStep('reset');
    }
  }

  async function handleReset() {
    if (resetting) return;
    const problems: FieldErrors = {};
    if (otp === '') problems.otp = `Enter the ${RESET_CODE_LENGTH}-digit code we emailed you`;
    if (password === '') problems.password = 'Choose a new password';
    if (Object.keys(problems).length > 0) return showProblems(problems);
    showProblems({});
    const address = email.trim();
    const result = await toastMutation(
      resetPassword({ email: address, otp, password }).unwrap(),
      'resetPassword',
    );
    if (result.ok) {
      onReset(address);
      return;
    }
    const { fields, message } = serverProblems(result.error, SERVER_FIELDS);
    showProblems(fields, message);
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void (step === 'email' ? handleSendCode() : handleReset());
  }

  function changeEmail() {
    setStep('email');
    setOtp('');
    setPassword('');
    showProblems({});
  }

  return (
    <Box component="form" noValidate onSubmit={handleSubmit}>
      <DialogTitle id={titleId}>Forgot password</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>
          {step === 'email'
            ? `Enter the email address of your account and we will email you a ${RESET_CODE_LENGTH}-digit code.`
            : `Enter the ${RESET_CODE_LENGTH}-digit code we emailed to ${email.trim()} and choose a new password.`}
        </DialogContentText>
        <Stack spacing={2} sx={{ mt: 2 }}>
          {formError ? <Alert severity="error">{formError}</Alert> : null}
          <TextField
            inputRef={emailRef}
            label="Email address"
            type="email"
            name="email"
            // In step 2 this names the account the new password belongs to, for password managers.
            autoComplete={step === 'email' ? 'email' : 'username'}
            value={email}
            onChange={(event) => {
              setEmail(event.target.value);
              setErrors((e) => ({ ...e, email: undefined }));
            }}
            error={Boolean(errors.email)}
            helperText={errors.email}
            required
            slotProps={{
              htmlInput: {
                autoCapitalize: 'none',
                spellCheck: false,
                readOnly: step === 'reset',
              },
            }}
          />
          {step === 'reset' ? (
            <>
              <TextField
                inputRef={otpRef}
                label={`${RESET_CODE_LENGTH}-digit code`}
                name="otp"
                autoComplete="one-time-code"
                placeholder="000000"
                value={otp}
                onChange={(event) => {
                  setOtp(otpDigits(event.target.value).slice(0, RESET_CODE_LENGTH));
                  setErrors((e) => ({ ...e, otp: undefined }));
                }}
                error={Boolean(errors.otp)}
                helperText={errors.otp}
                required
                slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: RESET_CODE_LENGTH } }}
              />
              <PasswordField
                inputRef={passwordRef}
                label="New password"
                name="password"
                autoComplete="new-password"
                value={password}
                onChange={(event) => {
                  setPassword(event.target.value);
                  setErrors((e) => ({ ...e, password: undefined }));
                }}
                error={Boolean(errors.password)}
                helperText={errors.password}
                required
              />
              <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
                <Link
                  component="button"
                  type="button"
                  variant="body2"
                  onClick={() => void sendCode()}
                  disabled={sending}
                  sx={{ fontWeight: 600 }}
                >
                  Send the code again
                </Link>
                <Link
                  component="button"
                  type="button"
                  variant="body2"
                  onClick={changeEmail}
                  sx={{ fontWeight: 600 }}
                >
                  Use a different email
                </Link>
              </Stack>
            </>
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onClose} color="inherit">
          Cancel
        </Button>
        {step === 'email' ? (
          <Button type="submit" variant="contained" disabled={sending}>
            Send code
          </Button>
        ) : (
          <Button type="submit" variant="contained" disabled={resetting}>
            Reset password
          </Button>
        )}
      </DialogActions>
    </Box>
  );
}
