import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import { PASSWORD_RULES_HINT } from 'contract/messages';
import { GENDER_OPTIONS } from '../../lib/genders';
import { AFFILIATE_REF_PARAM, paths } from '../../lib/paths';
import { isEmail } from '../../lib/validation';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { toastMutation } from '../../lib/toasts';
import { useRegisterMutation } from '../../services/usersApi';
import {
  AppForm,
  EmailField,
  FormAlert,
  FormTextField,
  PasswordField,
  PhoneField,
  serverProblems,
  useAppForm,
} from '../../components/form';
import AuthCard from './AuthCard';
import EmailVerificationModal, { type CodeSentTo } from './EmailVerificationModal';
import {
  buildRegistration,
  emptyRegisterForm,
  normalizeAffiliateCode,
  normalizeGender,
  normalizeMobileNumber,
  validateRegisterForm,
  type RegisterField,
  type RegisterFormValues,
} from './registration';
import type { LoginLocationState } from './loginState';
import RouterLink from '../../components/RouterLink';

/** The server names the record's fields as the form does (docs/product.md#data). */
const SERVER_FIELDS: Readonly<Record<string, RegisterField>> = Object.fromEntries(
  Object.keys(emptyRegisterForm()).map((field) => [field, field as RegisterField]),
);

/** Sign-up (docs/product.md#log-in-and-sign-up): the registration record, then the Email verification modal. */
export default function RegisterPage() {
  useDocumentTitle('Sign up');
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const form = useAppForm<RegisterFormValues>({
    defaultValues: emptyRegisterForm(searchParams.get(AFFILIATE_REF_PARAM) ?? ''),
    rules: validateRegisterForm,
  });
  const { getValues, trigger } = form;
  const [verification, setVerification] = useState<{
    open: boolean;
    email: string;
    /** Set when the dialog opens straight after sign-up, whose code has just been emailed. */
    codeSentTo?: CodeSentTo;
  }>({ open: false, email: '' });
  const [register, { isLoading }] = useRegisterMutation();

  async function handleSubmit(values: RegisterFormValues) {
    if (isLoading) return;
    const record = buildRegistration(values);
    const result = await toastMutation(register(record).unwrap(), 'signUp');
    if (result.ok) {
      setVerification({
        open: true,
        email: record.email,
        codeSentTo: { email: record.email, mobile: record.mobile_number },
      });
    } else form.showProblems(serverProblems(result.error, SERVER_FIELDS));
  }

  function openActivation() {
    const email = getValues('email');
    setVerification({ open: true, email: isEmail(email) ? email.trim() : '' });
  }

  function handleActivated(email: string) {
    setVerification({ open: false, email });
    const state: LoginLocationState = { email };
    void navigate(paths.login, { state });
  }

  return (
    <AuthCard
      title="Create your account"
      intro="Sign up to shop groceries and everyday goods across Ibadan."
    >
      <AppForm form={form} onSubmit={handleSubmit} aria-label="Sign up">
        <Stack spacing={2.5}>
          <FormAlert message={form.formError} />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2.5}>
            <FormTextField<RegisterFormValues>
              name="first_name"
              label="First name"
              autoComplete="given-name"
              required
            />
            <FormTextField<RegisterFormValues>
              name="last_name"
              label="Surname"
              autoComplete="family-name"
              required
            />
          </Stack>
          <EmailField<RegisterFormValues> required />
          <PhoneField<RegisterFormValues> normalize={normalizeMobileNumber} required />
          <FormTextField<RegisterFormValues>
            name="gender"
            select
            label="Gender"
            normalize={normalizeGender}
            slotProps={{ select: { native: true } }}
          >
            {GENDER_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </FormTextField>
          <FormTextField<RegisterFormValues>
            name="affiliate_code"
            label="Affiliate code (optional)"
            placeholder="You can proceed without an affiliate code"
            autoComplete="off"
            normalize={normalizeAffiliateCode}
            htmlInput={{ autoCapitalize: 'none', spellCheck: false }}
            slotProps={{
              input: {
                endAdornment: (
                  <InputAdornment position="end">
                    <Tooltip title="This field is optional" enterTouchDelay={0}>
                      <IconButton edge="end" size="small">
                        <InfoOutlined fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  </InputAdornment>
                ),
              },
            }}
          />
          <PasswordField<RegisterFormValues>
            autoComplete="new-password"
            hint={PASSWORD_RULES_HINT}
            required
            slotProps={{
              htmlInput: {
                // A mismatch shows as soon as the first password changes after the second was typed.
                onBlur: () => {
                  if (getValues('cpassword') !== '') void trigger('cpassword');
                },
              },
            }}
          />
          <PasswordField<RegisterFormValues>
            name="cpassword"
            label="Confirm password"
            autoComplete="new-password"
            required
          />
          <Typography variant="body2" color="text.secondary">
            By signing up you agree to our{' '}
            <Link component={RouterLink} to={paths.policies}>
              terms of service and privacy policy
            </Link>
            .
          </Typography>
          <Button type="submit" variant="contained" size="large" fullWidth disabled={isLoading}>
            Sign up
          </Button>
          <Typography variant="body2" sx={{ textAlign: 'center' }}>
            Already have an account?{' '}
            <Link component={RouterLink} to={paths.login} sx={{ fontWeight: 600 }}>
              Login
            </Link>{' '}
            or{' '}
            <Link
              component="button"
              type="button"
              variant="body2"
              onClick={openActivation}
              sx={{ fontWeight: 600, verticalAlign: 'baseline' }}
            >
              Activate account
            </Link>
          </Typography>
          <Typography variant="body2" sx={{ textAlign: 'center' }}>
            <Link component={RouterLink} to={paths.root}>
              Back to home
            </Link>
          </Typography>
        </Stack>
      </AppForm>
      <EmailVerificationModal
        open={verification.open}
        initialEmail={verification.email}
        codeSentTo={verification.codeSentTo}
        onClose={() => setVerification((v) => ({ ...v, open: false }))}
        onActivated={handleActivated}
      />
    </AuthCard>
  );
}
