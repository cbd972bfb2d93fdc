import { useEffect } from 'react';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { toastMutation } from '../../lib/toasts';
import { useResetPasswordMutation, useSendOtpMutation } from '../../services/usersApi';
import {
  DialogForm,
  EmailField,
  FormDialog,
  OtpField,
  PasswordField,
  ResendCode,
  serverProblems,
  useAppForm,
  useResendCountdown,
} from '../../components/form';
import { PASSWORD_RULES_HINT } from 'contract/messages';
import { isEmail } from '../../lib/validation';

interface ResetValues {
  /** Step 1 asks for the email; step 2 ('reset') for the code and a new password. */
  step: 'email' | 'reset';
  email: string;
  otp: string;
  password: string;
}
type Field = Exclude<keyof ResetValues, 'step'>;

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
  return (
    <FormDialog open={open} onClose={onClose}>
      <ForgotPasswordForm initialEmail={initialEmail} onClose={onClose} onReset={onReset} />
    </FormDialog>
  );
}

/** Each step checks only the fields it shows. */
function resetRules({ step, email, otp, password }: ResetValues) {
  if (step === 'email') {
    if (email.trim() === '') return { email: 'Enter the email of your account' };
    if (!isEmail(email)) return { email: 'Enter an email address like name@example.com' };
    return {};
  }
  return {
    otp: otp === '' ? `Enter the ${RESET_CODE_LENGTH}-digit code we emailed you` : undefined,
    password: password === '' ? 'Choose a new password' : undefined,
  };
}

function ForgotPasswordForm({
  initialEmail,
  onClose,
  onReset,
}: {
  initialEmail: string;
  onClose: () => void;
  onReset: (email: string) => void;
}) {
  const form = useAppForm<ResetValues>({
    defaultValues: { step: 'email', email: initialEmail, otp: '', password: '' },
    rules: resetRules,
    mode: 'onSubmit',
  });
  const { focusFirst, setValue, clearErrors, getValues } = form;
  const step = form.watch('step');
  const email = form.watch('email');
  const [sendOtp, { isLoading: sending }] = useSendOtpMutation();
  const [resetPassword, { isLoading: resetting }] = useResetPasswordMutation();
  const countdown = useResendCountdown(false);

  // The field to type in next: the email first, the code once it has been sent.
  useEffect(() => {
    focusFirst([step === 'email' ? 'email' : 'otp']);
  }, [step, focusFirst]);

  async function sendCode(): Promise<boolean> {
    const address = getValues('email').trim();
    const result = await toastMutation(
      sendOtp({ user_email: address, email_channel: 'email' }).unwrap(),
      'resetOtp',
      { values: { email: address } },
    );
    if (result.ok) countdown.start(result.data.resend_after_seconds);
    else form.showProblems(serverProblems(result.error, SERVER_FIELDS));
    return result.ok;
  }

  async function sendCodeAgain() {
    clearErrors();
    await sendCode();
  }

  async function handleSubmit(values: ResetValues) {
    if (values.step === 'email') {
      if (sending) return;
      if (await sendCode()) setValue('step', 'reset');
      return;
    }
    if (resetting) return;
    const address = values.email.trim();
    const result = await toastMutation(
      resetPassword({ email: address, otp: values.otp, password: values.password }).unwrap(),
      'resetPassword',
    );
    if (result.ok) onReset(address);
    else form.showProblems(serverProblems(result.error, SERVER_FIELDS));
  }

  function changeEmail() {
    setValue('step', 'email');
    setValue('otp', '');
    setValue('password', '');
    clearErrors();
  }

  return (
    <DialogForm
      form={form}
      onSubmit={handleSubmit}
      title="Forgot password"
      description={
        step === 'email'
          ? `Enter the email address of your account and we will email you a ${RESET_CODE_LENGTH}-digit code.`
          : `Enter the ${RESET_CODE_LENGTH}-digit code we emailed to ${email.trim()} and choose a new password.`
      }
      onCancel={onClose}
      submit={
        step === 'email' ? (
          <Button type="submit" variant="contained" disabled={sending}>
            Send code
          </Button>
        ) : (
          <Button type="submit" variant="contained" disabled={resetting}>
            Reset password
          </Button>
        )
      }
    >
      <EmailField<ResetValues>
        // In step 2 this names the account the new password belongs to, for password managers.
        autoComplete={step === 'email' ? 'email' : 'username'}
        required
        htmlInput={{ readOnly: step === 'reset' }}
      />
      {step === 'reset' ? (
        <>
          <OtpField<ResetValues>
            label={`${RESET_CODE_LENGTH}-digit code`}
            length={RESET_CODE_LENGTH}
            required
          />
          <PasswordField<ResetValues>
            label="New password"
            autoComplete="new-password"
            hint={PASSWORD_RULES_HINT}
            required
          />
          <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <ResendCode
              label="Send the code again"
              onResend={() => void sendCodeAgain()}
              sending={sending}
              secondsLeft={countdown.secondsLeft}
            />
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
    </DialogForm>
  );
}
